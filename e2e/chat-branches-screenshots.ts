// Screenshots of a conversation with versions: a message edited and sent again, an answer regenerated, the arrows
// ("‹ 1/2 ›", "‹ 2/2 ›") on both, and a message open for editing in place, at 375 and 1280 px, light and dark:
//   npm run build && node_modules/.bin/node e2e/chat-branches-screenshots.ts ./screenshots
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { launchBrowser, newContext, signInWithCode, startApp } from "./harness.ts";

const outDir = process.argv[2] ?? "screenshots";
mkdirSync(outDir, { recursive: true });
const [app, browser] = await Promise.all([startApp(), launchBrowser()]);
try {
  const signInContext = await newContext(browser);
  const page = await signInContext.newPage();
  await signInWithCode(page, app.baseUrl, "branches.shots@example.com");
  const composer = page.locator('[data-testid="composer"] textarea');
  const idle = () => page.getByTestId("composer").getByRole("button", { name: "Send" }).waitFor({ timeout: 30_000 });
  const userMessage = page.locator('[data-testid="message"][data-role="user"]');
  const answer = page.locator('[data-testid="message"][data-role="assistant"]');
  await composer.fill("what can you do?");
  await composer.press("Enter");
  await answer.first().waitFor({ timeout: 30_000 });
  await idle();
  await userMessage.getByRole("button", { name: "Edit message" }).click();
  await page.getByLabel("Edit your message").fill("how many credits do I have?");
  await page.getByRole("button", { name: "Save & send" }).click();
  await userMessage.getByTestId("branch-switcher").getByText("2/2").waitFor({ timeout: 30_000 });
  await idle();
  await userMessage.getByRole("button", { name: "Previous version" }).click();
  await userMessage.getByTestId("branch-switcher").getByText("1/2").waitFor();
  await answer.first().getByRole("button", { name: "Regenerate" }).click();
  await answer.first().getByTestId("branch-switcher").getByText("2/2").waitFor({ timeout: 30_000 });
  await idle();
  const url = page.url();
  const state = await signInContext.storageState();

  for (const width of [375, 1280]) {
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await browser.newContext({ viewport: { width, height: 800 }, colorScheme, storageState: state });
      const p = await context.newPage();
      await p.goto(url);
      const user = p.locator('[data-testid="message"][data-role="user"]');
      await user.getByTestId("branch-switcher").getByText("1/2").waitFor({ timeout: 30_000 });
      await p.waitForLoadState("networkidle");
      await p.waitForTimeout(300);
      await p.screenshot({ path: join(outDir, `chat-branches-${width}-${colorScheme}.png`) });
      await user.getByRole("button", { name: "Edit message" }).click();
      await p.getByLabel("Edit your message").fill("what can you do for a cooking channel?");
      await p.waitForTimeout(200);
      await p.screenshot({ path: join(outDir, `chat-branches-editing-${width}-${colorScheme}.png`) });
      await context.close();
    }
  }
  await signInContext.close();
} finally {
  await browser.close();
  await app.stop();
}
