// Screenshots of every screen at 360 (the narrowest width docs/product/web-app.md supports), 768 and 1440 px, light and
// dark, against a running server; pages that scroll sideways are named on stderr:
//   node scripts/screenshots.ts http://127.0.0.1:3000 ./screenshots [path …]
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { launchBrowser, newContext } from "../e2e/harness.ts";

const [baseUrl = "http://127.0.0.1:3000", outDir = "screenshots", ...paths] = process.argv.slice(2);
const targets = paths.length ? paths : ["/", "/landing", "/login", "/terms-of-service", "/no-such-page"];
mkdirSync(outDir, { recursive: true });
const browser = await launchBrowser();
try {
  for (const path of targets) {
    for (const width of [360, 768, 1440]) {
      for (const colorScheme of ["light", "dark"] as const) {
        const context = await newContext(browser, { width, height: 900, colorScheme });
        const page = await context.newPage();
        await page.goto(`${baseUrl}${path}`);
        await page.locator("main").first().waitFor();
        // Lazy images load only near the viewport: scroll through once so the full-page shot shows them.
        await page.evaluate(async () => {
          for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
            window.scrollTo(0, y);
            await new Promise((resolve) => setTimeout(resolve, 60));
          }
          window.scrollTo(0, 0);
        });
        await page.waitForFunction(() => [...document.images].every((img) => img.complete));
        await page.waitForTimeout(300);
        const name = `${path === "/" ? "home" : path.slice(1).replaceAll("/", "_")}-${width}-${colorScheme}.png`;
        await page.screenshot({ path: join(outDir, name), fullPage: true });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) console.error(`${name}: scrolls sideways by ${overflow} px`);
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
}
