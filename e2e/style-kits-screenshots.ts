// Screenshots of the style kit screen at 375 and 1280 px, light and dark, and of three prompts rendered in a kit
// learned from fixture thumbnails, against a fresh server:
// npm run build && node_modules/.bin/node e2e/style-kits-screenshots.ts /tmp/shots-style
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { drawStyleThumbnail, orangeLeft } from "../server/testing/style-thumbnails.ts";
import { launchBrowser, newContext, signInWithCode, startApp } from "./harness.ts";

const outDir = process.argv[2] ?? "screenshots";
mkdirSync(outDir, { recursive: true });
const prompts = ['"I QUIT MY JOB" the day I walked out of the office', '"BEST PIZZA IN NAPLES" a food tour vlog', '"1000 DAYS OF CODE" a developer at a desk at night'];
const [app, browser] = await Promise.all([startApp(), launchBrowser()]);
try {
  const signInContext = await newContext(browser);
  const page = await signInContext.newPage();
  await signInWithCode(page, app.baseUrl, "kit-shots@example.com");
  const thumbnails = await Promise.all(orangeLeft.map(async (t) => (await drawStyleThumbnail(t)).toString("base64")));
  const kitId = await page.evaluate(async (pngs) => {
    const ids: string[] = [];
    for (const png of pngs) {
      const form = new FormData();
      form.append("image", new Blob([Uint8Array.from(atob(png), (c) => c.charCodeAt(0))], { type: "image/png" }), "thumb.png");
      ids.push((await (await fetch("/api/upload-temp-image", { method: "POST", body: form })).json()).image.id);
    }
    const res = await fetch("/api/style-kits", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Orange channel", imageIds: ids }) });
    return (await res.json()).kit.id as string;
  }, thumbnails);
  for (const [i, prompt] of prompts.entries()) {
    const png = await page.evaluate(
      async ({ prompt, kitId }) => {
        const made = await (await fetch("/api/generate-kontext-image", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ prompt, style: "cartoon", styleKitId: kitId }) })).json();
        for (;;) {
          const { image } = await (await fetch(`/api/images/${made.image.id}`)).json();
          if (image.status === "failed") throw new Error(image.error);
          if (image.status === "ready") {
            const bytes = new Uint8Array(await (await fetch(image.urls.original)).arrayBuffer());
            let text = "";
            for (const b of bytes) text += String.fromCharCode(b);
            return btoa(text);
          }
          await new Promise((r) => setTimeout(r, 300));
        }
      },
      { prompt, kitId },
    );
    writeFileSync(join(outDir, `kit-prompt-${i + 1}.png`), Buffer.from(png, "base64"));
  }
  writeFileSync(join(outDir, "kit-source-1.png"), Buffer.from(thumbnails[0] ?? "", "base64"));
  const state = await signInContext.storageState();
  for (const width of [375, 1280]) {
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme, storageState: state });
      const p = await context.newPage();
      await p.goto(`${app.baseUrl}/app/style-kits`);
      await p.getByTestId("kit-name-shown").first().waitFor();
      await p.waitForFunction(() => [...document.images].every((img) => img.complete));
      await p.screenshot({ path: join(outDir, `kit-screen-${width}-${colorScheme}.png`), fullPage: true });
      await context.close();
    }
  }
  // The chat's picker with My style beside the four looks.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: "light", storageState: state });
  const p = await context.newPage();
  await p.goto(`${app.baseUrl}/app`);
  await p.getByRole("button", { name: /Style, shape and model/ }).click();
  await p.getByTestId(`style-kit-${kitId}`).waitFor();
  await p.screenshot({ path: join(outDir, "kit-picker-1280-light.png") });
  await context.close();
  await signInContext.close();
} finally {
  await browser.close();
  await app.stop();
}
