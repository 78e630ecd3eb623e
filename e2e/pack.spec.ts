import { readFile } from "node:fs/promises";
import { unzipSync } from "fflate";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, closeAppAndBrowser, newContext, openAppAndBrowser, type RunningApp, signInWithCode } from "./harness.ts";

let app: RunningApp;
let browser: Browser;

beforeAll(async () => ({ app, browser } = await openAppAndBrowser()));
afterAll(() => closeAppAndBrowser({ app, browser }));

// By test id: the label is in the page's language.
const composer = (page: Page) => page.locator('[data-testid="composer"] textarea');
const PROMPT = "give me three versions of 'I tried 100 days of coding'";

async function signIn(page: Page, email: string): Promise<void> {
  await signInWithCode(page, app.baseUrl, email);
  await composer(page).waitFor();
  await page.locator('[data-testid="live-status"][data-connected="true"]').waitFor();
}

/** The badge shows the bare number on phones and "N credits" on wider screens; the number is always in the DOM. */
async function badgeCredits(page: Page): Promise<number> {
  return Number(await page.getByTestId("credits-badge").locator('span[aria-hidden="true"]').textContent());
}

/** Asks for the pack the way a person does and waits until its three variants are ready. */
async function askForPack(page: Page): Promise<void> {
  await composer(page).fill(PROMPT);
  // The cost of all three shows before the message is sent (Studio: 1 credit an image).
  expect(await page.getByTestId("composer-cost").textContent()).toBe("Costs 3 credits");
  await composer(page).press("Enter");
  const card = page.locator('[data-testid="tool-card"][data-tool="tool-generatePack"]');
  await card.locator('[data-testid="pack-variant"] [data-testid="chat-image"][data-status="ready"]').nth(2).waitFor({ timeout: 60_000 });
  await card.getByTestId("pack-download").waitFor();
}

/** Each variant's picture box, in order. */
async function variantBoxes(page: Page): Promise<{ x: number; y: number; width: number }[]> {
  const variants = page.getByTestId("pack-variant");
  const boxes = [];
  for (let i = 0; i < (await variants.count()); i++) {
    const box = await variants.nth(i).getByTestId("chat-image").boundingBox();
    if (!box) throw new Error(`variant ${i} is not on screen`);
    boxes.push(box);
  }
  return boxes;
}

describe("the A/B pack in the chat", () => {
  it("makes three variants side by side from one message, charges three credits, and downloads them as one zip", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, "packer@example.com");
    const before = await badgeCredits(page);

    await askForPack(page);
    const boxes = await variantBoxes(page);
    expect(boxes).toHaveLength(3);
    // Side by side: one row, left to right.
    expect(new Set(boxes.map((b) => Math.round(b.y))).size).toBe(1);
    expect(boxes.map((b) => b.x)).toEqual(boxes.map((b) => b.x).sort((a, b) => a - b));
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('[data-testid="pack-variant"] img')].every((img) => img.complete && img.naturalWidth > 0));
    await page.waitForFunction((expected) => Number(document.querySelector('[data-testid="credits-badge"] span[aria-hidden="true"]')?.textContent) === expected, before - 3);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("pack-download").click()]);
    expect(download.suggestedFilename()).toMatch(/^thumbforge-pack-[0-9a-f]{8}\.zip$/);
    const path = await download.path();
    const entries = unzipSync(new Uint8Array(await readFile(path)));
    expect(Object.keys(entries).sort()).toEqual(["a.png", "b.png", "c.png"]);
    for (const bytes of Object.values(entries)) expect(bytes.length).toBeGreaterThan(1000);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it("stacks the three variants on a 375 px phone without sideways scrolling", async () => {
    const context = await newContext(browser, { width: 375, height: 800, colorScheme: "dark" });
    const page = await context.newPage();
    await signIn(page, "phone.packer@example.com");
    await askForPack(page);
    const boxes = await variantBoxes(page);
    expect(new Set(boxes.map((b) => Math.round(b.x))).size).toBe(1);
    expect(boxes.map((b) => b.y)).toEqual(boxes.map((b) => b.y).sort((a, b) => a - b));
    expect(boxes[1]?.y).toBeGreaterThan(boxes[0]?.y ?? 0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await context.close();
  });
});
