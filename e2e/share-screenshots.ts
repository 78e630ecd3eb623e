// Screenshots of sharing for feedback against a fresh server: the shared pack page at 375 and 1280 px in light and
// dark (a vote cast), and the owner's Share dialog with its live tally:
//   npm run build && node_modules/.bin/node e2e/share-screenshots.ts /tmp/shots-share
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { launchBrowser, newContext, signInWithCode, startApp } from "./harness.ts";

const outDir = process.argv[2] ?? "screenshots";
mkdirSync(outDir, { recursive: true });
const [app, browser] = await Promise.all([startApp(), launchBrowser()]);

try {
  const ownerContext = await newContext(browser);
  const owner = await ownerContext.newPage();
  await signInWithCode(owner, app.baseUrl, "shots@example.com");
  const composer = owner.locator('[data-testid="composer"] textarea');
  await composer.waitFor();
  await owner.locator('[data-testid="live-status"][data-connected="true"]').waitFor();
  await composer.fill('give me three versions of "I QUIT MY JOB" a shocked office worker');
  await composer.press("Enter");
  const card = owner.locator('[data-testid="tool-card"][data-tool="tool-generatePack"]');
  await card.locator('[data-testid="pack-variant"] [data-testid="chat-image"][data-status="ready"]').nth(2).waitFor({ timeout: 90_000 });
  await card.getByRole("button", { name: "Share for feedback" }).click();
  const dialog = owner.getByRole("dialog");
  await dialog.getByRole("button", { name: "Create link" }).click();
  const url = await dialog.getByTestId("share-url").inputValue();

  let voted = false;
  for (const width of [375, 1280]) {
    for (const scheme of ["light", "dark"] as const) {
      const context = await newContext(browser, { width, height: 900, colorScheme: scheme });
      const page = await context.newPage();
      await page.goto(url);
      await page.getByTestId("share-vote-B").waitFor();
      await page.waitForFunction(() => [...document.images].every((img) => img.complete));
      await page.getByTestId(voted ? "share-vote-A" : "share-vote-B").click();
      await page.getByTestId("share-thanks").waitFor();
      voted = true;
      await page.screenshot({ path: join(outDir, `share-page-${width}-${scheme}.png`), fullPage: true });
      await context.close();
    }
  }
  await dialog.getByText("4 votes").waitFor();
  await owner.screenshot({ path: join(outDir, "share-dialog-1280-light.png") });
  for (const scheme of ["light", "dark"] as const) {
    const context = await browser.newContext({ viewport: { width: 375, height: 900 }, colorScheme: scheme, storageState: await ownerContext.storageState() });
    const page = await context.newPage();
    await page.goto(owner.url());
    const phoneCard = page.locator('[data-testid="tool-card"][data-tool="tool-generatePack"]');
    await phoneCard.getByRole("button", { name: "Share for feedback" }).click();
    await page.getByRole("dialog").getByText("4 votes").waitFor();
    await page.screenshot({ path: join(outDir, `share-dialog-375-${scheme}.png`) });
    await context.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
