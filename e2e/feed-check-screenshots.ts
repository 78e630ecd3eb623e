// Screenshots of the feed check panel (opened from a chat image's verdict line) at 375 and 1280 px, in the app's light
// and dark themes, against a fresh server; it needs the feed check's server side (POST /api/images/:id/check):
//   npm run build && node_modules/.bin/node e2e/feed-check-screenshots.ts ./screenshots
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { launchBrowser, makeChatImage, newContext, signInWithCode, startApp } from "./harness.ts";

const outDir = process.argv[2] ?? "screenshots";
mkdirSync(outDir, { recursive: true });
const [app, browser] = await Promise.all([startApp(), launchBrowser()]);

try {
  const signIn = await newContext(browser);
  const page = await signIn.newPage();
  await signInWithCode(page, app.baseUrl, "shots@example.com");
  await makeChatImage(page, 'cartoon thumbnail "I TRIED 100 DAYS OF CODING AND IT BROKE MY BRAIN" a tired coder at night');
  const conversation = page.url();
  const state = await signIn.storageState();
  await signIn.close();

  for (const width of [375, 1280]) {
    for (const theme of ["light", "dark"] as const) {
      const context = await browser.newContext({ viewport: { width, height: 2400 }, colorScheme: theme, storageState: state });
      const p = await context.newPage();
      await p.goto(conversation);
      const card = p.getByTestId("chat-image").last();
      await card.locator('[data-testid="feed-check-verdict"][data-status="success"]').waitFor({ timeout: 30_000 });
      await card.screenshot({ path: join(outDir, `feed-check-card-${width}-${theme}.png`) });
      await card.getByRole("button", { name: "See the full check" }).click();
      await p.locator('[data-testid="feed-check-panel"][data-status="done"]').waitFor({ timeout: 30_000 });
      await p.waitForFunction(() => [...document.images].every((img) => img.complete));
      await p.getByRole("dialog").screenshot({ path: join(outDir, `feed-check-panel-${width}-${theme}.png`) });
      await context.close();
    }
  }
} finally {
  await browser.close();
  await app.stop();
}
