// Subject extraction (decision 013): a 1024 px photo's p50 and the process's peak memory for each ISNet variant and
// session setting considered, then ten photos at once. Each configuration runs in a child process of its own, so its
// peak resident memory (process.resourceUsage().maxRSS) is its own. BENCH_SUBJECT_RUNS sets the rounds (3).
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { median } from "./lib.ts";

const RUNS = Number(process.env.BENCH_SUBJECT_RUNS ?? 3);
const child = join(import.meta.dirname, "subjects-child.ts");

interface ChildResult {
  warmUpMs: number;
  runs: number[];
  concurrentMs: number;
  refused: number;
  maxRssBytes: number;
}

async function measure(photo: string, [variant, options, edge]: Configuration, runs: number, concurrent: number): Promise<ChildResult> {
  const args = [child, photo, variant, options, String(runs), String(concurrent), String(edge)];
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as ChildResult;
}

/** Variant, session options (JSON over the chosen ones, or "default"), model edge. */
type Configuration = [string, string, number];

const mb = (bytes: number) => (bytes / 1048576).toFixed(0);

export async function benchSubjects(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "tf-bench-subjects-"));
  try {
    // A 1024×768 photo: the astronaut composite fixture (a person on a bokeh backdrop) at upload-preview size.
    const photo = join(dir, "photo.jpg");
    await writeFile(photo, await sharp(join(import.meta.dirname, "../server/subjects/fixtures/astronaut-composite.jpg")).resize(1024).jpeg({ quality: 90 }).toBuffer());
    const ortDefaults = JSON.stringify({ enableCpuMemArena: true, enableMemPattern: true });
    const noPrepacking = JSON.stringify({ extra: { session: { disable_prepacking: "1" } } });
    const rows: [string, Configuration][] = [
      ["quint8, chosen options (no arena, no memory pattern, sequential, 2 threads)", ["quint8", "default", 1024]],
      ["fp16, chosen options", ["fp16", "default", 1024]],
      ["quint8, onnxruntime defaults (arena, memory pattern)", ["quint8", ortDefaults, 1024]],
      ["fp32 (fp16 widened on load), chosen options", ["fp32", "default", 1024]],
      ["fp32, chosen options, no weight prepacking", ["fp32", noPrepacking, 1024]],
      ["fp32, onnxruntime defaults", ["fp32", ortDefaults, 1024]],
      ["fp32, chosen options, graph rewritten for 512² input", ["fp32", "default", 512]],
    ];
    // Interleaved: each round runs every configuration once (a fresh process: load, warm-up, one timed photo), so
    // drift on the shared machine hits them alike.
    const results = new Map<string, ChildResult[]>();
    for (let round = 0; round < RUNS; round++) {
      for (const [label, configuration] of rows) {
        const list = results.get(label) ?? [];
        list.push(await measure(photo, configuration, 1, 0));
        results.set(label, list);
      }
    }
    console.log(`\n## Subject extraction: one 1024×768 photo, ${RUNS} interleaved rounds, each a process of its own (load, warm-up, one timed photo)`);
    console.log("| configuration | load + warm-up ms p50 | extraction p50 ms | min ms | process peak RSS MB (max of rounds) |");
    console.log("|---|---:|---:|---:|---:|");
    for (const [label] of rows) {
      const list = results.get(label) ?? [];
      const runs = list.flatMap((r) => r.runs);
      const peak = Math.max(...list.map((r) => r.maxRssBytes));
      console.log(`| ${label} | ${median(list.map((r) => r.warmUpMs)).toFixed(0)} | ${median(runs).toFixed(0)} | ${Math.min(...runs).toFixed(0)} | ${mb(peak)} |`);
    }
    const burst = await measure(photo, ["fp32", "default", 1024], 0, 10);
    console.log(`\n## Ten extractions at once (fp32, chosen options; one runs, the others wait in the queue)`);
    console.log("| photos | refused | all done ms | process peak RSS MB |");
    console.log("|---:|---:|---:|---:|");
    console.log(`| 10 | ${burst.refused} | ${burst.concurrentMs.toFixed(0)} | ${mb(burst.maxRssBytes)} |`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
