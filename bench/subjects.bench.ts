// Subject extraction (decision 013): a 1024 px photo's p50 and the process's peak memory for each ISNet variant and
// session setting considered, then ten photos at once, then the main thread's event loop and /api/health while ten
// photos are cut out on the main thread (as before the extraction worker) and in the worker. Each configuration runs
// in a child process of its own, so its peak resident memory (process.resourceUsage().maxRSS) is its own.
// BENCH_SUBJECT_RUNS sets the rounds (3), BENCH_SUBJECT_ROWS the configurations by number (all), BENCH_SUBJECT_PARTS
// the parts run (speed,burst,loop).
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { MODEL_EDGE } from "../server/subjects/model-session.ts";
import { median, percentile } from "./lib.ts";
import type { LoopMeasure } from "./subjects-loop-child.ts";

const RUNS = Number(process.env.BENCH_SUBJECT_RUNS ?? 3);
const ROW_NUMBERS = process.env.BENCH_SUBJECT_ROWS?.split(",").map(Number);
const PARTS = (process.env.BENCH_SUBJECT_PARTS ?? "speed,burst,loop").split(",");
const LOOP_PHOTOS = 10;
const child = join(import.meta.dirname, "subjects-child.ts");
const loopChild = join(import.meta.dirname, "subjects-loop-child.ts");

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

async function measureLoop(photo: string, mode: "main" | "worker"): Promise<{ idle: LoopMeasure; busy: LoopMeasure; failed: number }> {
  const { stdout } = await promisify(execFile)(process.execPath, [loopChild, photo, mode, String(LOOP_PHOTOS)], { maxBuffer: 16 << 20 });
  return JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as { idle: LoopMeasure; busy: LoopMeasure; failed: number };
}

/** Ten photos at once with the cut-out on the main thread (before) and in the worker (after), side by side. */
async function benchLoop(photo: string): Promise<void> {
  const before = await measureLoop(photo, "main");
  const after = await measureLoop(photo, "worker");
  console.log(`\n## The event loop while ${LOOP_PHOTOS} photos are cut out (1024×768, fp32, ${MODEL_EDGE}²; the app on a free port, /api/health from a client thread)`);
  console.log("| where the cut-out runs | phase | loop delay p50 ms | loop delay p99 ms (goal ≤ 50) | loop delay max ms | /api/health p50 ms | /api/health p99 ms (goal ≤ 100) | requests (failed) | all done ms |");
  console.log("|---|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const [name, result] of [["main thread (before)", before], ["worker (after)", after]] as const) {
    for (const [phase, m] of [["idle, 5 s", result.idle], [`${LOOP_PHOTOS} photos${result.failed ? `, ${result.failed} failed` : ""}`, result.busy]] as const) {
      console.log(
        `| ${name} | ${phase} | ${m.loopDelayP50.toFixed(1)} | ${m.loopDelayP99.toFixed(1)} | ${m.loopDelayMax.toFixed(0)} | ${median(m.healthMs).toFixed(1)} | ${percentile(m.healthMs, 99).toFixed(1)} | ${m.healthMs.length} (${m.healthFailed}) | ${m.ms.toFixed(0)} |`,
      );
    }
  }
  const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(1) : "∞");
  console.log(
    `\nBefore ÷ after while busy: loop delay p99 ${ratio(before.busy.loopDelayP99, after.busy.loopDelayP99)}×, /api/health p99 ${ratio(percentile(before.busy.healthMs, 99), percentile(after.busy.healthMs, 99))}×`,
  );
}

const json = (options: object) => JSON.stringify(options);
const ortDefaults = json({ graphOptimizationLevel: "all", enableCpuMemArena: true, enableMemPattern: true });
const nchwc = json({ graphOptimizationLevel: "all" });
/**
 * Decision 013's configuration and the alternatives weighed against it (numbered for BENCH_SUBJECT_ROWS, from 1).
 * "Chosen options" are model-session.ts's: graph optimisation "extended", no arena, no memory pattern, sequential, two
 * intra-op threads.
 */
const rows: [string, Configuration][] = [
  [`fp32 (fp16 widened), chosen options, ${MODEL_EDGE}² (the default)`, ["fp32", "default", MODEL_EDGE]],
  ["fp32, chosen options but graph optimisation \"all\" (NCHWc layout), 1024² (the previous default)", ["fp32", nchwc, 1024]],
  ["fp32, chosen options, graph rewritten for 896²", ["fp32", "default", 896]],
  ["fp32, chosen options but graph optimisation \"all\", 896²", ["fp32", nchwc, 896]],
  ["fp32, onnxruntime defaults (\"all\", arena, memory pattern), 1024²", ["fp32", ortDefaults, 1024]],
  [`fp32, chosen options but the CPU arena on, ${MODEL_EDGE}²`, ["fp32", json({ enableCpuMemArena: true }), MODEL_EDGE]],
  [`fp32, chosen options, intra-op threads sleep instead of spinning, ${MODEL_EDGE}²`, ["fp32", json({ extra: { session: { intra_op: { allow_spinning: "0" } } } }), MODEL_EDGE]],
  [`fp32, chosen options, one intra-op thread, ${MODEL_EDGE}²`, ["fp32", json({ intraOpNumThreads: 1 }), MODEL_EDGE]],
  [`fp32, chosen options, no weight prepacking, ${MODEL_EDGE}²`, ["fp32", json({ extra: { session: { disable_prepacking: "1" } } }), MODEL_EDGE]],
  ["fp16 as shipped, chosen options, 1024²", ["fp16", "default", 1024]],
  ["quint8 as shipped, chosen options, 1024² (its graph cannot be resized)", ["quint8", "default", 1024]],
  ["fp32, chosen options, graph rewritten for 512²", ["fp32", "default", 512]],
];

async function benchSpeed(photo: string): Promise<void> {
  const chosen = rows.filter((_, i) => !ROW_NUMBERS || ROW_NUMBERS.includes(i + 1));
  // Interleaved: each round runs every configuration once (a fresh process: load, warm-up, one timed photo), so
  // drift on the shared machine hits them alike.
  const results = new Map<string, ChildResult[]>();
  for (let round = 0; round < RUNS; round++) {
    for (const [label, configuration] of chosen) {
      const list = results.get(label) ?? [];
      list.push(await measure(photo, configuration, 1, 0));
      results.set(label, list);
    }
  }
  const baseline = median((results.get(chosen[0]?.[0] ?? "") ?? []).flatMap((r) => r.runs));
  console.log(`\n## Subject extraction: one 1024×768 photo, ${RUNS} interleaved rounds, each a process of its own (load, warm-up, one timed photo, in the worker)`);
  console.log(`| configuration | load + warm-up ms p50 | extraction p50 ms (goal ≤ 2 000) | min ms | p50 ÷ first row's | process peak RSS MB, max of rounds (goal ≤ 1 024) |`);
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const [label] of chosen) {
    const list = results.get(label) ?? [];
    const runs = list.flatMap((r) => r.runs);
    const peak = Math.max(...list.map((r) => r.maxRssBytes));
    console.log(`| ${label} | ${median(list.map((r) => r.warmUpMs)).toFixed(0)} | ${median(runs).toFixed(0)} | ${Math.min(...runs).toFixed(0)} | ${(median(runs) / baseline).toFixed(2)} | ${mb(peak)} |`);
  }
}

export async function benchSubjects(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "tf-bench-subjects-"));
  try {
    // A 1024×768 photo: the astronaut composite fixture (a person on a bokeh backdrop) at upload-preview size.
    const photo = join(dir, "photo.jpg");
    await writeFile(photo, await sharp(join(import.meta.dirname, "../server/subjects/fixtures/astronaut-composite.jpg")).resize(1024).jpeg({ quality: 90 }).toBuffer());
    if (PARTS.includes("speed")) await benchSpeed(photo);
    if (PARTS.includes("burst")) {
      const burst = await measure(photo, ["fp32", "default", MODEL_EDGE], 0, 10);
      console.log(`\n## Ten extractions at once (fp32, chosen options, ${MODEL_EDGE}², in the worker; one runs, the others wait in the queue)`);
      console.log("| photos | refused | all done ms | process peak RSS MB (goal ≤ 1 024) |");
      console.log("|---:|---:|---:|---:|");
      console.log(`| 10 | ${burst.refused} | ${burst.concurrentMs.toFixed(0)} | ${mb(burst.maxRssBytes)} |`);
    }
    if (PARTS.includes("loop")) await benchLoop(photo);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
