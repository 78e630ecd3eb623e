import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { type FeedSizeResult, feedSizeIds, feedSizes, feedThemes } from "../../contract/feed-check.ts";
import { runFeedCheck } from "./check.ts";
import { createOcrEngine } from "./engine.ts";
import { renderSlot } from "./feed-slot.ts";
import { buildFindings, type FindingInput, type SlotReading } from "./findings.ts";
import { glance } from "./pixels.ts";

// The findings' rules on real renders of a plain picture, with the words OCR would read given here
// (docs/product/feed-check.md).
let png: Buffer;
let slots: SlotReading[];
const image = { width: 1280, height: 720 };

beforeAll(async () => {
  png = await sharp({ create: { ...image, channels: 3, background: "#1d3557" } }).png().toBuffer();
  slots = [];
  for (const size of feedSizeIds) for (const theme of feedThemes) slots.push({ size, theme, slot: await renderSlot(png, image, feedSizes[size], theme), reading: undefined, headlineBoxes: [] });
});

function input(overrides: Partial<FindingInput>): FindingInput {
  return { sizes: [], slots, facts: undefined, sceneScale: 1, headline: "100 DAYS OF CODING", title: null, prompt: null, method: "ocr", backdrop: undefined, siblings: [], glance: Buffer.alloc(0), ...overrides };
}

const result = (slot: SlotReading, fields: Partial<FeedSizeResult>): FeedSizeResult => ({
  size: slot.size,
  theme: slot.theme,
  width: slot.slot.width,
  height: slot.slot.height,
  verdict: "pass",
  reads: true,
  readBack: null,
  distance: 0,
  capHeight: null,
  contrast: null,
  ...fields,
});

describe("misread", () => {
  it("needs the wrong word at two slot sizes: desktop home and search share one render, so they count once", () => {
    const read = (wrong: (width: number) => boolean) =>
      slots.map((s) => ({ ...s, reading: { text: wrong(s.slot.width) ? "100 DAYS OF CODNIG" : "100 DAYS OF CODING", words: [] } }));
    const onlyDesktop = buildFindings(input({ slots: read((width) => width === 360) }));
    expect(onlyDesktop.map((f) => f.id)).not.toContain("misread");
    const desktopAndTv = buildFindings(input({ slots: read((width) => width === 360 || width === 427) }));
    expect(desktopAndTv.find((f) => f.id === "misread")).toMatchObject({ sizes: ["desktop-home", "desktop-search", "tv"], details: { misread: "CODNIG" } });
  });
});

describe("unreadable", () => {
  it("explains the sizes that fail where no other finding does", () => {
    // OCR read nothing anywhere: the small slots are the small headline's, the large ones nobody else's.
    const sizes = slots.map((s) => result(s, { verdict: "fail", reads: false, readBack: "", distance: 1 }));
    const findings = buildFindings(input({ sizes }));
    expect(findings.find((f) => f.id === "small-headline")?.sizes).toEqual(["desktop-up-next", "mobile-search"]);
    expect(findings.find((f) => f.id === "unreadable")).toEqual({ id: "unreadable", severity: "fail", sizes: ["desktop-home", "desktop-search", "mobile-home", "tv"], details: {}, fix: null });

    // With a text layer to grow, the bigger headline is its fix.
    const facts = { width: 1280, height: 720, headline: { text: "100 DAYS OF CODING", cjk: false, size: 120, capShare: 0.859, box: { x: 100, y: 100, w: 1000, h: 150 }, fill: "#ffffff", scale: 1 }, subjects: [] };
    const large = slots.map((s) => result(s, { verdict: s.slot.width >= 300 ? "fail" : "pass", reads: s.slot.width < 300, capHeight: 30, contrast: 8 }));
    expect(buildFindings(input({ sizes: large, facts })).find((f) => f.id === "unreadable")).toMatchObject({ fix: { id: "bigger-headline", changes: { headlineScale: 2 } } });
  });

  it("is not said when every failing size is explained, or nothing fails", () => {
    const sizes = slots.map((s) => result(s, { verdict: s.slot.width < 200 ? "fail" : "pass", reads: s.slot.width >= 200, readBack: "", distance: s.slot.width < 200 ? 1 : 0 }));
    expect(buildFindings(input({ sizes })).map((f) => f.id)).toEqual(["small-headline"]);
  });
});

describe("small-subject", () => {
  it("names the small slots it is lost in", () => {
    const facts = { width: 1280, height: 720, headline: undefined, subjects: [{ x: 600, y: 300, w: 200, h: 200 }] };
    const sizes = slots.map((s) => result(s, { reads: false, distance: null }));
    expect(buildFindings(input({ sizes, facts, headline: null, method: "none" })).find((f) => f.id === "small-subject")?.sizes).toEqual(["desktop-up-next", "mobile-search"]);
  });
});

describe("a check with nothing to read", () => {
  const check = async (prompt: string | null) => {
    // Closed, so any read would fail the check: nothing is read.
    const ocr = createOcrEngine();
    await ocr.close();
    return runFeedCheck({ imageId: "i", png, ...image, scene: null, prompt, title: null, siblings: [], glance: await glance(png) }, ocr, new Date(0));
  };

  it("says no size reads for a CJK headline without a scene, and claims nothing it did not measure", async () => {
    const result = await check("「最強の朝ごはん」のサムネイル");
    expect(result.headline).toBe("最強の朝ごはん");
    expect(result.method).toBe("none");
    expect(result.ocrLanguage).toBeNull();
    expect(result.readsOnPhones).toBe(false);
    expect(result.sizes.every((s) => !s.reads && s.verdict === "warn" && s.readBack === null)).toBe(true);
    expect(result.findings).toEqual([]);
  });

  it("says the same when no headline is known at all", async () => {
    const result = await check("a calm blue picture");
    expect(result.headline).toBeNull();
    expect(result.method).toBe("none");
    expect(result.readsOnPhones).toBe(false);
    expect(result.sizes.every((s) => !s.reads && s.verdict === "warn")).toBe(true);
    expect(result.findings).toEqual([]);
  });
});
