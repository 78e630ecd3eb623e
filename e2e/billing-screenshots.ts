// Screenshots of the pricing screen (/app/pricing, on a server without payment keys) and the credits page
// (/app/credits) at 375 and 1280 px, light and dark:
//   npm run build && node_modules/.bin/node e2e/billing-screenshots.ts ./screenshots
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { clientRoutes } from "../contract/client-routes.ts";
import { launchBrowser, makeChatImage, newContext, signInWithCode, startApp } from "./harness.ts";

const outDir = process.argv[2] ?? "screenshots";
mkdirSync(outDir, { recursive: true });
const [app, browser] = await Promise.all([startApp(), launchBrowser()]);
try {
  const signInContext = await newContext(browser);
  const page = await signInContext.newPage();
  await signInWithCode(page, app.baseUrl, "billing.shots@example.com");
  // One image, so the ledger shows a charge with its thumbnail beside the signup grants.
  await makeChatImage(page, 'cartoon thumbnail "10 SECRET TIPS" a surprised chef');
  const state = await signInContext.storageState();

  for (const [name, path] of [["pricing", clientRoutes.pricing], ["credits", clientRoutes.credits]] as const) {
    for (const width of [375, 1280]) {
      for (const colorScheme of ["light", "dark"] as const) {
        const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme, storageState: state });
        const p = await context.newPage();
        await p.goto(`${app.baseUrl}${path}`);
        await p.locator("main h1").first().waitFor();
        await p.waitForLoadState("networkidle");
        await p.waitForTimeout(500);
        await p.screenshot({ path: join(outDir, `${name}-${width}-${colorScheme}.png`), fullPage: true });
        await context.close();
      }
    }
  }
  await signInContext.close();
} finally {
  await browser.close();
  await app.stop();
}
