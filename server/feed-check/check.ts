import {
  type FeedCheck,
  type FeedSizeId,
  type FeedSizeResult,
  type FeedTheme,
  type FeedVerdict,
  feedSizeIds,
  feedSizes,
  feedThemes,
  type Finding,
  type ReadMethod,
} from "../../contract/feed-check.ts";
import { headlineCropForOcr, ocrScale, type Rect, renderSlot, type RenderedSlot, toSlot, upscaleForOcr } from "./feed-slot.ts";
import { buildFindings, type SlotReading } from "./findings.ts";
import type { OcrEngine, OcrLanguage, OcrReading } from "./engine.ts";
import { CAP_FAIR, CAP_GOOD, CJK_FAIR, CJK_GOOD, CONTRAST_FAIR, CONTRAST_GOOD } from "../../contract/legibility.ts";
import { boxContrast, meanColour, overlapShare } from "./pixels.ts";
import { promptHeadline, type SceneFacts, sceneFacts } from "./scene-facts.ts";
import { isCjk, READS_DISTANCE, readDistance } from "./text-match.ts";

export interface CheckInput {
  imageId: string;
  png: Buffer;
  width: number;
  height: number;
  scene: unknown;
  prompt: string | null;
  title: string | null;
  /** The other images of its A/B pack that are ready, with their glance (pixels.ts). */
  siblings: { id: string; glance: Buffer }[];
  glance: Buffer;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function ocrLanguageFor(headline: string | null): OcrLanguage {
  if (!headline || !isCjk(headline)) return "eng";
  return /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(headline) ? "jpn" : "chi_sim";
}

/** The slots the feed shows, one render each: sizes of the same pixels (desktop home and search) share one. */
function slotKey(size: FeedSizeId, theme: FeedTheme): string {
  const { width, height } = feedSizes[size];
  return `${width}x${height}:${theme}`;
}


/**
 * The feed check of one image (docs/product/feed-check.md): its renders at every feed size and theme, the words read
 * back, the figures measured and the findings. Everything but checkedAt follows from the input alone.
 */
export async function runFeedCheck(input: CheckInput, ocr: OcrEngine, now: Date, options: { ocrForCjk?: boolean } = {}): Promise<FeedCheck> {
  const facts = sceneFacts(input.scene);
  const headline = facts?.headline?.text ?? promptHeadline(input.prompt);
  const method = readMethodFor(headline, facts, options);
  const language = ocrLanguageFor(headline);
  const image = { width: input.width, height: input.height };
  // The scene's pixel sizes are its render's; a stored original may have been scaled since.
  const sceneScale = facts ? input.width / facts.width : 1;

  const slots = new Map<string, RenderedSlot>();
  const readings = new Map<string, OcrReading>();
  const results: SlotReading[] = [];
  for (const size of feedSizeIds) {
    for (const theme of feedThemes) {
      const key = slotKey(size, theme);
      let slot = slots.get(key);
      if (!slot) {
        slot = await renderSlot(input.png, image, feedSizes[size], theme);
        slots.set(key, slot);
      }
      let reading: OcrReading | undefined;
      if (method === "ocr") {
        // The two themes differ only in the rounded corners, which hold no words: each size is read once.
        const sizeKey = `${feedSizes[size].width}x${feedSizes[size].height}`;
        reading = readings.get(sizeKey);
        if (!reading) {
          const box = facts?.headline ? toSlot(scaled(facts.headline.box, sceneScale), slot.place) : undefined;
          reading = box ? await ocr.read(await headlineCropForOcr(slot, box), language, "block") : withoutBadge(await ocr.read(await upscaleForOcr(slot), language, "sparse"), slot);
          readings.set(sizeKey, reading);
        }
      }
      const headlineBoxes = facts?.headline
        ? [toSlot(scaled(facts.headline.box, sceneScale), slot.place)]
        : (reading?.words ?? []).filter((w) => w.text.trim() !== "").map((w) => scaled(w.box, 1 / ocrScale(slot)));
      results.push({ size, theme, slot, reading, headlineBoxes });
    }
  }

  const sizes = readsWhereSmallerReads(results.map((r) => sizeResult(r, { facts, headline, method, sceneScale })));
  const largest = results.find((r) => r.size === "tv" && r.theme === "dark")!;
  const backdrop = facts?.headline ? meanColour(largest.slot.rgb, largest.slot.width, largest.slot.height, largest.headlineBoxes[0]!) : undefined;
  const findings: Finding[] = buildFindings({
    sizes,
    slots: results,
    facts,
    sceneScale,
    headline,
    title: input.title,
    prompt: input.prompt,
    method,
    backdrop,
    siblings: input.siblings,
    glance: input.glance,
  });
  return {
    imageId: input.imageId,
    headline,
    title: input.title,
    method,
    ocrLanguage: method === "ocr" ? language : null,
    readsOnPhones: sizes.filter((s) => feedSizes[s.size].phone).every((s) => s.reads),
    sizes,
    findings,
    checkedAt: now.toISOString(),
  };
}

/**
 * A CJK headline is judged by the scene's figures, never by OCR: Japanese data reads nothing at feed sizes and Chinese
 * data too unevenly (docs/decisions/035-the-feed-check.md); the bench asks for OCR to measure that. With no headline
 * known, or a CJK one without a scene text layer to measure, nothing can be read or measured: "none", and no size is
 * said to read.
 */
function readMethodFor(headline: string | null, facts: SceneFacts | undefined, options: { ocrForCjk?: boolean }): ReadMethod {
  if (headline === null) return "none";
  if (!isCjk(headline) || options.ocrForCjk) return "ocr";
  return facts?.headline ? "scene" : "none";
}

/**
 * The words read, less the badge's own ("10:24"): a viewer reads it, but it is not the picture's. Only figures in the
 * badge go; a headline word under it stays, so the check can say it is hidden.
 */
function withoutBadge(reading: OcrReading, slot: RenderedSlot): OcrReading {
  const factor = ocrScale(slot);
  const words = reading.words.filter((w) => !/^[\d:.;,]+$/u.test(w.text.trim()) || overlapShare(scaled(w.box, 1 / factor), slot.badge) < 0.5);
  return { text: words.map((w) => w.text).join(" "), words };
}

function scaled(rect: Rect, factor: number): Rect {
  return { x: rect.x * factor, y: rect.y * factor, w: rect.w * factor, h: rect.h * factor };
}

/**
 * Shrinking only takes detail away: words that read in a smaller slot read in every larger one. OCR, tuned to
 * body text, sometimes misses very large letters, which no viewer does; such a size is given the smaller one's
 * reading (its own read-back and distance are kept, so the figures still say what OCR saw).
 */
function readsWhereSmallerReads(sizes: FeedSizeResult[]): FeedSizeResult[] {
  return sizes.map((result) => {
    if (result.reads || result.distance === null) return result;
    const smallerReads = sizes.some((other) => other.theme === result.theme && other.width < result.width && other.distance !== null && other.reads);
    if (!smallerReads) return result;
    // OCR is used only for Latin scripts where there is a scene, so its cap heights are judged by the Latin figure.
    return { ...result, reads: true, verdict: verdictOf(true, result.capHeight, result.contrast, CAP_GOOD) };
  });
}

/** The smallest rectangle around all of them. */
export function union(rects: Rect[]): Rect | undefined {
  if (rects.length === 0) return undefined;
  const x0 = Math.min(...rects.map((r) => r.x));
  const y0 = Math.min(...rects.map((r) => r.y));
  const x1 = Math.max(...rects.map((r) => r.x + r.w));
  const y1 = Math.max(...rects.map((r) => r.y + r.h));
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

function sizeResult(
  { size, theme, slot, reading, headlineBoxes }: SlotReading,
  context: { facts: SceneFacts | undefined; headline: string | null; method: ReadMethod; sceneScale: number },
): FeedSizeResult {
  const { facts, headline, method, sceneScale } = context;
  const layer = facts?.headline;
  const capHeight = layer ? round2(layer.size * layer.capShare * sceneScale * slot.place.scale) : null;
  const box = union(headlineBoxes);
  const measured = box ? boxContrast(slot.rgb, slot.width, slot.height, box) : null;
  const contrast = measured === null ? null : round2(measured);
  const readBack = reading ? reading.text.replace(/\s+/gu, " ").trim() : null;
  if (method === "none" || headline === null) {
    // Nothing read and nothing measured: no size is said to read, and the verdict rests on the contrast alone.
    const verdict: FeedVerdict = contrast !== null && contrast < CONTRAST_FAIR ? "fail" : "warn";
    return { size, theme, width: slot.width, height: slot.height, verdict, reads: false, readBack: null, distance: null, capHeight, contrast };
  }
  let reads: boolean;
  let distance: number | null = null;
  if (method === "scene") {
    const fair = layer?.cjk ? CJK_FAIR : CAP_FAIR;
    reads = capHeight !== null && capHeight >= fair && (contrast ?? CONTRAST_GOOD) >= CONTRAST_FAIR;
  } else {
    distance = round2(readDistance(headline, readBack ?? ""));
    reads = distance <= READS_DISTANCE;
  }
  const verdict = verdictOf(reads, capHeight, contrast, layer?.cjk ? CJK_GOOD : CAP_GOOD);
  return { size, theme, width: slot.width, height: slot.height, verdict, reads, readBack: method === "ocr" ? readBack : null, distance, capHeight, contrast };
}

/** Fails when the words do not read or barely stand out; warns when they read but are small or weak. */
function verdictOf(reads: boolean, capHeight: number | null, contrast: number | null, good: number): FeedVerdict {
  if (!reads || (contrast !== null && contrast < CONTRAST_FAIR)) return "fail";
  if ((capHeight !== null && capHeight < good) || (contrast !== null && contrast < CONTRAST_GOOD)) return "warn";
  return "pass";
}
