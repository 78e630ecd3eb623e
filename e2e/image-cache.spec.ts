import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedGallery } from "../server/testing/gallery-seed.ts";
import { launchBrowser, newContext, type RunningApp, signInWithCode, startApp } from "./harness.ts";

// A warm gallery sends the server no request for an image it has shown: the record's URLs name the bytes' version and
// are cached for good (docs/decisions/019-immutable-image-urls.md). Playwright reports the browser's cache hits as
// requests too, so the server's request log says which ones reached it.

let app: RunningApp;
let browser: Browser;
const EMAIL = "gallery.warm@example.com";
const now = Date.now();

beforeAll(async () => {
  [app, browser] = await Promise.all([
    startApp({}, (dataDir) =>
      seedGallery(dataDir, [
        {
          email: EMAIL,
          images: Array.from({ length: 8 }, (_, i) => ({ kind: "generated" as const, aspect: "16:9" as const, model: "studio", prompt: `Warm ${i}`, createdAt: new Date(now - i * 60_000) })),
        },
      ]),
    ),
    launchBrowser(),
  ]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const isImageBytes = (url: string) => /\/api\/images\/[0-9a-f-]{36}\/(original|preview|thumb)/.test(new URL(url).pathname);

/** The image requests the page made since the last call, as Playwright reports them (the browser's cache hits too). */
function imageRequests(page: Page): () => string[] {
  let urls: string[] = [];
  page.on("request", (request) => {
    if (isImageBytes(request.url())) urls.push(request.url());
  });
  return () => urls.splice(0);
}

let logRead = 0;
/**
 * Of those, the ones that reached the server since the last call, from its request log: a marker request, logged
 * after every earlier one, says the log is complete up to now.
 */
async function reachedServer(urls: string[]): Promise<string[]> {
  const marker = randomUUID();
  await fetch(`${app.baseUrl}/api/models?marker=${marker}`);
  await expect.poll(() => app.logs.join("").includes(marker)).toBe(true);
  const log = app.logs.join("");
  const lines = log.slice(logRead, log.indexOf(marker)).split("\n");
  logRead = log.indexOf(marker);
  const answered = lines.filter((line) => line.includes('"url":"/api/images/')).map((line) => /"url":"([^"]+)"/.exec(line)?.[1] ?? "");
  return urls.filter((url) => answered.includes(new URL(url).pathname));
}

async function thumbsLoaded(page: Page): Promise<string[]> {
  await page.getByTestId("gallery-tile").first().waitFor();
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="gallery-tile"] img')].every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0));
  return page.$$eval('[data-testid="gallery-tile"] img', (imgs) => imgs.map((img) => (img as HTMLImageElement).currentSrc));
}

describe("image bytes in the browser cache", () => {
  it("a gallery reloaded or navigated back to makes no image request for thumbs it has shown, until logout clears them", async () => {
    const context = await newContext(browser, { width: 1280, height: 900 });
    const page = await context.newPage();
    const requested = imageRequests(page);
    await signInWithCode(page, app.baseUrl, EMAIL);
    await page.getByRole("navigation", { name: "App sections" }).getByRole("link", { name: "Gallery" }).click();
    await page.waitForURL(`${app.baseUrl}/app/gallery`);
    const shown = await thumbsLoaded(page);
    expect(shown.length).toBe(8);
    expect(shown.every((src) => /\/thumb\/[0-9a-f]{16}$/.test(src))).toBe(true);
    // Cold, each thumb shown went to the network.
    const cold = await reachedServer(requested());
    expect(shown.filter((src) => cold.includes(src))).toEqual(shown);

    // Reloaded: the same URLs, none asked for again.
    await page.reload();
    expect(await thumbsLoaded(page)).toEqual(shown);
    const afterReload = await reachedServer(requested());
    // Away to the chat and back: none asked for again.
    await page.getByRole("navigation", { name: "App sections" }).getByRole("link", { name: "Chat" }).click();
    await page.waitForURL((url) => !url.pathname.endsWith("/gallery"));
    await page.goBack();
    await page.waitForURL(`${app.baseUrl}/app/gallery`);
    expect(await thumbsLoaded(page)).toEqual(shown);
    const afterBack = await reachedServer(requested());

    expect({ afterReload, afterBack }).toEqual({ afterReload: [], afterBack: [] });

    // Logout's Clear-Site-Data drops the browser's kept copies: signed in again in a new tab, the same thumbs come
    // from the server. (A tab left open keeps the pictures it decoded in its own memory until it closes.)
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await page.waitForURL(`${app.baseUrl}/`);
    await page.close();
    await reachedServer(requested());
    const next = await context.newPage();
    const nextRequested = imageRequests(next);
    await signInWithCode(next, app.baseUrl, EMAIL);
    await next.getByRole("navigation", { name: "App sections" }).getByRole("link", { name: "Gallery" }).click();
    expect(await thumbsLoaded(next)).toEqual(shown);
    const afterLogout = await reachedServer(nextRequested());
    expect(shown.filter((src) => afterLogout.includes(src))).toEqual(shown);
    await context.close();
  }, 120_000);
});
