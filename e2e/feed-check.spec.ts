import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, closeAppAndBrowser, makeChatImage, newContext, openAppAndBrowser, type RunningApp, signInWithCode } from "./harness.ts";

let app: RunningApp;
let browser: Browser;

beforeAll(async () => ({ app, browser } = await openAppAndBrowser()));
afterAll(() => closeAppAndBrowser({ app, browser }));

const composer = (page: Page) => page.locator('[data-testid="composer"] textarea');

/** The badge's bare number (it also says "N credits" on wider screens). */
async function credits(page: Page): Promise<number> {
  return Number(await page.getByTestId("credits-badge").locator('span[aria-hidden="true"]').textContent());
}

async function say(page: Page, text: string): Promise<void> {
  await page.getByTestId("composer").getByRole("button", { name: "Send" }).waitFor();
  await composer(page).fill(text);
  await composer(page).press("Enter");
}

/** The newest answer's text once it has finished streaming (Send is back). */
async function lastAnswer(page: Page): Promise<string> {
  await page.getByTestId("composer").getByRole("button", { name: "Send" }).waitFor({ timeout: 60_000 });
  return (await page.locator('[data-testid="message"][data-role="assistant"]').last().textContent()) ?? "";
}

describe("the feed check in the browser", () => {
  let context: BrowserContext;

  beforeAll(async () => {
    context = await newContext(browser);
  });
  afterAll(async () => {
    await context.close();
  });

  it("puts a verdict on a new image's card, checks it from the chat for free, and applies a fix as an edit", async () => {
    const page = await context.newPage();
    await signInWithCode(page, app.baseUrl, "checker@example.com");
    await composer(page).waitFor();
    const imageId = await makeChatImage(page, "make a cartoon thumbnail for 'I tried 100 days of coding and it broke my brain completely'");

    // The card's compact verdict: "Reads on phones ✓", or what fails on a phone.
    const card = page.locator(`[data-testid="chat-image"][data-image-id="${imageId}"]`);
    const verdict = card.locator('[data-testid="feed-check-verdict"][data-status="success"]');
    await verdict.waitFor({ timeout: 30_000 });
    const readsOnPhones = (await verdict.getAttribute("data-reads-on-phones")) === "true";
    const line = (await verdict.getByTestId("feed-check-verdict-text").textContent()) ?? "";
    if (readsOnPhones) expect(line).toBe("Reads on phones ✓");
    else expect(line).toMatch(/\d+×\d+|too small|contrast|badge|misread|title|text/i);

    // The check from the chat costs nothing and answers with what reads and what fails.
    const before = await credits(page);
    await say(page, "will this read on mobile?");
    await page.locator('[data-testid="tool-card"][data-tool="tool-checkImage"][data-state="output-available"]').waitFor({ timeout: 60_000 });
    const answer = await lastAnswer(page);
    expect(answer).toMatch(/reads at|does not read at/);
    expect(answer).toContain("The check itself is free.");
    expect(await credits(page)).toBe(before);

    // The full panel from the card: every size in both looks, how it was read, the findings.
    await card.getByRole("button", { name: "See the full check" }).click();
    const dialog = page.getByRole("dialog", { name: "Feed check" });
    const panel = dialog.locator('[data-testid="feed-check-panel"][data-status="done"]');
    await panel.waitFor({ timeout: 30_000 });
    expect(await dialog.getByTestId("feed-check-cell").count()).toBeGreaterThanOrEqual(2);
    expect(await dialog.getByTestId("feed-check-method").textContent()).toMatch(/^(Read by OCR|Measured from the scene)$/);
    expect(await axeViolations(page)).toEqual([]);

    const fixes = dialog.getByTestId("feed-check-fix");
    if ((await fixes.count()) === 0) {
      // Nothing to fix: the panel says so, and "fix it" has nothing of the check's to apply.
      expect(await dialog.getByTestId("feed-check-clean").count()).toBe(1);
      return;
    }
    const shown = await page.getByTestId("chat-image").count();
    await fixes.first().click();
    // A fix is an edit: a new image appears in the chat (or the fix would change nothing, and says so).
    const outcome = await Promise.race([
      page.getByTestId("chat-image").nth(shown).waitFor({ timeout: 60_000 }).then(() => "image" as const),
      dialog.getByText("Nothing to change", { exact: false }).waitFor({ timeout: 60_000 }).then(() => "no-change" as const),
    ]);
    if (outcome === "image") {
      const fixed = page.getByTestId("chat-image").nth(shown);
      await page.locator(`[data-testid="chat-image"][data-status="ready"][data-image-id="${await fixed.getAttribute("data-image-id")}"]`).waitFor({ timeout: 60_000 });
      expect(await credits(page)).toBeLessThan(before);
    } else expect(await credits(page)).toBe(before);
  });

  it("applies the check's first fix when told \"fix it\" after a check, through the chat's edit", async () => {
    const page = await context.newPage();
    await signInWithCode(page, app.baseUrl, "fixer@example.com");
    await composer(page).waitFor();
    await makeChatImage(page, "make a realistic thumbnail for 'my whole honest review of every single budget phone this year'");
    await say(page, "check it");
    await page.locator('[data-testid="tool-card"][data-tool="tool-checkImage"][data-state="output-available"]').waitFor({ timeout: 60_000 });
    const answer = await lastAnswer(page);
    if (!answer.includes("Fixes:")) {
      expect(answer).toContain("reads at every feed size");
      return;
    }
    await say(page, "fix it");
    await page.locator('[data-testid="tool-card"][data-tool="tool-editImage"]').last().waitFor({ timeout: 60_000 });
    await lastAnswer(page);
    expect(await page.locator('[data-testid="tool-card"][data-tool="tool-editImage"]').count()).toBe(1);
  });
});
