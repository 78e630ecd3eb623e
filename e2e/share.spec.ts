import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, closeAppAndBrowser, newContext, openAppAndBrowser, type RunningApp, signInWithCode } from "./harness.ts";

let app: RunningApp;
let browser: Browser;

beforeAll(async () => ({ app, browser } = await openAppAndBrowser()));
afterAll(() => closeAppAndBrowser({ app, browser }));

const composer = (page: Page) => page.locator('[data-testid="composer"] textarea');
const packCard = (page: Page) => page.locator('[data-testid="tool-card"][data-tool="tool-generatePack"]');

/** Asks for a pack in the chat and waits for its three variants. */
async function askForPack(page: Page): Promise<void> {
  await composer(page).waitFor();
  await page.locator('[data-testid="live-status"][data-connected="true"]').waitFor();
  await composer(page).fill("give me three versions of 'My garden in one year'");
  await composer(page).press("Enter");
  await packCard(page).locator('[data-testid="pack-variant"] [data-testid="chat-image"][data-status="ready"]').nth(2).waitFor({ timeout: 60_000 });
}

describe("sharing a pack for feedback", () => {
  it("makes a link from the pack card; a signed-out visitor sees the pack in their language, votes once per browser; the owner sees it live; revoking ends the page and its images", async () => {
    const ownerContext = await newContext(browser);
    const owner = await ownerContext.newPage();
    await signInWithCode(owner, app.baseUrl, "share.owner@example.com");
    await askForPack(owner);

    await packCard(owner).getByRole("button", { name: "Share for feedback" }).click();
    const dialog = owner.getByRole("dialog");
    await dialog.getByLabel("Link works").selectOption("7d");
    await dialog.getByRole("button", { name: "Create link" }).click();
    const url = await dialog.getByTestId("share-url").inputValue();
    expect(url).toMatch(new RegExp(`^${app.baseUrl}/s/[A-Za-z0-9_-]{43}$`));
    await expect.poll(() => dialog.getByTestId("share-link").count()).toBe(1);

    // A visitor without an account, whose browser speaks German.
    const visitorContext = await newContext(browser, { width: 375, height: 900, locale: "de-DE" });
    const visitor = await visitorContext.newPage();
    const answer = await visitor.goto(url);
    expect(answer?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    expect(await visitor.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, nofollow");
    expect(await visitor.locator('meta[property="og:image"]').getAttribute("content")).toMatch(/\/s\/[A-Za-z0-9_-]{43}\/images\/[0-9a-f-]{36}\/original$/);
    await visitor.getByRole("heading", { name: "Welches Thumbnail würdest du anklicken?" }).waitFor();
    await expect.poll(() => visitor.getByTestId("share-choice").count()).toBe(3);
    await visitor.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('[data-testid="share-image"]')].every((img) => img.complete && img.naturalWidth > 0));
    await visitor.getByTestId("share-feed").waitFor();
    const html = await visitor.content();
    expect(html).not.toContain("share.owner@example.com");
    expect(html).not.toContain("My garden");

    // Votes B, then changes to C: one vote per browser, changed in place.
    await visitor.getByTestId("share-vote-B").click();
    await visitor.getByTestId("share-thanks").getByText("Du hast für B gestimmt", { exact: false }).waitFor();
    await dialog.getByTestId("share-tally-B").getByText("(page 1 · Discord 0)").waitFor();
    await visitor.getByTestId("share-vote-C").click();
    await visitor.getByTestId("share-thanks").getByText("Du hast für C gestimmt", { exact: false }).waitFor();
    await dialog.getByTestId("share-tally-C").getByText("(page 1 · Discord 0)").waitFor();
    await dialog.getByTestId("share-tally-B").getByText("(page 0 · Discord 0)").waitFor();
    expect(await dialog.getByText("1 vote", { exact: true }).count()).toBe(1);
    // The vote is remembered across a reload.
    await visitor.reload();
    expect(await visitor.getByTestId("share-vote-C").getAttribute("aria-pressed")).toBe("true");
    expect(await axeViolations(visitor)).toEqual([]);

    const imageUrl = await visitor.getByTestId("share-image").first().getAttribute("src");
    expect((await visitorContext.request.get(`${app.baseUrl}${imageUrl}`)).status()).toBe(200);

    await dialog.getByRole("button", { name: "Revoke" }).click();
    await dialog.locator('[data-testid="share-link"][data-status="revoked"]').waitFor();
    expect((await visitorContext.request.get(`${app.baseUrl}${imageUrl}`)).status()).toBe(404);
    const gone = await visitor.goto(url);
    expect(gone?.status()).toBe(404);
    await visitor.getByTestId("share-gone").getByRole("heading", { name: "Dieser Link ist nicht mehr verfügbar" }).waitFor();
    await ownerContext.close();
    await visitorContext.close();
  });
});
