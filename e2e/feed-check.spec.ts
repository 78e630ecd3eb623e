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

  /**
   * Shrinks the current image's headline until the chat's check says it fails on a phone; the last check's answer.
   * The layout follows the image's random seed: at 0.75 a round, some seeds' headlines still read after four rounds,
   * none after five (0.25 of the first size, the least an edit allows).
   */
  async function shrinkUntilItFails(page: Page): Promise<string> {
    for (let round = 0; round < 5; round++) {
      await say(page, "make the headline smaller");
      await page.locator('[data-testid="tool-card"][data-tool="tool-editImage"]').nth(round).waitFor({ timeout: 60_000 });
      await lastAnswer(page);
      await say(page, "will this read on mobile?");
      await page.locator('[data-testid="tool-card"][data-tool="tool-checkImage"][data-state="output-available"]').nth(round).waitFor({ timeout: 60_000 });
      const answer = await lastAnswer(page);
      if (answer.includes("does not read at")) return answer;
    }
    throw new Error("the headline still reads on phones after five rounds of \"make the headline smaller\"");
  }

  it("puts a verdict on a new image's card, checks it from the chat for free, and applies a fix from the panel", async () => {
    const page = await context.newPage();
    await signInWithCode(page, app.baseUrl, "checker@example.com");
    await composer(page).waitFor();
    const first = await makeChatImage(page, "make a cartoon thumbnail for 'I tried 100 days of coding'");

    // The card's compact verdict on a new image: a Studio headline this short reads on phones.
    const firstVerdict = page.locator(`[data-testid="chat-image"][data-image-id="${first}"] [data-testid="feed-check-verdict"][data-status="success"]`);
    await firstVerdict.waitFor({ timeout: 30_000 });
    expect(await firstVerdict.getByTestId("feed-check-verdict-text").textContent()).toBe("Reads on phones ✓");

    // Shrunk until it fails: the check from the chat costs nothing and says what fails and the fix.
    const before = await credits(page);
    const answer = await shrinkUntilItFails(page);
    expect(answer).toContain("The check itself is free.");
    expect(answer).toContain("Fixes:");
    expect(await credits(page)).toBe(before);

    // The full panel from the newest card: every size in both looks, how it was read, the findings.
    const card = page.getByTestId("chat-image").last();
    const small = await card.getAttribute("data-image-id");
    await expect.poll(async () => (await card.getByTestId("feed-check-verdict-text").textContent()) ?? "", { timeout: 30_000 }).toMatch(/168×94/);
    await card.getByRole("button", { name: "See the full check" }).click();
    const dialog = page.getByRole("dialog", { name: "Feed check" });
    await dialog.locator('[data-testid="feed-check-panel"][data-status="done"]').waitFor({ timeout: 30_000 });
    expect(await dialog.getByTestId("feed-check-cell").count()).toBe(12);
    expect(await dialog.getByTestId("feed-check-method").textContent()).toBe("Read by OCR");
    expect(await axeViolations(page)).toEqual([]);

    // "Bigger headline" is an edit: a new image appears in the chat, free (only the headline changes), and reads.
    const shown = await page.getByTestId("chat-image").count();
    await dialog.getByRole("button", { name: "Bigger headline" }).click();
    const fixed = page.getByTestId("chat-image").nth(shown);
    await fixed.waitFor({ timeout: 60_000 });
    const fixedId = await fixed.getAttribute("data-image-id");
    expect(fixedId).not.toBe(small);
    await page.keyboard.press("Escape");
    const fixedVerdict = page.locator(`[data-testid="chat-image"][data-image-id="${fixedId}"] [data-testid="feed-check-verdict"][data-status="success"]`);
    await fixedVerdict.waitFor({ timeout: 60_000 });
    expect(await fixedVerdict.getByTestId("feed-check-verdict-text").textContent()).toBe("Reads on phones ✓");
    expect(await credits(page)).toBe(before);
  });

  it("applies the check's fix when told \"fix it\" after a check, through the chat's edit", async () => {
    const own = await newContext(browser);
    const page = await own.newPage();
    await signInWithCode(page, app.baseUrl, "fixer@example.com");
    await composer(page).waitFor();
    await makeChatImage(page, "make a realistic thumbnail for 'budget phone review'");
    await shrinkUntilItFails(page);
    const idsOf = async () => page.getByTestId("chat-image").evaluateAll((cards) => cards.map((card) => card.getAttribute("data-image-id")));
    // One edit at most doubles the headline, so a headline shrunk four or five times (some seeds' headlines read until
    // then) needs "fix it" twice: each time one new image with a bigger headline and its own verdict, until it reads.
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) {
        // Checked again, as a creator would, so "fix it" applies the newest check's fix.
        const checks = page.locator('[data-testid="tool-card"][data-tool="tool-checkImage"][data-state="output-available"]');
        const done = await checks.count();
        await say(page, "will this read on mobile?");
        await checks.nth(done).waitFor({ timeout: 60_000 });
        await lastAnswer(page);
      }
      const before = new Set(await idsOf());
      const edits = await page.locator('[data-testid="tool-card"][data-tool="tool-editImage"]').count();
      await say(page, "fix it");
      await page.locator('[data-testid="tool-card"][data-tool="tool-editImage"]').nth(edits).waitFor({ timeout: 60_000 });
      expect(await lastAnswer(page)).toMatch(/bigger|larger/i);
      const made = (await idsOf()).filter((id) => !before.has(id));
      expect(made).toHaveLength(1);
      const verdict = page.locator(`[data-testid="chat-image"][data-image-id="${made[0]}"] [data-testid="feed-check-verdict"][data-status="success"]`);
      await verdict.waitFor({ timeout: 60_000 });
      const said = await verdict.getByTestId("feed-check-verdict-text").textContent();
      if (said === "Reads on phones ✓") break;
      expect(said, "still unread after two fixes").toMatch(/^The words don't read at/);
      expect(attempt).toBeLessThan(1);
    }
    await own.close();
  });
});
