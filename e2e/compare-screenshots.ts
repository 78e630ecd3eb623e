// Screenshots of a comparison of models (docs/product/compare.md): the grid in the chat thread (the Studio and FLUX
// ready, Gemini failed and refunded, a winner picked) and the gallery's Comparisons tab, at 375 and 1280 px, light and
// dark, against the local provider stand-ins:
//   npm run build && node_modules/.bin/node e2e/compare-screenshots.ts ./screenshots
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { startCompareStandIns } from "../server/testing/compare-stand-ins.ts";
import { launchBrowser, makeChatImage, newContext, signInWithCode, startApp } from "./harness.ts";

const outDir = process.argv[2] ?? "screenshots";
mkdirSync(outDir, { recursive: true });
const standIns = await startCompareStandIns();
const [app, browser] = await Promise.all([startApp({ ...standIns.env, JOB_CONCURRENCY: "6", FREE_SIGNUP_CREDITS: "200" }), launchBrowser()]);

/** Every picture on the page loaded, and a moment for the feed-check verdicts to settle. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
}

try {
  const signInContext = await newContext(browser);
  const page = await signInContext.newPage();
  await signInWithCode(page, app.baseUrl, "compare.shots@example.com");
  await page.locator('[data-testid="live-status"][data-connected="true"]').waitFor();
  const sourceId = await makeChatImage(page, "make a thumbnail of a castle at night 'NIGHT RAID'");
  await page.locator(`[data-testid="chat-image"][data-image-id="${sourceId}"]`).getByTestId("compare-image").click();
  await page.getByTestId("approval-approve").last().click();
  await page.getByTestId("comparison-grid").last().waitFor({ timeout: 30_000 });
  standIns.releaseSlow();
  for (const model of ["studio", "flux-kontext-pro", "flux-kontext-max"]) {
    await page.locator(`[data-testid="comparison-tile"][data-model="${model}"][data-status="ready"]`).last().waitFor({ timeout: 60_000 });
  }
  for (const model of ["gemini-flash-image", "gemini-pro-image"]) {
    await page.locator(`[data-testid="comparison-tile"][data-model="${model}"][data-status="failed"]`).last().waitFor({ timeout: 60_000 });
  }
  await page.locator('[data-testid="comparison-tile"][data-model="flux-kontext-pro"]').getByTestId("comparison-pick").click();
  await page.locator('[data-testid="comparison-tile"][data-winner="true"]').waitFor();
  await page.locator('[data-tool="tool-pickImage"]').waitFor({ timeout: 30_000 });
  const url = page.url();
  const state = await signInContext.storageState();
  await signInContext.close();

  for (const width of [375, 1280]) {
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme, storageState: state });
      const p = await context.newPage();
      await p.goto(url);
      const grid = p.getByTestId("comparison-grid").last();
      await grid.waitFor({ timeout: 30_000 });
      await grid.locator('[data-testid="feed-check-verdict"][data-status="success"]').first().waitFor({ timeout: 30_000 });
      // The grid card from its title down, in the thread as it scrolls; on phones, its end (the failed, refunded tiles) too.
      await p.locator('[data-tool="tool-compareModels"]').evaluate((el) => el.scrollIntoView({ block: "start" }));
      await settle(p);
      await p.screenshot({ path: join(outDir, `compare-thread-${width}-${colorScheme}.png`) });
      if (width === 375) {
        await grid.getByTestId("comparison-tile").last().evaluate((el) => el.scrollIntoView({ block: "end" }));
        await settle(p);
        await p.screenshot({ path: join(outDir, `compare-thread-${width}-${colorScheme}-end.png`) });
      }
      await p.goto(`${app.baseUrl}/app/gallery?view=comparisons`);
      await p.getByTestId("comparison").first().waitFor({ timeout: 30_000 });
      await settle(p);
      await p.screenshot({ path: join(outDir, `compare-gallery-${width}-${colorScheme}.png`), fullPage: width === 1280 });
      await context.close();
    }
  }
} finally {
  await browser.close();
  await app.stop();
  await standIns.close();
}
