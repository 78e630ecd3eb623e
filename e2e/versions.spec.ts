import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, closeAppAndBrowser, makeChatImage, newContext, openAppAndBrowser, type RunningApp, signInWithCode } from "./harness.ts";

let app: RunningApp;
let browser: Browser;

beforeAll(async () => ({ app, browser } = await openAppAndBrowser()));
afterAll(() => closeAppAndBrowser({ app, browser }));

const badgeNumber = (page: Page) => page.getByTestId("credits-badge").locator('span[aria-hidden="true"]');

async function waitForBalance(page: Page, expected: number): Promise<void> {
  await page.waitForFunction((n) => document.querySelector('[data-testid="credits-badge"] span[aria-hidden="true"]')?.textContent === String(n), expected);
}

describe("versions in the chat", () => {
  it("shows a card's versions, undoes for free, and compares two under a slider", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInWithCode(page, app.baseUrl, "versions@example.com");
    const first = await makeChatImage(page, "make a realistic thumbnail for 'I tried 100 days of coding'");
    const second = await makeChatImage(page, "bigger headline");
    const third = await makeChatImage(page, "make the headline yellow");
    expect(new Set([first, second, third]).size).toBe(3);

    // The newest card shows all three versions, itself marked.
    const newest = page.locator(`[data-testid="chat-image"][data-image-id="${third}"]`);
    const thumbs = newest.getByTestId("version-thumb");
    await thumbs.nth(2).waitFor();
    expect(await thumbs.count()).toBe(3);
    expect(await thumbs.evaluateAll((buttons) => buttons.map((b) => [b.getAttribute("data-image-id"), b.getAttribute("aria-pressed")]))).toEqual([
      [first, "false"],
      [second, "false"],
      [third, "true"],
    ]);

    // "Undo that" makes the second version current, and costs nothing.
    const balance = Number(await badgeNumber(page).textContent());
    await page.locator('[data-testid="composer"] textarea').fill("undo that");
    await page.locator('[data-testid="composer"] textarea').press("Enter");
    const pick = page.locator('[data-tool="tool-pickImage"][data-state="output-available"]');
    await pick.waitFor({ timeout: 30_000 });
    expect(await pick.getByTestId("pick-outcome").textContent()).toBe("Back to version 2 of 3");
    expect(await pick.getByTestId("chat-image").getAttribute("data-image-id")).toBe(second);
    await page.getByTestId("composer").getByRole("button", { name: "Send" }).waitFor();
    await waitForBalance(page, balance);
    const versions = (await (await page.request.get(`${app.baseUrl}/api/images/${second}/versions`)).json()) as { versions: { id: string }[] };
    expect(versions.versions.map((v) => v.id)).toEqual([first, second, third]);

    // Compare: two versions over each other, wiped with the keyboard.
    await newest.getByTestId("compare-versions").click();
    const dialog = page.getByRole("dialog", { name: "Compare versions" });
    await dialog.waitFor();
    const before = dialog.getByTestId("compare-before");
    const after = dialog.getByTestId("compare-after");
    expect(await before.getAttribute("src")).toContain(second);
    expect(await after.getAttribute("src")).toContain(third);
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('[data-testid="compare-slider"] img')].every((img) => img.complete && img.naturalWidth > 0),
    );
    await dialog.getByRole("slider").focus();
    await page.keyboard.press("End");
    expect(await before.evaluate((img) => img.style.clipPath)).toBe("inset(0px 0% 0px 0px)");
    await dialog.getByRole("group", { name: "Left" }).getByRole("button", { name: "v1" }).click();
    expect(await before.getAttribute("src")).toContain(first);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await context.close();
  });
});
