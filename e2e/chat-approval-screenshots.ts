// Screenshots of the chat's approval card (a pack above CHAT_CONFIRM_ABOVE_CREDITS waiting for Approve / Deny, and a
// denied one above it) at 375 and 1280 px, light and dark:
//   npm run build && node_modules/.bin/node e2e/chat-approval-screenshots.ts ./screenshots
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { launchBrowser, newContext, signInWithCode, startApp } from "./harness.ts";

const outDir = process.argv[2] ?? "screenshots";
mkdirSync(outDir, { recursive: true });
const [app, browser] = await Promise.all([startApp({ CHAT_CONFIRM_ABOVE_CREDITS: "2" }), launchBrowser()]);
try {
  const signInContext = await newContext(browser);
  const page = await signInContext.newPage();
  await signInWithCode(page, app.baseUrl, "approval.shots@example.com");
  const composer = page.locator('[data-testid="composer"] textarea');
  const send = page.getByTestId("composer").getByRole("button", { name: "Send" });
  await composer.fill("give me three versions of a thumbnail for 'my first marathon'");
  await composer.press("Enter");
  await page.getByTestId("approval-deny").click();
  await page.locator('[data-testid="approval-card"][data-state="output-denied"]').waitFor({ timeout: 30_000 });
  await send.waitFor();
  await composer.fill("give me three versions of a thumbnail for 'I tried 100 days of coding'");
  await composer.press("Enter");
  await page.getByTestId("approval-approve").waitFor({ timeout: 30_000 });
  const url = page.url();
  const state = await signInContext.storageState();

  for (const width of [375, 1280]) {
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme, storageState: state });
      const p = await context.newPage();
      await p.goto(url);
      await p.getByTestId("approval-approve").waitFor({ timeout: 30_000 });
      await p.waitForLoadState("networkidle");
      await p.waitForTimeout(500);
      await p.screenshot({ path: join(outDir, `chat-approval-${width}-${colorScheme}.png`) });
      await context.close();
    }
  }
  await signInContext.close();
} finally {
  await browser.close();
  await app.stop();
}
