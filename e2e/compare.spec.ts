import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CompareStandIns, startCompareStandIns } from "../server/testing/compare-stand-ins.ts";
import { axeViolations, closeAppAndBrowser, makeChatImage, newContext, openAppAndBrowser, type RunningApp, signInWithCode } from "./harness.ts";

// Compare models side by side (docs/product/compare.md) against the local provider stand-ins: FLUX.1 Kontext (pro 4,
// max 8 credits) slow until released, Gemini (flash 4, pro 8) failing; the Studio (1 credit) draws on this machine.
let app: RunningApp;
let browser: Browser;
let standIns: CompareStandIns;
const SET_PRICE = 1 + 4 + 8 + 4 + 8;

beforeAll(async () => {
  standIns = await startCompareStandIns();
  // A job slot per model: a slow provider holds its slot while it waits (docs/product/compare.md, Limits).
  ({ app, browser } = await openAppAndBrowser({ ...standIns.env, JOB_CONCURRENCY: "6", FREE_SIGNUP_CREDITS: "200" }));
});
afterAll(async () => {
  await closeAppAndBrowser({ app, browser });
  await standIns?.close();
});

/** The number on the credits badge (it shows the bare number on phones and "N credits" on wider screens). */
async function badgeCredits(page: Page): Promise<number> {
  return Number(await page.getByTestId("credits-badge").locator('span[aria-hidden="true"]').textContent());
}
const tile = (page: Page, model: string) => page.locator(`[data-testid="comparison-tile"][data-model="${model}"]`).last();

describe("compare models side by side", () => {
  it("tries the chat's image on every model: one approval, the grid fills as each finishes, failures refunded, the winner becomes current", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInWithCode(page, app.baseUrl, "comparer@example.com");
    await page.locator('[data-testid="live-status"][data-connected="true"]').waitFor();
    const sourceId = await makeChatImage(page, "make a thumbnail of a castle at night 'NIGHT RAID'");
    const before = await badgeCredits(page);

    // Compare on the image's card sends "Try this on every model"; the whole set waits for one approval.
    await page.locator(`[data-testid="chat-image"][data-image-id="${sourceId}"]`).getByTestId("compare-image").click();
    const approval = page.getByTestId("approval-card").last();
    await approval.getByTestId("approval-approve").waitFor({ timeout: 30_000 });
    expect(await approval.getByTestId("approval-cost").textContent()).toBe(`${SET_PRICE} credits`);
    expect(await approval.textContent()).toContain("FLUX.1 Kontext [pro]");
    await approval.getByRole("button", { name: "Approve" }).click();

    const grid = page.getByTestId("comparison-grid").last();
    await grid.waitFor({ timeout: 30_000 });
    expect(await grid.getByTestId("comparison-model").allTextContents()).toEqual(["Thumbforge Studio", "FLUX.1 Kontext [pro]", "FLUX.1 Kontext [max]", "Gemini Flash Image", "Gemini Pro Image"]);
    // The Studio and the failing provider finish while FLUX is still working.
    await tile(page, "studio").and(page.locator('[data-status="ready"]')).waitFor({ timeout: 60_000 });
    await tile(page, "gemini-flash-image").and(page.locator('[data-status="failed"]')).waitFor({ timeout: 60_000 });
    await tile(page, "gemini-pro-image").and(page.locator('[data-status="failed"]')).waitFor({ timeout: 60_000 });
    expect(["pending", "running"]).toContain(await tile(page, "flux-kontext-pro").getAttribute("data-status"));
    expect(await tile(page, "gemini-flash-image").getByTestId("comparison-cost").textContent()).toBe("4 credits refunded");
    expect(await tile(page, "gemini-pro-image").getByTestId("comparison-cost").textContent()).toBe("8 credits refunded");
    expect(await tile(page, "studio").getByTestId("comparison-time").textContent()).toMatch(/^\d+(\.\d)? s$|^\d+ min \d+ s$/);
    await tile(page, "studio").getByTestId("feed-check-verdict").waitFor();

    standIns.releaseSlow();
    await tile(page, "flux-kontext-pro").and(page.locator('[data-status="ready"]')).waitFor({ timeout: 60_000 });
    await tile(page, "flux-kontext-max").and(page.locator('[data-status="ready"]')).waitFor({ timeout: 60_000 });
    // Charged for the set, refunded for the two failures.
    await page.waitForFunction((expected) => document.querySelector('[data-testid="credits-badge"] span[aria-hidden="true"]')?.textContent === String(expected), before - SET_PRICE + 12);
    expect(await axeViolations(page)).toEqual([]);

    // The winner: said in the thread, and the next edit changes it.
    const winnerId = await tile(page, "flux-kontext-pro").getByRole("img").getAttribute("src").then((src) => src?.split("/")[3] ?? "");
    await tile(page, "flux-kontext-pro").getByTestId("comparison-pick").click();
    await tile(page, "flux-kontext-pro").and(page.locator('[data-winner="true"]')).waitFor();
    await page.getByText("You picked FLUX.1 Kontext [pro]'s image as the winner.", { exact: false }).waitFor({ timeout: 30_000 });
    await page.locator(`[data-tool="tool-pickImage"] [data-testid="chat-image"][data-image-id="${winnerId}"]`).waitFor();

    const editedId = await makeChatImage(page, "make the headline yellow");
    const edited = (await (await page.request.get(`${app.baseUrl}/api/images/${editedId}`)).json()) as { image: { parentId: string | null } };
    expect(edited.image.parentId).toBe(winnerId);

    // The gallery's Comparisons tab holds it, its winner marked.
    await page.goto(`${app.baseUrl}/app/gallery?view=comparisons`);
    const saved = page.getByTestId("comparison").first();
    await saved.waitFor({ timeout: 30_000 });
    expect(await saved.locator('[data-testid="comparison-tile"][data-winner="true"]').getAttribute("data-model")).toBe("flux-kontext-pro");
    expect(await saved.getByTestId("comparison-tile").count()).toBe(5);
    await context.close();
  });

  it("starts a comparison from an image in the gallery, after saying what the set costs", async () => {
    const context = await newContext(browser, { width: 375, height: 800 });
    const page = await context.newPage();
    await signInWithCode(page, app.baseUrl, "gallery-comparer@example.com");
    await page.locator('[data-testid="live-status"][data-connected="true"]').waitFor();
    await makeChatImage(page, "make a thumbnail of a surfing dog 'HANG TEN'");
    const before = await badgeCredits(page);

    await page.goto(`${app.baseUrl}/app/gallery`);
    await page.getByTestId("gallery-tile").first().getByRole("button").first().click();
    await page.getByTestId("image-viewer").getByTestId("compare-image").click();
    const dialog = page.getByRole("alertdialog");
    expect(await dialog.textContent()).toContain(`${SET_PRICE} credits`);
    await dialog.getByRole("button", { name: `Compare for ${SET_PRICE} credits` }).click();

    const saved = page.getByTestId("comparison").first();
    await saved.waitFor({ timeout: 30_000 });
    expect(page.url()).toContain("view=comparisons");
    expect(await saved.locator("h2").textContent()).toContain("surfing dog");
    await saved.locator('[data-testid="comparison-tile"][data-model="studio"][data-status="ready"]').waitFor({ timeout: 60_000 });
    await saved.locator('[data-testid="comparison-tile"][data-model="flux-kontext-max"][data-status="ready"]').waitFor({ timeout: 60_000 });
    await saved.locator('[data-testid="comparison-tile"][data-model="gemini-pro-image"][data-status="failed"]').waitFor({ timeout: 60_000 });
    await page.waitForFunction((expected) => document.querySelector('[data-testid="credits-badge"] span[aria-hidden="true"]')?.textContent === String(expected), before - SET_PRICE + 12);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
