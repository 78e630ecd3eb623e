import type { OcrEngine } from "../feed-check/engine.ts";
import type { LearnDeps } from "../style-kits/learn.ts";

/** What a style kit learns with: the feed check's OCR engine, with its English data (headlines in Latin script; decision 041). */
export function styleKitLearning(ocr: Pick<OcrEngine, "read">): LearnDeps {
  return { readText: (png) => ocr.read(png, "eng", "sparse") };
}
