import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestVideos, testFfmpeg } from "../server/testing/test-videos.ts";
import { closeAppAndBrowser, newContext, openAppAndBrowser, type RunningApp, signInWithCode } from "./harness.ts";

let app: RunningApp;
let browser: Browser;
const videos = createTestVideos();

beforeAll(async () => ({ app, browser } = await openAppAndBrowser()));
afterAll(async () => {
  await closeAppAndBrowser({ app, browser });
  videos.cleanup();
});

// The real frame finder runs behind the upload, the subject model (ISNet on the CPU) included: a short, small video
// keeps its candidates few, but on a busy machine (2 shared cores) that still takes minutes.
const FINDER_TIMEOUT = 300_000;
const MODEL_TIMEOUT = 60_000;

const fileInput = (page: Page) => page.locator('[data-testid="video-dropzone"] input[type="file"]');

/**
 * Records whether the upload's bar and the finder's progress were ever in the page: either can be on screen for a
 * moment only, so a MutationObserver notes them as they come and go.
 */
async function watchProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen = { upload: false, finder: false };
    Object.assign(window, { progressSeen: seen });
    const note = () => {
      seen.upload ||= document.querySelector('[data-testid="upload-progress"]') !== null;
      seen.finder ||= document.querySelector('[data-testid="finder-progress"]') !== null;
    };
    new MutationObserver(note).observe(document.body, { childList: true, subtree: true });
    note();
  });
}

const progressSeen = (page: Page) => page.evaluate(() => (window as unknown as { progressSeen: { upload: boolean; finder: boolean } }).progressSeen);

/** The signed-in user's videos, as the API lists them. */
const listedVideos = (page: Page) => page.evaluate(async () => ((await (await fetch("/api/videos")).json()) as { videos: { name: string }[] }).videos);

/** Waits until the picked frame's panel shows the frame cut out at `timecode`. */
async function frameReady(page: Page, timecode: string): Promise<void> {
  const panel = page.getByTestId("frame-actions");
  await panel.getByRole("heading", { name: `The frame at ${timecode}` }).waitFor();
  await panel.getByRole("img", { name: `The video's frame at ${timecode}` }).waitFor({ timeout: MODEL_TIMEOUT });
}

describe.skipIf(!testFfmpeg)("From your video in the browser", () => {
  it("refuses a text file named .mp4 with a sentence and keeps nothing of it", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInWithCode(page, app.baseUrl, "video-refusal@example.com");
    await page.goto(`${app.baseUrl}/app/video`);
    await fileInput(page).setInputFiles(await videos.renamedText());
    const refusal = page.getByTestId("upload-refusal");
    await refusal.waitFor({ timeout: 30_000 });
    expect(await refusal.textContent()).toBe("This file is not a video we can read. Use MP4, MOV, WebM or MKV.");
    expect(await listedVideos(page)).toEqual([]);
    expect(await page.getByTestId("previous-videos").count()).toBe(0);
    await context.close();
  });

  it("uploads a video, shows its best frames, makes a thumbnail from one and picks the moment typed as 0:02", { timeout: 480_000 }, async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInWithCode(page, app.baseUrl, "video-maker@example.com");
    await page.getByRole("navigation", { name: "App sections" }).getByRole("link", { name: "From video" }).click();
    await page.waitForURL(`${app.baseUrl}/app/video`);
    await page.getByRole("heading", { name: "From your video" }).waitFor();

    // Three seconds at 5 frames a second: few candidates for the subject model, one request for the upload (its bar
    // still shows while it goes).
    const file = await videos.video({ durationS: 3, fps: 5 });
    await watchProgress(page);
    await fileInput(page).setInputFiles(file);
    const view = page.locator('[data-testid="video-view"][data-status="ready"]');
    await view.waitFor({ timeout: FINDER_TIMEOUT });
    const seen = await progressSeen(page);
    expect(seen.upload).toBe(true);
    // The subject model alone looks at each candidate for a second or more: the finder's progress is on screen a while.
    expect(seen.finder).toBe(true);
    expect(page.url()).toMatch(/\/app\/video\?v=[0-9a-f-]{36}$/);

    // The best frames, best first, each with its timecode and reasons.
    const frames = view.getByTestId("best-frames").getByRole("button");
    expect(await frames.count()).toBeGreaterThan(0);
    const first = frames.first();
    const label = (await first.getAttribute("aria-label")) ?? "";
    const timecode = /^Use the frame at (\d+:\d\d) /.exec(label)?.[1];
    expect(timecode).toBeDefined();
    expect(await first.textContent()).toContain(timecode);
    expect(await first.textContent()).toContain("Best");

    // Pick it: a worker cuts it out, then it becomes a thumbnail with a headline.
    await first.click();
    await frameReady(page, timecode ?? "");
    expect(await first.getAttribute("aria-pressed")).toBe("true");
    const panel = page.getByTestId("frame-actions");
    expect(await panel.getByRole("tab", { name: "Make a thumbnail" }).getAttribute("aria-selected")).toBe("true");
    await panel.getByLabel("Headline").fill("I TRIED IT FOR 30 DAYS");
    await panel.getByRole("button", { name: "Make the thumbnail" }).click();
    const result = panel.getByTestId("frame-result");
    const made = result.getByRole("img");
    await made.waitFor({ timeout: MODEL_TIMEOUT });
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="frame-result"] img');
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    expect(await result.getByRole("link", { name: "See in the gallery" }).getAttribute("href")).toBe("/app/gallery");

    // The editor opens the new thumbnail; back on the screen, the video is still there (it is in the address).
    const editorHref = (await result.getByRole("link", { name: "Open in the editor" }).getAttribute("href")) ?? "";
    expect(editorHref).toMatch(/^\/app\/editor\/[0-9a-f-]{36}$/);
    await result.getByRole("link", { name: "Open in the editor" }).click();
    await page.waitForURL(`${app.baseUrl}${editorHref}`);
    await page.locator('[data-testid="editor-canvas"] canvas').first().waitFor();
    await page.goBack();
    await view.waitFor();

    // Any moment: the time typed as 0:02, then picked.
    const timeline = view.getByTestId("frame-timeline");
    await timeline.getByLabel("Go to time").fill("0:02");
    await timeline.getByRole("button", { name: "Go", exact: true }).click();
    await timeline.getByRole("button", { name: "Use this moment (0:02)" }).click();
    await frameReady(page, "0:02");
    await context.close();
  });
});
