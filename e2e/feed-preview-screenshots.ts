// Screenshots of the feed preview (opened from a chat image) at 375 and 1280 px, in YouTube's dark and light looks,
// each layout, against a fresh server:
//   npm run build && node_modules/.bin/node e2e/feed-preview-screenshots.ts ./screenshots
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
  for (const prompt of [
    'vintage travel vlog thumbnail "LOST IN LISBON"',
    'abstract square "MIND = BLOWN" brain explosion',
    'cartoon thumbnail "10 SECRET TIPS" a surprised chef in a neon kitchen',
  ]) {
    await makeChatImage(page, prompt);
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
