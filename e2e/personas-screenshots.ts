// Screenshots of /app/personas (empty, a generated draft, the saved list) at 375 and 1280 px, light and dark, against
// a fresh server: npm run build && node_modules/.bin/node e2e/personas-screenshots.ts ./screenshots
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { launchBrowser, newContext, signInWithCode, startApp } from "./harness.ts";

const outDir = process.argv[2] ?? "screenshots";
const photo = join(import.meta.dirname, "../server/subjects/fixtures/astronaut.png");
mkdirSync(outDir, { recursive: true });
const [app, browser] = await Promise.all([startApp(), launchBrowser()]);
try {
  const signInContext = await newContext(browser);
  const page = await signInContext.newPage();
  await signInWithCode(page, app.baseUrl, "persona-shots@example.com");
  const state = await signInContext.storageState();

  async function shoot(label: string, act?: (p: typeof page) => Promise<void>) {
    for (const width of [375, 1280]) {
      for (const colorScheme of ["light", "dark"] as const) {
        const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme, storageState: state });
        const p = await context.newPage();
        await p.goto(`${app.baseUrl}/app/personas`);
        await p.getByTestId("persona-creator").waitFor();
        if (act) await act(p);
        await p.waitForFunction(() => [...document.images].every((img) => img.complete));
        await p.evaluate(() => window.scrollTo(0, 0));
        await p.screenshot({ path: join(outDir, `personas-${label}-${width}-${colorScheme}.png`), fullPage: true });
        await context.close();
      }
    }
  }

  await shoot("empty");
  await shoot("draft", async (p) => {
    await p.getByTestId("persona-file-input").setInputFiles(photo);
    await p.locator('[data-testid="persona-photo"][data-status="ready"]').waitFor({ timeout: 60_000 });
    await p.getByRole("button", { name: "Generate persona" }).click();
    await p.getByTestId("persona-draft").getByRole("img", { name: /generated persona/i }).waitFor({ timeout: 120_000 });
  });
  // One saved persona, then the list as every view shows it.
  await page.goto(`${app.baseUrl}/app/personas`);
  await page.getByTestId("persona-file-input").setInputFiles(photo);
  await page.locator('[data-testid="persona-photo"][data-status="ready"]').waitFor({ timeout: 60_000 });
  await page.getByRole("button", { name: "Generate persona" }).click();
  const draft = page.getByTestId("persona-draft");
  await draft.getByRole("img", { name: /generated persona/i }).waitFor({ timeout: 120_000 });
  await draft.getByLabel("Name", { exact: true }).fill("Astro");
  await draft.getByRole("button", { name: "Save persona" }).click();
  await page.getByTestId("persona-card").waitFor();
  await shoot("saved");
  await signInContext.close();
} finally {
  await browser.close();
  await app.stop();
}
