// The graph edits on the real ISNet files: a model onnxruntime accepts and runs, at a small square to stay quick.
import * as ort from "onnxruntime-node";
import { describe, expect, it } from "vitest";
import { editIsnetGraph, ISNET_EXPORT_EDGE } from "./isnet-graph.ts";
import { readModel } from "./model-files.ts";
import { sessionOptions } from "./model-session.ts";

const RUN = 120_000;

async function runAt(model: Uint8Array, edge: number): Promise<ort.Tensor> {
  const session = await ort.InferenceSession.create(model, sessionOptions);
  try {
    const [input = "", output = ""] = [session.inputNames[0], session.outputNames[0]];
    const feeds = { [input]: new ort.Tensor("float32", new Float32Array(3 * edge * edge).fill(0.1), [1, 3, edge, edge]) };
    const result = (await session.run(feeds, [output]))[output];
    if (!result) throw new Error("no output");
    return result;
  } finally {
    await session.release();
  }
}

describe("editIsnetGraph", () => {
  it(
    "widens every float16 weight and Cast of the fp16 model, and sizes the graph for a smaller square",
    async () => {
      const { model, edits } = editIsnetGraph(await readModel("fp16"), { edge: 128, widen: true });
      expect(edits.widenedTensors).toBeGreaterThan(100);
      expect(edits.widenedCasts).toBeGreaterThan(0);
      expect(edits.resizedSizes).toBe(39);
      const output = await runAt(model, 128);
      expect(output.type).toBe("float32");
      expect(output.dims).toEqual([1, 1, 128, 128]);
      const mask = output.data as Float32Array;
      expect(mask.every((p) => p >= 0 && p <= 1)).toBe(true);
    },
    RUN,
  );

  it(
    "refuses to resize a graph whose upsampling sizes it does not find (the quint8 export stores them otherwise)",
    async () => {
      const model = await readModel("quint8");
      expect(() => editIsnetGraph(model, { edge: 256, widen: false })).toThrow(/found 0 upsampling sizes, expected 39/);
      expect(editIsnetGraph(model, { edge: ISNET_EXPORT_EDGE, widen: false }).edits).toEqual({ widenedTensors: 0, widenedCasts: 0, resizedSizes: 0 });
    },
    RUN,
  );

  it("refuses a square the encoder cannot halve five times, or one larger than the export", async () => {
    const model = await readModel("quint8");
    expect(() => editIsnetGraph(model, { edge: 500, widen: false })).toThrow(/multiple of 32/);
    expect(() => editIsnetGraph(model, { edge: 2 * ISNET_EXPORT_EDGE, widen: false })).toThrow(/multiple of 32/);
  });
});
