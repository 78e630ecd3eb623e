import { AppError } from "../errors/app-error.ts";
import type { Box as ExtractionBox, SubjectExtractor } from "./engine.ts";
import type { SwapWorkerPool } from "./inpaint-pool.ts";
import { swapSubject } from "./swap.ts";

/** Progress of a swap, in the stages the image jobs report. */
export interface SwapProgress {
  stage: "subjects" | "background" | "encode";
  percent: number;
}

// A failed swap's image is failed with this code, which the web turns into what to try instead.
const noClearSubject = (cause: AppError) =>
  new AppError("unprocessable:swap_subject", "There is no one clear person in that image to swap. Try a photo with one person, or one of your Studio thumbnails.", undefined, { cause });

/**
 * The whole local swap: the base image's subject found with the same model as persona cut-outs, then its place
 * filled and the persona put in (swap.ts, in the worker pool). One instance per process: the model and the worker
 * are loaded once.
 */
export function createSubjectSwapper(deps: { extractor: SubjectExtractor; pool: SwapWorkerPool }) {
  const toSwapBox = (box: ExtractionBox) => ({ x: box.left, y: box.top, width: box.width, height: box.height });
  return {
    async replace(input: { base: Buffer; persona: Buffer; seed: number; signal: AbortSignal; onProgress: (progress: SwapProgress) => void }) {
      input.onProgress({ stage: "subjects", percent: 5 });
      const subject = await deps.extractor.extract(input.base, input.signal).catch((err: unknown) => {
        throw err instanceof AppError && err.code === "invalid:no_subject" ? noClearSubject(err) : err;
      });
      input.onProgress({ stage: "background", percent: 45 });
      const swapped = await swapSubject(
        { base: input.base, subjectMask: subject.mask, subjectBox: toSwapBox(subject.box), persona: input.persona, seed: input.seed, format: "png", signal: input.signal },
        deps.pool,
      );
      input.onProgress({ stage: "encode", percent: 100 });
      return { png: swapped.image, width: swapped.width, height: swapped.height };
    },
  };
}
