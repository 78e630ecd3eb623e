// Screenshots of the feed preview (opened from a chat image) at 375 and 1280 px, in YouTube's dark and light looks,
// each layout, against a fresh server:
//   npm run build && node_modules/.bin/node e2e/feed-preview-screenshots.ts ./screenshots
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { launchBrowser, newContext, signInWithCode, startApp } from "./harness.ts";

const outDir = process.argv[2] ?? "screenshots";
mkdirSync(outDir, { recursive: true });
const [app, browser] = await Promise.all([startApp(), launchBrowser()]);

async function say(page: Page, text: string): Promise<void> {
  // A message typed while an answer still streams is not sent: wait for Send to come back.
  await page.getByTestId("composer").getByRole("button", { name: "Send" }).waitFor();
  const done = await page.locator('[data-testid="chat-image"][data-status="ready"]').count();
  await page.locator('[data-testid="composer"] textarea').fill(text);
  await page.locator('[data-testid="composer"] textarea').press("Enter");
  await page.locator('[data-testid="chat-image"][data-status="ready"]').nth(done).waitFor({ timeout: 60_000 });
}

try {
  const signIn = await newContext(browser);
  const page = await signIn.newPage();
  await signInWithCode(page, app.baseUrl, "shots@example.com");
  for (const prompt of [
    'vintage travel vlog thumbnail "LOST IN LISBON"',
    'abstract square "MIND = BLOWN" brain explosion',
    'cartoon thumbnail "10 SECRET TIPS" a surprised chef in a neon kitchen',
  ]) {
    await say(page, prompt);
  }
  const conversation = page.url();
  const state = await signIn.storageState();
  await signIn.close();

  for (const width of [375, 1280]) {
    for (const look of ["dark", "light"] as const) {
      // The app in the other theme, to show the preview's look does not follow it.
      const context = await browser.newContext({ viewport: { width, height: 2200 }, colorScheme: look === "dark" ? "light" : "dark", storageState: state });
      const p = await context.newPage();
      await p.goto(conversation);
      const opener = p.getByTestId("chat-image").last().getByRole("button", { name: "Preview in feed" });
      await opener.click();
      await p.locator('[data-testid="feed-verdict"][data-status="done"]').waitFor({ timeout: 15_000 });
      await p.getByTestId("feed-look").getByRole("button", { name: look === "dark" ? "Dark" : "Light" }).click();
      if (width < 640) await p.getByTestId("feed-device").getByRole("button", { name: "Mobile" }).click();
      for (const [tab, name] of [
        ["Home", "home"],
        ["Search", "search"],
        ["Up next", "upnext"],
      ] as const) {
        await p.getByRole("tab", { name: tab }).click();
        await p.waitForFunction(() => [...document.images].every((img) => img.complete));
        await p.getByRole("dialog").screenshot({ path: join(outDir, `feed-${name}-${width}-${look}.png`) });
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await app.stop();
}
