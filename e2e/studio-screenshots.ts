// Screenshots of /app before and after a generation, at 375 and 1280 px, light and dark, against a fresh server:
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
  // A filled prompt, a generation caught mid-way in a phone view, then the finished state.
  const generateOnce = async (prompt: string, style: string, aspect: string) => {
    await page.getByLabel("Describe your thumbnail").fill(prompt);
    await page.getByTestId(`style-${style}`).click();
    await page.getByTestId(`aspect-${aspect}`).click();
    await page.getByRole("button", { name: /^Generate/ }).click();
    await page.getByText("Generated successfully").waitFor({ timeout: 60_000 });
  };
  await generateOnce('"10 SECRET TIPS" a surprised chef in a neon kitchen', "cartoon", "16:9");
  await generateOnce("Vintage jazz night poster with a trumpet", "vintage", "9:16");
  await generateOnce('"MIND = BLOWN" abstract brain explosion', "abstract", "1:1");
  await generateOnce('"I TRIED IT FOR 30 DAYS" realistic portrait in a studio', "realistic", "16:9");
  await shoot("after", async (p) => {
    await p.locator("textarea").fill('"BUILD IT FAST" a maker at a glowing workbench');
    await p.locator('button[type="submit"]').click();
    await p.locator('[data-testid="generation-view"][data-status="ready"]').waitFor({ timeout: 60_000 });
    await p.waitForFunction(() => [...document.images].every((img) => img.complete));
  });
  // Best effort: the Studio engine is quick, so the in-progress state is caught only when the machine is busy.
  for (const colorScheme of language === "en" ? (["light", "dark"] as const) : []) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme, storageState: state });
    const p = await context.newPage();
    await p.goto(`${app.baseUrl}/app`);
    await p.locator('[data-testid="live-status"][data-connected="true"]').waitFor();
    await p.getByLabel("Describe your thumbnail").fill('"WORKING ON IT" a progress bar made of neon');
    await p.getByRole("button", { name: /^Generate/ }).click();
    await p.getByText("Generating image...").first().waitFor();
    await p.screenshot({ path: join(outDir, `app-during-1280-${colorScheme}.png`) });
    await context.close();
  }
  await signInContext.close();
} finally {
  await browser.close();
  await app.stop();
}
