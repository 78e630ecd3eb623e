import sharp from "sharp";
import { boxOf, type Box, maskAtSize, maskBytes, padBox } from "./mask.ts";
import type { MaskModel } from "./model-session.ts";
import { decodePhoto, modelInput } from "./preprocess.ts";
import { cropPhoto, cutoutPixels } from "./edges.ts";
import { judgeSubject, type NoSubjectReason } from "./subject-presence.ts";

export interface Extraction {
  /** The photo's size, upright. */
  width: number;
  height: number;
  /** 8-bit alpha, width × height, row by row. */
  mask: Buffer;
  /** The subject (pixels at least half opaque), in the photo's coordinates. */
  box: Box;
  /** RGBA PNG at the photo's resolution, cropped to `cutoutBox`. */
  cutoutPng: Buffer;
  /** Where the cut-out sits in the photo: `box` with padding, inside the photo. */
  cutoutBox: Box;
}

/** A subject box at least this opaque; softer pixels (hair) still reach the cut-out through its padding. */
const BOX_THRESHOLD = 128;

/**
 * The whole cut-out of one photo (decision 013): decode, the model's square, the mask, the no-subject check, the mask
 * at the photo's size, edge colours and the PNG. Runs in the extraction worker (extract-worker.ts) with the model
 * loaded there; a photo that does not decode throws `unprocessable:image`, a photo without a subject answers why.
 */
export async function cutOut(loadModel: () => Promise<MaskModel>, input: Buffer): Promise<Extraction | { noSubject: NoSubjectReason | "empty_box" }> {
  // Decoded first: bytes that are no photo are refused without loading the model.
  const photo = await decodePhoto(input);
  const model = await loadModel();
  const square = maskBytes(await model.predict(await modelInput(photo, model.edge)));
  const missing = judgeSubject(square, model.edge);
  if (missing) return { noSubject: missing };
  const { width, height } = photo;
  const mask = await maskAtSize(square, model.edge, width, height);
  const box = boxOf(mask, width, height, BOX_THRESHOLD);
  if (!box) return { noSubject: "empty_box" };
  const cutoutBox = padBox(box, Math.max(8, Math.round(0.03 * Math.max(box.width, box.height))), width, height);
  // Only the cut-out's own region is unmixed and encoded: less memory, and shorter loops.
  const region = await cropPhoto(photo, mask, cutoutBox);
  const rgba = await cutoutPixels(region.photo, region.mask);
  const cutoutPng = await sharp(rgba, { raw: { width: cutoutBox.width, height: cutoutBox.height, channels: 4 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
  return { width, height, mask, box, cutoutPng, cutoutBox };
}

/** A job for cutOut's runner: a photo (its own copy, moved to the worker), or a warm-up run on a blank square. */
export type ExtractJob = { kind: "extract"; photo: Uint8Array } | { kind: "warm-up" };

export interface ExtractResult {
  extraction?: Extraction;
  noSubject?: NoSubjectReason | "empty_box";
  /** Set by the job that loaded the model: how long the load took. */
  loadedMs?: number;
}

/**
 * Runs extraction jobs over one model, loaded by the first job and kept; a failed load is tried again by the next
 * job, not remembered. The extraction worker holds one; so does the extractor when a test gives it a model.
 */
export function createCutoutRunner(openModel: () => Promise<MaskModel>) {
  let model: Promise<MaskModel> | undefined;
  let loadedMs: number | undefined;
  const loaded = (): Promise<MaskModel> => {
    if (!model) {
      const started = performance.now();
      model = openModel().then(
        (ready) => {
          loadedMs = performance.now() - started;
          return ready;
        },
        (err: unknown) => {
          model = undefined;
          throw err;
        },
      );
    }
    return model;
  };
  /** The load's time, told once. */
  const took = () => {
    const ms = loadedMs;
    loadedMs = undefined;
    return ms === undefined ? {} : { loadedMs: ms };
  };
  return {
    /** `ready` sees the model before it runs (the in-thread extractor checks its abort signal there). */
    async run(job: ExtractJob, ready?: () => void): Promise<ExtractResult> {
      if (job.kind === "warm-up") {
        const loadedModel = await loaded();
        await loadedModel.predict(new Float32Array(3 * loadedModel.edge * loadedModel.edge));
        return took();
      }
      const photo = Buffer.from(job.photo.buffer, job.photo.byteOffset, job.photo.byteLength);
      const outcome = await cutOut(async () => {
        const loadedModel = await loaded();
        ready?.();
        return loadedModel;
      }, photo);
      return "noSubject" in outcome ? { noSubject: outcome.noSubject, ...took() } : { extraction: outcome, ...took() };
    },
    async release() {
      const pending = model;
      model = undefined;
      if (pending) await (await pending).release();
    },
  };
}
