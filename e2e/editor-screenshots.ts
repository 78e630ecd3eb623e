// Screenshots of the image editor (/app/editor/:imageId) on a Studio image, at 375 and 1280 px, light and dark:
//   npm run build && node_modules/.bin/node e2e/editor-screenshots.ts ./screenshots
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { launchBrowser, makeChatImage, newContext, signInWithCode, startApp } from "./harness.ts";

const outDir = process.argv[2] ?? "screenshots";
mkdirSync(outDir, { recursive: true });
const [app, browser] = await Promise.all([startApp(), launchBrowser()]);
try {
  const signInContext = await newContext(browser);
  const page = await signInContext.newPage();
  await signInWithCode(page, app.baseUrl, "editor.shots@example.com");
  const id = await makeChatImage(page, 'cartoon thumbnail "10 SECRET TIPS" a surprised chef in a neon kitchen');
  const state = await signInContext.storageState();

  for (const width of [375, 1280]) {
    for (const colorScheme of ["light", "dark"] as const) {
      for (const tab of ["Edit Image", "Add Text", "Crop"]) {
        const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme, storageState: state });
        const p = await context.newPage();
        await p.goto(`${app.baseUrl}/app/editor/${id}`);
        await p.locator('[data-testid="editor-canvas"] canvas').first().waitFor();
        await p.getByRole("tab", { name: tab === "Crop" ? "Edit Image" : tab }).click();
        if (tab === "Add Text") await p.locator('[data-layer="headline-0"]').click();
        if (tab === "Crop") {
          await p.getByRole("button", { name: "9:16" }).click();
          await p.getByRole("button", { name: "Crop on the canvas" }).click();
        }
        await p.waitForTimeout(800);
        // A full-page shot of a scrolled page draws the sticky header where the scroll left it.
        await p.evaluate(() => window.scrollTo(0, 0));
        const name = tab === "Add Text" ? "text" : tab === "Crop" ? "crop" : "image";
        await p.screenshot({ path: join(outDir, `editor-${name}-${width}-${colorScheme}.png`), fullPage: true });
        await context.close();
      }
    }
  }
  await signInContext.close();
} finally {
  await browser.close();
  await app.stop();
}
