// Screenshots of From your video (/app/video): the screen empty, the upload and the finder at work, the best frames
// with the timeline, a picked frame with its actions, and the chat's video card, at 375 and 1280 px, light and dark;
// German at 1280 and Japanese at 375; and the app's header at 320 to 1280 px. Against a fresh server with the real
// frame finder (FFmpeg and the subject model):
//   npm run build && node_modules/.bin/node e2e/video-screenshots.ts ./screenshots
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { createTestVideos } from "../server/testing/test-videos.ts";
import { launchBrowser, newContext, signInWithCode, startApp } from "./harness.ts";

const outDir = process.argv[2] ?? "screenshots";
mkdirSync(outDir, { recursive: true });
// The real finder on a busy machine (the subject model looks at each candidate for seconds).
const FINDER_TIMEOUT = 600_000;
const videos = createTestVideos();
const [app, browser] = await Promise.all([startApp(), launchBrowser()]);
const themes = ["light", "dark"] as const;
type Theme = (typeof themes)[number];

const fileInput = (page: Page) => page.locator('[data-testid="video-dropzone"] input[type="file"]');
const settle = (page: Page) => page.waitForFunction(() => [...document.images].every((img) => img.complete));

try {
  const signIn = await newContext(browser);
  const page = await signIn.newPage();
  await signInWithCode(page, app.baseUrl, "video.shots@example.com");
  const state = await signIn.storageState();
  const file = await videos.video({ width: 640, height: 360, fps: 10, durationS: 6 });

  async function open(width: number, theme: Theme, path: string, language = "en", height = 900): Promise<{ context: BrowserContext; p: Page }> {
    const context = await browser.newContext({ viewport: { width, height }, colorScheme: theme, storageState: state });
    const p = await context.newPage();
    await p.goto(`${app.baseUrl}${path}`);
    if (language !== "en") {
      // After the first render: i18n stores the language it started with, which would overwrite ours.
      await p.locator("nav").first().waitFor();
      await p.evaluate((lng) => localStorage.setItem("language", lng), language);
      await p.reload();
    }
    await p.locator("nav").first().waitFor();
    await p.waitForLoadState("networkidle");
    return { context, p };
  }

  // The empty screen, before any upload.
  for (const width of [375, 1280])
    for (const theme of themes) {
      const { context, p } = await open(width, theme, "/app/video");
      await p.getByTestId("video-dropzone").waitFor();
      await p.screenshot({ path: join(outDir, `video-empty-${width}-${theme}.png`), fullPage: true });
      await context.close();
    }

  // The upload (slowed down to be seen) and the finder at work, on a phone: the one video the next screens show.
  const progress = await open(375, "light", "/app/video");
  const cdp = await progress.context.newCDPSession(progress.p);
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 64 * 1024 });
  await fileInput(progress.p).setInputFiles(file);
  await progress.p.getByTestId("upload-progress").waitFor();
  await progress.p.waitForTimeout(1500);
  await progress.p.screenshot({ path: join(outDir, "video-uploading-375-light.png"), fullPage: true });
  await progress.p.getByTestId("finder-progress-text").filter({ hasText: /\d/ }).waitFor({ timeout: FINDER_TIMEOUT });
  await progress.p.screenshot({ path: join(outDir, "video-finding-375-light.png"), fullPage: true });
  const videoPath = new URL(progress.p.url()).pathname + new URL(progress.p.url()).search;

  // Meanwhile the chat gets a video too (its finder runs after the first): a message with the video attached.
  await page.goto(`${app.baseUrl}/app`);
  await page.locator('[data-testid="composer"] input[type="file"]').setInputFiles(file);
  await page.waitForFunction(() => {
    const button = [...document.querySelectorAll<HTMLButtonElement>('[data-testid="composer"] button')].find((b) => b.textContent?.trim() === "Send");
    return button !== undefined && !button.disabled;
  }, undefined, { timeout: 60_000 });
  await page.getByTestId("composer").getByRole("button", { name: "Send" }).click();
  await page.getByTestId("video-card").waitFor();

  await progress.p.locator('[data-testid="video-view"][data-status="ready"]').waitFor({ timeout: FINDER_TIMEOUT });
  await progress.context.close();

  // The best frames and the timeline, then a picked frame with its actions.
  async function readyAndPicked(width: number, theme: Theme, language: string, prefix: string) {
    const { context, p } = await open(width, theme, videoPath, language, 1200);
    await p.locator('[data-testid="video-view"][data-status="ready"]').waitFor({ timeout: FINDER_TIMEOUT });
    await settle(p);
    await p.screenshot({ path: join(outDir, `${prefix}-frames-${width}-${theme}.png`), fullPage: true });
    await p.getByTestId("best-frames").getByRole("button").first().click();
    await p.locator('[data-testid="frame-actions"] img').waitFor({ timeout: FINDER_TIMEOUT });
    await settle(p);
    await p.getByTestId("frame-actions").screenshot({ path: join(outDir, `${prefix}-picked-${width}-${theme}.png`) });
    await context.close();
  }
  for (const width of [375, 1280]) for (const theme of themes) await readyAndPicked(width, theme, "en", "video");
  await readyAndPicked(1280, "light", "de", "video-de");
  await readyAndPicked(375, "light", "ja", "video-ja");

  // The chat with the video's card, its best frames on it.
  await page.locator('[data-testid="video-card"] [data-testid="best-frames"]').waitFor({ timeout: FINDER_TIMEOUT });
  // Read once the answer is in: the address names the conversation (?c=) once it is made.
  await page.getByTestId("composer").getByRole("button", { name: "Send" }).waitFor();
  await page.waitForURL(/[?&]c=/);
  const conversation = new URL(page.url()).pathname + new URL(page.url()).search;
  for (const width of [375, 1280])
    for (const theme of themes) {
      const { context, p } = await open(width, theme, conversation, "en", 1200);
      await p.locator('[data-testid="video-card"] [data-testid="best-frames"]').waitFor({ timeout: 30_000 });
      await settle(p);
      await p.screenshot({ path: join(outDir, `video-chat-${width}-${theme}.png`) });
      await context.close();
    }

  // The header: icons alone below 1024 px or labels from 768 px, down to 320 px.
  for (const width of [320, 375, 768, 1024, 1280]) {
    const { context, p } = await open(width, "light", "/app/video");
    await p.locator("header").first().screenshot({ path: join(outDir, `video-header-${width}.png`) });
    await context.close();
  }
  await signIn.close();
} finally {
  await browser.close();
  await app.stop();
  videos.cleanup();
}
