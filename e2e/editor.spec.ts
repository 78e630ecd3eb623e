import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import sharp from "sharp";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, closeAppAndBrowser, makeChatImage, newContext, openAppAndBrowser, type RunningApp, signInWithCode } from "./harness.ts";

let app: RunningApp;
let browser: Browser;

beforeAll(async () => ({ app, browser } = await openAppAndBrowser()));
afterAll(() => closeAppAndBrowser({ app, browser }));

const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

async function bytesOf(page: Page, path: string): Promise<Buffer> {
  const res = await page.request.get(`${app.baseUrl}${path}`);
  expect(res.status()).toBe(200);
  return Buffer.from(await res.body());
}

async function json<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(`${app.baseUrl}${path}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as T;
}

/** Waits for the canvas to have drawn the picture: its centre pixel is no longer blank. */
async function canvasDrawn(page: Page): Promise<void> {
  await page.locator('[data-testid="editor-canvas"] canvas').first().waitFor();
  await page.waitForFunction(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="editor-canvas"] canvas');
    const ctx = canvas?.getContext("2d");
    if (!canvas || !ctx || canvas.width === 0) return false;
    const [, , , a] = ctx.getImageData(Math.floor(canvas.width / 2), Math.floor(canvas.height / 2), 1, 1).data;
    return (a ?? 0) > 0;
  });
}

/** Before an axe check: transitions finished (a button mid-way between two colours fails contrast). */
async function settled(page: Page): Promise<{ id: string; nodes: string[] }[]> {
  await page.evaluate(async () => {
    await Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => undefined)));
  });
  return axeViolations(page);
}

/** The canvas has stopped changing: two looks 250 ms apart see the same pixels (a face still loading redraws it). */
async function canvasSettled(page: Page): Promise<void> {
  const look = () => page.evaluate(() => document.querySelector<HTMLCanvasElement>('[data-testid="editor-canvas"] canvas')?.toDataURL("image/png") ?? "");
  let before = await look();
  for (let i = 0; i < 40; i++) {
    await page.waitForTimeout(250);
    const now = await look();
    if (now === before) return;
    before = now;
  }
  throw new Error("the editor's canvas kept changing for 10 s");
}

/** Mean absolute difference (of 255) between the canvas and the server's PNG of the same document, scaled to it. */
async function previewAgainstRender(page: Page, region = { x: 0, y: 0, w: 1, h: 1 }): Promise<number> {
  await page.evaluate(() => document.fonts.ready);
  await canvasSettled(page);
  const preview = await page.evaluate(() => document.querySelector<HTMLCanvasElement>('[data-testid="editor-canvas"] canvas')?.toDataURL("image/png") ?? "");
  const shown = await sharp(Buffer.from(preview.split(",")[1] ?? "", "base64")).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  await page.getByRole("tab", { name: "Download Image" }).click();
  await page.getByLabel("PNG (lossless)").check();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("editor-download").click()]);
  const full = await readFile(await download.path());
  const scaled = await sharp(full).resize(shown.info.width, shown.info.height, { fit: "fill" }).removeAlpha().raw().toBuffer();
  const { width, height } = shown.info;
  let sum = 0;
  let n = 0;
  for (let y = Math.floor(region.y * height); y < Math.min(height, (region.y + region.h) * height); y++) {
    for (let x = Math.floor(region.x * width); x < Math.min(width, (region.x + region.w) * width); x++) {
      for (let c = 0; c < 3; c++) {
        const i = (y * width + x) * 3 + c;
        sum += Math.abs((scaled[i] ?? 0) - (shown.data[i] ?? 0));
        n++;
      }
    }
  }
  const mean = sum / n;
  console.log(`preview against the server render: mean absolute difference ${mean.toFixed(2)} of 255 at ${width}×${height}`);
  return mean;
}

/** Drags a range input by key presses, the way a keyboard user does. */
async function nudge(page: Page, label: string, presses: number): Promise<void> {
  const slider = page.getByLabel(label, { exact: true });
  await slider.focus();
  for (let i = 0; i < presses; i++) await slider.press("ArrowRight");
}

describe("the image editor in the browser", () => {
  let context: BrowserContext;
  let page: Page;
  let sourceId = "";
  let sourceBytes: Buffer = Buffer.alloc(0);

  beforeAll(async () => {
    context = await newContext(browser, { width: 1280, height: 900 });
    page = await context.newPage();
    await signInWithCode(page, app.baseUrl, "editor.e2e@example.com");
    sourceId = await makeChatImage(page, 'cartoon thumbnail "DAY ONE" a robot learning to paint');
    sourceBytes = await bytesOf(page, `/api/images/${sourceId}/original`);
  });
  afterAll(async () => {
    await context?.close();
  });

  it("opens a chat image, edits its Studio headline as text, adds and styles a text layer, and saves a new image", async () => {
    await page.getByTestId("open-in-editor").first().click();
    await page.waitForURL(`${app.baseUrl}/app/editor/${sourceId}`);
    await canvasDrawn(page);
    expect(await settled(page)).toEqual([]);

    await page.getByRole("tab", { name: "Add Text" }).click();
    // The Studio's headline is a text layer, not baked pixels.
    const headline = page.locator('[data-layer="headline-0"]');
    await expect.poll(() => headline.textContent()).toMatch(/DAY ONE/);
    await headline.click();
    const words = page.getByLabel("Text", { exact: true });
    expect((await words.inputValue()).replaceAll("\n", " ")).toBe("DAY ONE");
    await words.fill("DAY TWO");
    await expect.poll(() => headline.textContent()).toMatch(/DAY TWO/);
    // Arrow keys move the selected layer; undo takes the move back, redo brings it again.
    await headline.focus();
    await headline.press("Shift+ArrowRight");
    const undo = page.getByRole("button", { name: "Undo" });
    const redo = page.getByRole("button", { name: "Redo" });
    await undo.click();
    await expect.poll(() => redo.isEnabled()).toBe(true);
    await redo.click();

    await page.getByRole("button", { name: "Add text" }).click();
    await words.fill("HELLO EDITOR");
    await page.getByLabel("Colour", { exact: true }).fill("#ffe600");
    await nudge(page, "Outline width", 4);
    await page.getByRole("button", { name: "Centre" }).click();
    expect(await page.locator("[data-layer]").count()).toBe(2);
    // Ctrl+Z removes the centring, Ctrl+Shift+Z restores it.
    await page.locator("body").press("Control+z");
    await expect.poll(() => page.getByRole("button", { name: "Centre" }).getAttribute("aria-pressed")).toBe("false");
    await page.locator("body").press("Control+Shift+z");
    await expect.poll(() => page.getByRole("button", { name: "Centre" }).getAttribute("aria-pressed")).toBe("true");
    expect(await settled(page)).toEqual([]);

    await page.getByTestId("editor-save").click();
    const saved = page.getByTestId("editor-saved");
    await saved.waitFor();
    const editedId = (await saved.getAttribute("data-image-id")) ?? "";
    const { image } = await json<{ image: { kind: string; parentId: string; width: number; height: number; creditsSpent: number } }>(page, `/api/images/${editedId}`);
    expect(image).toMatchObject({ kind: "edited", parentId: sourceId, width: 1280, height: 720, creditsSpent: 0 });
    const user = await json<{ id: string }>(page, "/api/auth/user");
    const gallery = await json<{ images: { id: string; kind: string; parentId: string | null }[] }>(page, `/api/users/${user.id}/gallery`);
    expect(gallery.images).toContainEqual(expect.objectContaining({ id: editedId, kind: "edited", parentId: sourceId }));
    // The original is untouched, byte for byte; the edit is other pixels.
    expect(sha(await bytesOf(page, `/api/images/${sourceId}/original`))).toBe(sha(sourceBytes));
    const edited = await bytesOf(page, `/api/images/${editedId}/original`);
    expect(sha(edited)).not.toBe(sha(sourceBytes));
    const { data } = await sharp(edited).raw().toBuffer({ resolveWithObject: true });
    let yellow = 0;
    for (let i = 0; i < data.length; i += 3) if ((data[i] ?? 0) > 230 && (data[i + 1] ?? 0) > 210 && (data[i + 2] ?? 255) < 40) yellow++;
    expect(yellow).toBeGreaterThan(1500);
  });

  it("shows on the canvas what the server renders: the preview matches the full-size PNG scaled down, CJK included", async () => {
    await page.goto(`${app.baseUrl}/app/editor/${sourceId}`);
    await canvasDrawn(page);
    expect(await previewAgainstRender(page)).toBeLessThan(6);
    // A Chinese layer in ZCOOL KuaiLe, with Japanese kana the face lacks drawn by Dela Gothic One on both sides.
    await page.getByRole("tab", { name: "Add Text" }).click();
    await page.getByRole("button", { name: "Add text" }).click();
    await page.getByLabel("Text", { exact: true }).fill("百日コード");
    await page.getByLabel("Font").selectOption("kuaile");
    await page.getByTestId("editor-canvas").press("Escape");
    // The editor loads a face when a layer first uses it; the canvas is compared once both faces are in.
    await page.waitForFunction(() => ["tf-kuaile", "tf-dela"].every((family) => [...document.fonts].some((f) => f.family === family && f.status === "loaded")), undefined, { timeout: 30_000 });
    // Where the new layer is (a new layer starts 8% from the left, a little below 30% down), where a wrong face or
    // a shifted line shows. Text edges resample differently at preview size: matching glyphs measure 8–9 here.
    expect(await previewAgainstRender(page, { x: 0.06, y: 0.34, w: 0.4, h: 0.2 })).toBeLessThan(14);
  });

  it("crops and downloads a WebP at full resolution whose bytes decode", async () => {
    await page.goto(`${app.baseUrl}/app/editor/${sourceId}`);
    await canvasDrawn(page);
    await page.getByRole("button", { name: "1:1" }).click();
    // On the canvas, the square frame over the whole picture is dragged to the left.
    await page.getByRole("button", { name: "Crop on the canvas" }).click();
    const across = page.getByLabel("Crop position, across");
    expect(Number(await across.inputValue())).toBe(640);
    const box = await page.locator('[data-testid="editor-canvas"] canvas').first().boundingBox();
    if (!box) throw new Error("no canvas");
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 150, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect.poll(async () => Number(await across.inputValue())).toBeLessThan(500);
    await page.getByRole("button", { name: "Done cropping" }).click();
    await page.getByRole("button", { name: "Sepia" }).click();
    await page.getByRole("tab", { name: "Download Image" }).click();
    await page.getByLabel("WebP (smallest)").check();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("editor-download").click()]);
    expect(download.suggestedFilename()).toMatch(/^thumbforge-[0-9a-f]{8}-edited\.webp$/);
    const path = await download.path();
    const meta = await sharp(await readFile(path)).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 720, height: 720 });
  });

  it("fits a phone: the canvas takes the width, the tools go in tabs under it, light and dark", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const phone = await browser.newContext({ viewport: { width: 375, height: 800 }, colorScheme, storageState: await context.storageState() });
      const p = await phone.newPage();
      await p.goto(`${app.baseUrl}/app/editor/${sourceId}`);
      await canvasDrawn(p);
      const canvas = await p.locator('[data-testid="editor-canvas"] canvas').first().boundingBox();
      const tabs = await p.getByRole("tablist").boundingBox();
      expect(canvas?.width).toBeGreaterThan(320);
      expect(canvas?.width).toBeLessThanOrEqual(375);
      expect((tabs?.y ?? 0) > (canvas?.y ?? 0) + (canvas?.height ?? 0) - 1).toBe(true);
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await p.getByRole("tab", { name: "Add Text" }).click();
      expect(await settled(p)).toEqual([]);
      if (colorScheme === "light") {
        // The whole round on a phone: a text layer added and styled, then saved as a new image.
        await p.getByRole("button", { name: "Add text" }).click();
        await p.getByLabel("Text", { exact: true }).fill("ON A PHONE");
        await p.getByRole("button", { name: "Right" }).click();
        await p.getByTestId("editor-save").click();
        const saved = p.getByTestId("editor-saved");
        await saved.waitFor();
        const { image } = await json<{ image: { kind: string; parentId: string } }>(p, `/api/images/${await saved.getAttribute("data-image-id")}`);
        expect(image).toMatchObject({ kind: "edited", parentId: sourceId });
      }
      await phone.close();
    }
  });
});
