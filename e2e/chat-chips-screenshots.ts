// Screenshots of the chat composer whose chips show the current image (cartoon, square), with a shape change waiting
// to be sent and its cost, at 375 and 1280 px, light and dark:
//   npm run build && node_modules/.bin/node e2e/chat-chips-screenshots.ts ./screenshots
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { launchBrowser, makeChatImage, newContext, signInWithCode, startApp } from "./harness.ts";

const outDir = process.argv[2] ?? "screenshots";
mkdirSync(outDir, { recursive: true });
const [app, browser] = await Promise.all([startApp(), launchBrowser()]);
try {
  const signInContext = await newContext(browser);
  const page = await signInContext.newPage();
  await signInWithCode(page, app.baseUrl, "chips.shots@example.com");
  await makeChatImage(page, "make a cartoon square thumbnail of a cat astronaut");
  const url = page.url();
  const state = await signInContext.storageState();

  for (const width of [375, 1280]) {
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme, storageState: state });
      const p = await context.newPage();
      await p.goto(url);
      await p.locator('[data-testid="chat-image"][data-status="ready"]').first().waitFor({ timeout: 30_000 });
      const chips = p.getByTestId("composer").getByRole("button", { name: /^Style, shape and model/ });
      await chips.waitFor();
      await p.screenshot({ path: join(outDir, `chat-chips-${width}-${colorScheme}.png`) });
      await chips.click();
      await p.getByTestId("aspect-16:9").click();
      await p.getByTestId("chip-change").waitFor();
      await p.waitForTimeout(300);
      await p.screenshot({ path: join(outDir, `chat-chips-change-${width}-${colorScheme}.png`) });
      await context.close();
    }
  }
  await signInContext.close();
} finally {
  await browser.close();
  await app.stop();
}
