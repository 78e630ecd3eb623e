// Screenshots of /app (the chat) before and after a generation, at 375 and 1280 px, light and dark, against a fresh server:
//   npm run build && node_modules/.bin/node e2e/studio-screenshots.ts ./screenshots [language]
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { launchBrowser, newContext, signInWithCode, startApp } from "./harness.ts";

const outDir = process.argv[2] ?? "screenshots";
const language = process.argv[3] ?? "en";
mkdirSync(outDir, { recursive: true });
const [app, browser] = await Promise.all([startApp(), launchBrowser()]);
try {
  const signInContext = await newContext(browser);
  const page = await signInContext.newPage();
  const email = "shots@example.com";
  await signInWithCode(page, app.baseUrl, email);
  const state = await signInContext.storageState();
  const prefix = language === "en" ? "app" : `app-${language}`;

  async function shoot(label: string, act?: (p: typeof page) => Promise<void>) {
    for (const width of [375, 1280]) {
      for (const colorScheme of ["light", "dark"] as const) {
        const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme, storageState: state });
        const p = await context.newPage();
        await p.goto(`${app.baseUrl}/app`);
        if (language !== "en") {
          // After the first render: i18n stores the language it started with, which would overwrite ours.
          await p.locator('[data-testid="live-status"]').waitFor();
          await p.evaluate((lng) => localStorage.setItem("language", lng), language);
          await p.reload();
        }
        await p.locator('[data-testid="live-status"][data-connected="true"]').waitFor();
        await p.waitForTimeout(400);
        if (act) await act(p);
        await p.evaluate(() => window.scrollTo(0, 0));
        await p.screenshot({ path: join(outDir, `${prefix}-${label}-${width}-${colorScheme}.png`), fullPage: true });
        await context.close();
      }
    }
  }

  await shoot("before");
  // A few thumbnails made through the chat, then the thread with a finished one in each view.
  const say = async (p: typeof page, text: string) => {
    await p.locator('[data-testid="composer"] textarea').fill(text);
    await p.locator('[data-testid="composer"] textarea').press("Enter");
  };
  await page.goto(`${app.baseUrl}/app`);
  for (const prompt of [
    'cartoon thumbnail "10 SECRET TIPS" a surprised chef in a neon kitchen',
    "vintage jazz night poster with a trumpet, vertical for shorts",
    'abstract square "MIND = BLOWN" brain explosion',
  ]) {
    const done = await page.locator('[data-testid="chat-image"][data-status="ready"]').count();
    await say(page, prompt);
    await page.locator('[data-testid="chat-image"][data-status="ready"]').nth(done).waitFor({ timeout: 60_000 });
  }
  await shoot("after", async (p) => {
    await say(p, 'realistic thumbnail "BUILD IT FAST" a maker at a glowing workbench');
    await p.locator('[data-testid="chat-image"][data-status="ready"]').first().waitFor({ timeout: 60_000 });
    await p.waitForFunction(() => [...document.images].every((img) => img.complete));
  });
  await signInContext.close();
} finally {
  await browser.close();
  await app.stop();
}
