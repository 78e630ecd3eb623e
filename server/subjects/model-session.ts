import * as ort from "onnxruntime-node";
import { editedModelPath } from "./edited-model.ts";
import { ISNET_EXPORT_EDGE } from "./isnet-graph.ts";
import { readModel, type ModelVariant } from "./model-files.ts";

/**
 * The square ISNet runs at: the 1024² it was exported at. isnet-graph.ts can rewrite the graph for a smaller square
 * (896² is three quarters of the work), but the masks then change: at 896² within IoU 0.99 of the 1024² ones yet with
 * edges that keep more of the old background's colour, at 768² and 512² far off on some photos (decision 013).
 */
export const MODEL_EDGE = ISNET_EXPORT_EDGE;

/** What the extractor needs from a segmentation model: a foreground probability per pixel of an `edge` square. */
export interface MaskModel {
  /** The square's side, a multiple of 128 (subject-presence.ts judges the mask on a 128² grid). */
  edge: number;
  /** `input` is 1×3×edge×edge, planar RGB normalised as the model was trained ((v − 128) / 256). */
  predict(input: Float32Array): Promise<Float32Array>;
  release(): Promise<void>;
}

/**
 * Options measured in docs/decisions/013-subject-extraction.md: without the arena and the memory pattern onnxruntime
 * frees each activation (up to 67 MB at 1024 px) when its last reader is done instead of keeping the peak of a run
 * reserved, which halves the resident memory for the same speed; sequential execution keeps two branches' activations
 * from being alive at once. Two intra-op threads: one per core of the machine. "extended" rather than "all" leaves
 * out the NCHWc layout rewrite, whose reordered copies of the weights and activations cost ~170 MB at no measured
 * gain in speed.
 */
export const sessionOptions: ort.InferenceSession.SessionOptions = {
  executionProviders: ["cpu"],
  graphOptimizationLevel: "extended",
  executionMode: "sequential",
  intraOpNumThreads: 2,
  interOpNumThreads: 1,
  enableCpuMemArena: false,
  enableMemPattern: false,
  logSeverityLevel: 3,
};

/** Loads ISNet from the npm data package, edited for `edge` (and widened for "fp32"), into onnxruntime's CPU provider. */
export async function openIsnetModel(
  variant: ModelVariant,
  options: ort.InferenceSession.SessionOptions = sessionOptions,
  edge: number = MODEL_EDGE,
  cacheDir?: string,
): Promise<MaskModel> {
  if (edge % 128 !== 0) throw new Error(`ISNet: edge ${edge} is not a multiple of 128`);
  const widen = variant === "fp32";
  // An edited model is loaded from its file (edited-model.ts), so no JavaScript copy of it is alive beside onnxruntime's.
  const session =
    widen || edge !== ISNET_EXPORT_EDGE
      ? await ort.InferenceSession.create(await editedModelPath(variant, edge, widen, cacheDir), options)
      : await ort.InferenceSession.create(await readModel(variant), options);
  const [inputName] = session.inputNames;
  const [outputName] = session.outputNames;
  if (!inputName || !outputName) throw new Error(`ISNet ${variant}: the model has no input or output`);
  return {
    edge,
    async predict(input) {
      const feeds = { [inputName]: new ort.Tensor("float32", input, [1, 3, edge, edge]) };
      // Fetch only the final mask: by default the graph also returns its eleven side outputs (hundreds of MB).
      const result = await session.run(feeds, [outputName]);
      const output = result[outputName];
      if (!output || output.type !== "float32") throw new Error(`ISNet ${variant}: no float mask in the output`);
      return output.data as Float32Array;
    },
    release: () => session.release(),
  };
}
