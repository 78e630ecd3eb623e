import { readFile } from "node:fs/promises";
import { unzipSync } from "fflate";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedGallery, type SeedImage } from "../server/testing/gallery-seed.ts";
import { axeViolations, launchBrowser, newContext, type RunningApp, signInWithCode, startApp } from "./harness.ts";

let app: RunningApp;
let browser: Browser;

const DAY = 24 * 3600_000;
const now = Date.now();
const FILTER_USER = "gallery.filters@example.com";
const PHONE_USER = "gallery.phone@example.com";
const BIG_USER = "gallery.big@example.com";
const BIG_COUNT = 10_000;

// A small gallery with every kind, shape, model and state, across today, yesterday and older months.
const filterImages: SeedImage[] = [
  { kind: "generated", aspect: "16:9", model: "studio", prompt: "Neon chef cooking at midnight", createdAt: new Date(now - 60_000), withPersona: true },
  { kind: "generated", aspect: "9:16", model: "studio", prompt: "Vertical jazz trumpet poster", createdAt: new Date(now - 120_000) },
  { kind: "generated", aspect: "16:9", model: "flux-kontext-pro", prompt: "Mountain bike jump at sunset", createdAt: new Date(now - 180_000), status: "failed" },
  { kind: "subject-replaced", aspect: "1:1", model: "flux-kontext-pro", prompt: "Neon chef swapped into a race car", createdAt: new Date(now - DAY), withPersona: true },
  { kind: "generated", aspect: "1:1", model: "studio", prompt: "Square brain explosion MIND BLOWN", createdAt: new Date(now - 40 * DAY) },
  { kind: "subject-replaced", aspect: "16:9", model: "studio", prompt: "Gamer swapped into a castle", createdAt: new Date(now - 70 * DAY) },
];
const bigImages: SeedImage[] = Array.from({ length: BIG_COUNT }, (_, i) => ({
  kind: i % 5 === 0 ? "subject-replaced" : "generated",
  aspect: (["16:9", "9:16", "1:1"] as const)[i % 3] ?? "16:9",
  model: "studio",
  prompt: `Bulk thumbnail number ${i}`,
  createdAt: new Date(now - i * 3600_000),
}));

beforeAll(async () => {
  [app, browser] = await Promise.all([
    startApp({}, (dataDir) =>
      seedGallery(dataDir, [
        { email: FILTER_USER, images: filterImages, persona: { name: "Chef Ana", handle: "ana" } },
        { email: PHONE_USER, images: filterImages, persona: { name: "Chef Ana", handle: "ana" } },
        { email: BIG_USER, images: bigImages, sharedFiles: true },
      ]),
    ),
    launchBrowser(),
  ]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const tiles = (page: Page) => page.getByTestId("gallery-tile");
const tabCounts = async (page: Page) => (await page.getByTestId("kind-filters").locator("button").allTextContents()).map((t) => t.trim());

async function openGallery(page: Page, email: string): Promise<void> {
  await signInWithCode(page, app.baseUrl, email);
  await page.getByRole("navigation", { name: "App sections" }).getByRole("link", { name: "Gallery" }).click();
  await page.waitForURL(`${app.baseUrl}/app/gallery`);
}

async function token(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem("sessionToken"))) ?? "";
}

/** Mean absolute difference per channel of two pictures of the same size (0 = identical). */
async function meanDifference(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([sharp(a).removeAlpha().raw().toBuffer(), sharp(b).removeAlpha().raw().toBuffer()]);
  if (x.length !== y.length) return 255;
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs((x[i] ?? 0) - (y[i] ?? 0));
  return sum / x.length;
}

describe.each([
  { width: 1280, colorScheme: "light" as const, email: FILTER_USER },
  { width: 375, colorScheme: "dark" as const, email: PHONE_USER },
])("the gallery in the browser at $width px, $colorScheme", ({ width, colorScheme, email }) => {
  it("fails once and retries, filters with counts, opens the viewer by keyboard, downloads, deletes with undo, zips, goes live and hands an image to the chat", async () => {
    const context = await newContext(browser, { width, height: 800, colorScheme });
    const page = await context.newPage();
    // The first gallery request is held (the loading state shows), then it fails the way a dropped connection would,
    // and so does any other read of the list (a socket that connects late refreshes it) until Retry is pressed.
    let failing = true;
    let releaseFirst: () => void = () => {};
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    await page.route("**/api/users/*/gallery?*", async (route) => {
      if (!failing) return route.continue();
      await firstHeld;
      await route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: "Try again.", code: "unavailable:database" }) });
    });
    await openGallery(page, email);
    await page.getByRole("status", { name: "Loading gallery…" }).waitFor();
    releaseFirst();
    const failed = page.getByTestId("gallery-failed");
    await failed.waitFor();
    expect(await failed.textContent()).toContain("Failed to load gallery");
    failing = false;
    await failed.getByRole("button", { name: "Retry" }).click();
    await tiles(page).first().waitFor();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Gallery");
    await page.getByText("View your generated and subject-replaced images").waitFor();
    expect(await page.getByText("View your generated and subject-replaced images").isVisible()).toBe(true);
    expect(await tabCounts(page)).toEqual(["All Images6", "Generated4", "Subject Replaced2", "Chat Edits0", "Editor Edits0", "From video0"]);
    expect(await tiles(page).count()).toBe(6);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await page.getByTestId("date-heading").allTextContents()).toEqual(expect.arrayContaining(["Today", "Yesterday"]));
    // The failed image survives a reload, with its reason and refund.
    expect(await page.getByTestId("tile-failed").textContent()).toContain("4 credits refunded");
    // No letterboxing: each ready tile's box has the shape of the picture it loaded (9:16, 1:1 and 16:9 alike).
    await page.waitForFunction(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0));
    const shapes = await page.$$eval('[data-testid="gallery-tile"][data-status="ready"]', (els) =>
      els.map((el) => {
        const img = el.querySelector("img");
        const box = el.getBoundingClientRect();
        return { box: box.width / box.height, image: (img?.naturalWidth ?? 0) / (img?.naturalHeight ?? 1) };
      }),
    );
    expect(shapes.map((s) => s.image.toFixed(2)).sort()).toEqual(["0.56", "1.00", "1.00", "1.78", "1.78"]);
    for (const shape of shapes) expect(Math.abs(shape.box - shape.image)).toBeLessThan(0.05);
    expect(await axeViolations(page)).toEqual([]);

    const kinds = page.getByTestId("kind-filters");
    await kinds.getByRole("button", { name: /Subject Replaced/ }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="gallery-tile"]').length === 2);
    await kinds.getByRole("button", { name: /^Generated/ }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="gallery-tile"]').length === 4);
    await kinds.getByRole("button", { name: /All Images/ }).click();
    await page.getByLabel("Model").selectOption({ label: "FLUX.1 Kontext [pro]" });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="gallery-tile"]').length === 2);
    expect(await tabCounts(page)).toEqual(["All Images2", "Generated1", "Subject Replaced1", "Chat Edits0", "Editor Edits0", "From video0"]);
    await page.getByLabel("Model").selectOption("");
    await page.getByLabel("Persona").selectOption({ label: "Chef Ana" });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="gallery-tile"]').length === 2);
    await page.getByLabel("Persona").selectOption("");
    await page.getByRole("searchbox", { name: "Search prompts and chats" }).fill("NEON CHEF");
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="gallery-tile"]').length === 2);
    expect(page.url()).toContain("q=NEON+CHEF");
    await page.getByRole("searchbox", { name: "Search prompts and chats" }).fill("nothing like this");
    await page.getByTestId("gallery-filtered-empty").waitFor();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="gallery-tile"]').length === 6);

    // The viewer, by keyboard: Enter opens, → and ← browse, Escape closes.
    await tiles(page).first().getByRole("button").focus();
    await page.keyboard.press("Enter");
    const viewer = page.getByTestId("image-viewer");
    await viewer.waitFor();
    const first = await viewer.getAttribute("data-image-id");
    expect(await viewer.getByTestId("viewer-prompt").textContent()).toBe("Neon chef cooking at midnight");
    expect(await viewer.textContent()).toContain("Chef Ana");
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction((id) => document.querySelector('[data-testid="image-viewer"]')?.getAttribute("data-image-id") !== id, first);
    await page.keyboard.press("ArrowLeft");
    await page.waitForFunction((id) => document.querySelector('[data-testid="image-viewer"]')?.getAttribute("data-image-id") === id, first);
    expect(await axeViolations(page)).toEqual([]);

    // A download whose bytes decode to the stored image.
    const original = Buffer.from(await (await page.request.get(`${app.baseUrl}/api/images/${first}/original`, { headers: { "x-session-token": await token(page) } })).body());
    for (const format of ["png", "jpeg", "webp"] as const) {
      const [download] = await Promise.all([page.waitForEvent("download"), viewer.getByTestId(`download-${format}`).click()]);
      const bytes = await readFile(await download.path());
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe(format);
      expect([meta.width, meta.height]).toEqual([1280, 720]);
      expect(await meanDifference(bytes, original)).toBeLessThan(format === "png" ? 0.01 : 4);
    }
    await page.keyboard.press("Escape");
    await viewer.waitFor({ state: "detached" });

    // Delete with undo: the tile goes at once, Undo brings it back; without Undo the deletion is sent.
    const victim = tiles(page).nth(1);
    const victimId = await victim.getAttribute("data-image-id");
    await victim.getByRole("button").click();
    await viewer.getByRole("button", { name: "Delete" }).click();
    await page.locator(`[data-testid="gallery-tile"][data-image-id="${victimId}"]`).waitFor({ state: "detached" });
    await viewer.waitFor({ state: "detached" });
    await page.getByTestId("undo-delete").click();
    await page.locator(`[data-testid="gallery-tile"][data-image-id="${victimId}"]`).waitFor();
    await page.locator(`[data-testid="gallery-tile"][data-image-id="${victimId}"]`).getByRole("button").click();
    const deleted = page.waitForResponse((res) => res.request().method() === "DELETE" && res.url().endsWith(`/api/images/${victimId}`), { timeout: 15_000 });
    await viewer.getByRole("button", { name: "Delete" }).click();
    expect((await deleted).status()).toBe(204);
    await page.reload();
    await tiles(page).first().waitFor();
    expect(await tiles(page).count()).toBe(5);
    expect(await page.locator(`[data-testid="gallery-tile"][data-image-id="${victimId}"]`).count()).toBe(0);
    expect((await tabCounts(page))[0]).toBe("All Images5");

    // Select two → one zip.
    await page.getByRole("button", { name: "Select", exact: true }).click();
    const ready = page.locator('[data-testid="gallery-tile"][data-status="ready"] button');
    await ready.nth(0).click();
    await ready.nth(1).click();
    expect(await page.getByTestId("selection-bar").textContent()).toContain("2 selected");
    const [zip] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download .zip" }).click()]);
    expect(zip.suggestedFilename()).toBe("thumbforge-2-images.zip");
    const entries = unzipSync(new Uint8Array(await readFile(await zip.path())));
    expect(Object.keys(entries)).toHaveLength(2);
    for (const bytes of Object.values(entries)) expect((await sharp(Buffer.from(bytes)).metadata()).format).toBe("png");

    // Live: an image made elsewhere (another tab, the chat) appears without a reload.
    const made = await page.request.post(`${app.baseUrl}/api/generate-kontext-image`, {
      headers: { "x-session-token": await token(page), "content-type": "application/json" },
      data: { prompt: "Live tile from another tab", aspect: "9:16" },
    });
    expect(made.status()).toBe(202);
    const { image } = (await made.json()) as { image: { id: string } };
    await page.locator(`[data-testid="gallery-tile"][data-image-id="${image.id}"][data-status="ready"]`).waitFor({ timeout: 30_000 });

    // "Use in chat": a new conversation with the image attached to the composer.
    await page.locator(`[data-testid="gallery-tile"][data-image-id="${image.id}"]`).getByRole("button").click();
    await viewer.getByRole("button", { name: "Next image" }).click();
    await viewer.getByRole("button", { name: "Previous image" }).click();
    await viewer.getByRole("link", { name: "Use in chat" }).click();
    await page.waitForURL(`${app.baseUrl}/app`);
    expect(await page.getByTestId("attachment-chip").textContent()).toContain("Live tile from another tab");
    await context.close();
  }, 180_000);

  it("says so when there are no images yet, with a way to the chat", async () => {
    const context = await newContext(browser, { width, height: 800, colorScheme });
    const page = await context.newPage();
    await openGallery(page, `empty.${width}@example.com`);
    const empty = page.getByTestId("gallery-empty");
    await empty.waitFor();
    expect(await empty.textContent()).toContain("No images yet");
    expect(await tabCounts(page)).toEqual(["All Images0", "Generated0", "Subject Replaced0", "Chat Edits0", "Editor Edits0", "From video0"]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await empty.getByRole("link", { name: "Open the chat" }).click();
    await page.waitForURL(`${app.baseUrl}/app`);
    await context.close();
  }, 60_000);
});

describe("a large gallery in the browser", () => {
  it(`keeps fewer than 300 image elements while scrolling all ${BIG_COUNT.toLocaleString("en")} images`, async () => {
    const context = await newContext(browser, { width: 1280, height: 800 });
    const page = await context.newPage();
    await openGallery(page, BIG_USER);
    await tiles(page).first().waitFor();
    expect((await tabCounts(page))[0]).toBe(`All Images${BIG_COUNT.toLocaleString("en")}`);
    // Counted on every frame, not only between steps.
    await page.evaluate(() => {
      const w = window as unknown as { maxImages: number };
      w.maxImages = 0;
      const count = () => {
        w.maxImages = Math.max(w.maxImages, document.getElementsByTagName("img").length);
        requestAnimationFrame(count);
      };
      count();
    });
    const started = Date.now();
    for (;;) {
      const loaded = Number(await page.getByTestId("gallery-grid").getAttribute("data-images"));
      const atEnd = await page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 4);
      if (loaded >= BIG_COUNT && atEnd) break;
      await page.mouse.wheel(0, 2400);
      await page.waitForTimeout(40);
      if (Date.now() - started > 240_000) throw new Error(`still scrolling after 4 minutes, ${loaded} loaded`);
    }
    const maxImages = await page.evaluate(() => (window as unknown as { maxImages: number }).maxImages);
    console.log(`gallery of ${BIG_COUNT} images scrolled end to end in ${((Date.now() - started) / 1000).toFixed(1)} s: at most ${maxImages} <img> elements at once`);
    expect(maxImages).toBeGreaterThan(0);
    expect(maxImages).toBeLessThan(300);
    // The oldest image is reachable.
    await page.getByRole("button", { name: `Open image: Bulk thumbnail number ${BIG_COUNT - 1}` }).waitFor();
    await context.close();
  }, 300_000);
});
