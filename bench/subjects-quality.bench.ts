// Subject extraction at a smaller model square than 1024² (decision 013): how far each one's masks are from the
// 1024² ones on the fixture photos — IoU of the subject (≥ 50 % opaque) and the mean distance between the outlines
// in pixels — against the bar for adopting a smaller square: IoU ≥ 0.97 on every photo. Masks only, so no time is
// measured: every square runs the same pipeline on the calling thread, one model loaded at a time.
// `npm run bench -- subjects-quality`; BENCH_QUALITY_EDGES sets the squares tried (512,768,896).
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { createLogger } from "../server/logger.ts";
import { createSubjectExtractor } from "../server/subjects/engine.ts";
import { ISNET_EXPORT_EDGE } from "../server/subjects/isnet-graph.ts";
import { openIsnetModel } from "../server/subjects/model-session.ts";
import { maskIoU, meanEdgeError } from "./mask-compare.ts";

const IOU_BAR = 0.97;
const EDGES = (process.env.BENCH_QUALITY_EDGES ?? "512,768,896").split(",").map(Number);
const fixtures = join(import.meta.dirname, "../server/subjects/fixtures");

async function photos(): Promise<[string, Buffer][]> {
  const composite = await readFile(join(fixtures, "astronaut-composite.jpg"));
  return [
    ["astronaut.png (512×512)", await readFile(join(fixtures, "astronaut.png"))],
    ["astronaut-composite.jpg (1400×1050)", composite],
    ["figure-composite.jpg (900×1200)", await readFile(join(fixtures, "figure-composite.jpg"))],
    // The bench's 1024×768 photo (bench/subjects.bench.ts).
    ["astronaut-composite at 1024×768", await sharp(composite).resize(1024).jpeg({ quality: 90 }).toBuffer()],
  ];
}

async function masksAt(edge: number, inputs: [string, Buffer][]): Promise<{ mask: Buffer; width: number; height: number }[]> {
  const extractor = createSubjectExtractor({ logger: createLogger({ logLevel: "silent", isProduction: false }), openModel: () => openIsnetModel("fp32", undefined, edge) });
  try {
    const masks = [];
    for (const [, photo] of inputs) masks.push(await extractor.extract(photo));
    return masks;
  } finally {
    await extractor.close();
  }
}

export async function benchSubjectsQuality(): Promise<void> {
  const inputs = await photos();
  const reference = await masksAt(ISNET_EXPORT_EDGE, inputs);
  console.log(`\n## Subject masks at a smaller model square against ${ISNET_EXPORT_EDGE}² (fp32, same pipeline; adopt if IoU ≥ ${IOU_BAR} on every photo)`);
  console.log("| square | photo | IoU (goal ≥ 0.97) | mean edge error px |");
  console.log("|---:|---|---:|---:|");
  for (const edge of EDGES) {
    const masks = await masksAt(edge, inputs);
    let worst = 1;
    for (const [i, [name]] of inputs.entries()) {
      const ours = masks[i]!;
      const theirs = reference[i]!;
      const iou = maskIoU(ours.mask, theirs.mask);
      worst = Math.min(worst, iou);
      console.log(`| ${edge}² | ${name} | ${iou.toFixed(4)} | ${meanEdgeError(ours.mask, theirs.mask, theirs.width, theirs.height).toFixed(2)} |`);
    }
    console.log(`| ${edge}² | **worst IoU ${worst.toFixed(4)}: ${worst >= IOU_BAR ? "meets" : "misses"} the bar** | | |`);
  }
}
