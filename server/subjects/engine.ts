import sharp from "sharp";
import { AppError } from "../errors/app-error.ts";
import type { Logger } from "../logger.ts";
import { boxOf, type Box, maskAtSize, maskBytes, padBox } from "./mask.ts";
import type { ModelVariant } from "./model-files.ts";
import { type MaskModel, openIsnetModel } from "./model-session.ts";
import { decodePhoto, modelInput } from "./preprocess.ts";
import { cropPhoto, cutoutPixels } from "./edges.ts";
import { createBoundedQueue } from "./queue.ts";
import { judgeSubject } from "./subject-presence.ts";

export type { Box } from "./mask.ts";
export type { ModelVariant } from "./model-files.ts";

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

export interface SubjectExtractor {
  /** Throws `unprocessable:image` for bytes that do not decode, `invalid:no_subject`, `unavailable:subjects_busy`. */
  extract(input: Buffer, signal?: AbortSignal): Promise<Extraction>;
  /** Loads the model and runs it once, so the first photo does not pay for either. */
  warmUp(): Promise<void>;
  close(): Promise<void>;
}

export interface SubjectExtractorOptions {
  logger: Logger;
  /** decision 013: fp32 (the fp16 file widened) by default. */
  variant?: ModelVariant;
  /** Photos that may wait while one is cut out; more are refused as busy. */
  maxQueue?: number;
  /** Where the widened model file is kept (DATA_DIR/models in the app); the system's temporary directory if unset. */
  modelCacheDir?: string;
  /** Another model in place of ISNet (tests). */
  openModel?: () => Promise<MaskModel>;
}

const noSubject = () =>
  new AppError("invalid:no_subject", "We could not find a person or object to cut out in this photo. Try a photo with a clear subject.");

/** A subject box at least this opaque; softer pixels (hair) still reach the cut-out through its padding. */
const BOX_THRESHOLD = 128;

/**
 * Cuts the subject out of a photo: one model per process, loaded on first use and kept, and one photo at a time
 * (a run takes both cores and most of a gigabyte; decision 013).
 */
export function createSubjectExtractor({ logger, variant = "fp32", maxQueue = 8, modelCacheDir, openModel }: SubjectExtractorOptions): SubjectExtractor {
  const queue = createBoundedQueue({ concurrency: 1, maxQueue });
  let model: Promise<MaskModel> | undefined;

  const loaded = (): Promise<MaskModel> => {
    if (!model) {
      const started = performance.now();
      model = (openModel ?? (() => openIsnetModel(variant, undefined, undefined, modelCacheDir)))().then(
        (ready) => {
          logger.info({ variant, ms: Math.round(performance.now() - started) }, "subject model loaded");
          return ready;
        },
        (err: unknown) => {
          model = undefined; // a failed load is retried by the next photo, not remembered
          throw err;
        },
      );
    }
    return model;
  };

  const extractNow = async (input: Buffer, signal: AbortSignal | undefined): Promise<Extraction> => {
    const photo = await decodePhoto(input);
    const ready = await loaded();
    signal?.throwIfAborted();
    const square = maskBytes(await ready.predict(await modelInput(photo, ready.edge)));
    const missing = judgeSubject(square, ready.edge);
    if (missing) {
      logger.info({ reason: missing }, "no subject in photo");
      throw noSubject();
    }
    const { width, height } = photo;
    const mask = await maskAtSize(square, ready.edge, width, height);
    const box = boxOf(mask, width, height, BOX_THRESHOLD);
    if (!box) throw noSubject();
    const cutoutBox = padBox(box, Math.max(8, Math.round(0.03 * Math.max(box.width, box.height))), width, height);
    // Only the cut-out's own region is unmixed and encoded: less memory, and shorter loops on the event loop.
    const region = await cropPhoto(photo, mask, cutoutBox);
    const rgba = await cutoutPixels(region.photo, region.mask);
    const cutoutPng = await sharp(rgba, { raw: { width: cutoutBox.width, height: cutoutBox.height, channels: 4 } })
      .png({ compressionLevel: 6 })
      .toBuffer();
    return { width, height, mask, box, cutoutPng, cutoutBox };
  };

  return {
    extract: (input, signal) => queue.run(() => extractNow(input, signal), signal),
    // Queued like a photo: a warm-up beside a photo's run would hold two runs' memory.
    warmUp: () =>
      queue.run(async () => {
        const ready = await loaded();
        await ready.predict(new Float32Array(3 * ready.edge * ready.edge));
      }),
    async close() {
      const pending = model;
      model = undefined;
      if (pending) await (await pending).release();
    },
  };
}
