// Screenshots of /app/gallery (the grid, and the viewer open) at 375 and 1280 px, light and dark, on a seeded account:
//   npm run build && node_modules/.bin/node e2e/gallery-screenshots.ts ./screenshots
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { seedGallery, type SeedImage } from "../server/testing/gallery-seed.ts";
import { launchBrowser, signedInState, startApp } from "./harness.ts";

const outDir = process.argv[2] ?? "screenshots";
mkdirSync(outDir, { recursive: true });
const email = "gallery.shots@example.com";
const prompts = [
  "Neon chef cooking at midnight",
  "Vertical jazz trumpet poster",
  "Square brain explosion MIND BLOWN",
  "I tried 100 days of coding",
  "Mountain bike jump at sunset",
  "Gamer swapped into a castle",
  "Surprised cat on a rocket",
  "Budget travel hacks for Japan",
];
const now = Date.now();
const images: SeedImage[] = Array.from({ length: 28 }, (_, i) => ({
  kind: i % 4 === 3 ? "subject-replaced" : "generated",
  aspect: (["16:9", "16:9", "9:16", "1:1"] as const)[i % 4] ?? "16:9",
  model: i % 3 === 0 ? "flux-kontext-pro" : "studio",
  prompt: prompts[i % prompts.length] ?? "Thumbnail",
  createdAt: new Date(now - (i < 6 ? i * 600_000 : i < 10 ? 86_400_000 + i * 60_000 : i * 4 * 86_400_000)),
  status: i === 2 ? "failed" : "ready",
  withPersona: i % 5 === 0,
}));
const [app, browser] = await Promise.all([startApp({}, (dataDir) => seedGallery(dataDir, [{ email, images, persona: { name: "Chef Ana", handle: "ana" } }])), launchBrowser()]);
try {
  const state = await signedInState(browser, app.baseUrl, email);
  for (const width of [375, 1280]) {
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme, storageState: state });
      const p = await context.newPage();
      await p.goto(`${app.baseUrl}/app/gallery`);
      await p.getByTestId("gallery-tile").first().waitFor();
      await p.waitForFunction(() => [...document.images].every((img) => img.complete));
      const wide = await p.evaluate(() =>
        [...document.querySelectorAll("body *")]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .slice(0, 5)
          .map((el) => `${el.tagName}.${String(el.className).slice(0, 60)} right=${Math.round(el.getBoundingClientRect().right)}`),
      );
      if (wide.length > 0) console.log(`${width} ${colorScheme}: wider than the screen:\n  ${wide.join("\n  ")}`);
      await p.screenshot({ path: join(outDir, `gallery-${width}-${colorScheme}.png`) });
      await p.getByTestId("gallery-tile").first().getByRole("button").click();
      await p.getByTestId("viewer-image").waitFor();
      await p.waitForFunction(() => [...document.images].every((img) => img.complete));
      await p.screenshot({ path: join(outDir, `gallery-viewer-${width}-${colorScheme}.png`) });
      await context.close();
    }
  }
} finally {
  await browser.close();
  await app.stop();
}
