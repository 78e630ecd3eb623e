// Screenshots of every screen at 375 and 1280 px, light and dark, against a running server:
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
    for (const width of [375, 1280]) {
      for (const colorScheme of ["light", "dark"] as const) {
        const context = await newContext(browser, { width, height: 900, colorScheme });
        const page = await context.newPage();
        await page.goto(`${baseUrl}${path}`);
        await page.locator("main").first().waitFor();
        await page.waitForTimeout(300);
        const name = `${path === "/" ? "home" : path.slice(1).replaceAll("/", "_")}-${width}-${colorScheme}.png`;
        await page.screenshot({ path: join(outDir, name), fullPage: true });
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
}
