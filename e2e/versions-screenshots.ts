// Screenshots of a conversation with three versions of a thumbnail, after an undo, and of the compare slider open,
// at 375 and 1280 px, light and dark:
//   npm run build && node_modules/.bin/node e2e/versions-screenshots.ts ./screenshots
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { launchBrowser, makeChatImage, newContext, signInWithCode, startApp } from "./harness.ts";

const outDir = process.argv[2] ?? "screenshots";
mkdirSync(outDir, { recursive: true });
const [app, browser] = await Promise.all([startApp(), launchBrowser()]);
try {
  const signInContext = await newContext(browser);
  const page = await signInContext.newPage();
  await signInWithCode(page, app.baseUrl, "versions.shots@example.com");
  await makeChatImage(page, "make a cartoon thumbnail for 'I tried 100 days of coding'");
  await makeChatImage(page, "bigger headline");
  const newest = await makeChatImage(page, "make the headline yellow");
  await page.locator('[data-testid="composer"] textarea').fill("undo that");
  await page.locator('[data-testid="composer"] textarea').press("Enter");
  await page.locator('[data-tool="tool-pickImage"][data-state="output-available"]').waitFor({ timeout: 30_000 });
  const url = page.url();
  const state = await signInContext.storageState();

  for (const width of [375, 1280]) {
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme, storageState: state });
      const p = await context.newPage();
      await p.goto(url);
      const card = p.locator(`[data-testid="chat-image"][data-image-id="${newest}"]`);
      await card.getByTestId("version-thumb").nth(2).waitFor({ timeout: 30_000 });
      await card.scrollIntoViewIfNeeded();
      // The strip's thumbs load lazily, once in view.
      await p.waitForLoadState("networkidle");
      await p.screenshot({ path: join(outDir, `versions-strip-${width}-${colorScheme}.png`) });
      // The thread scrolls inside the page: the card to its top, the page itself back to its own.
      await p.locator('[data-tool="tool-pickImage"]').evaluate((card) => {
        card.scrollIntoView({ block: "start" });
        window.scrollTo(0, 0);
      });
      await p.waitForTimeout(200);
      await p.screenshot({ path: join(outDir, `versions-undo-${width}-${colorScheme}.png`) });
      await card.getByTestId("compare-versions").click();
      await p.getByTestId("compare-slider").waitFor();
      await p.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('[data-testid="compare-slider"] img')].every((img) => img.complete && img.naturalWidth > 0));
      await p.getByRole("slider").focus();
      for (let i = 0; i < 15; i++) await p.keyboard.press("ArrowLeft");
      await p.waitForTimeout(300);
      await p.screenshot({ path: join(outDir, `versions-compare-${width}-${colorScheme}.png`) });
      await context.close();
    }
  }
  await signInContext.close();
} finally {
  await browser.close();
  await app.stop();
}
