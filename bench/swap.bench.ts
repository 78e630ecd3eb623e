// Subject swap at 1280×720 with a hole of ~25% of the frame (target for the whole swap: extraction ~1 s + this part
// ≤ 3 s p50 on 2 cores, so this part ≤ ~1.2 s): the pixel work in the worker pool alone, and swapSubject end to end
// (decode, persona resize, worker, PNG encode), p50 over a few interleaved rounds. The main thread's event-loop delay
// while swaps run shows the loop stays free; the same fill run on the main thread shows what it would cost otherwise.
import { availableParallelism, loadavg } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { configureSharp } from "../server/compose/sharp-settings.ts";
import { createSwapWorkerPool } from "../server/subjects/inpaint-pool.ts";
import { composeSwap, placePersona, type SwapJob } from "../server/subjects/swap-compose.ts";
import { swapSubject } from "../server/subjects/swap.ts";
import { testPersona, testScene } from "../server/subjects/test-scenes.ts";
import { median } from "./lib.ts";

const ROUNDS = 5;
const W = 1280;
const H = 720;

export async function benchSwap(): Promise<void> {
  configureSharp();
  // The machine is shared: the load at the start says how much of its cores the figures below really had.
  const loadAtStart = loadavg()[0] ?? 0;
  const scene = await testScene({ width: W, height: H, backdrop: "scene", pose: "bust", subjectScale: 1.12 });
  const persona = await testPersona();
  let subjectPixels = 0;
  for (const v of scene.mask) if (v > 8) subjectPixels++;
  const placement = placePersona(scene.box, { width: 300, height: 600 }, { width: W, height: H });
  const job = (): SwapJob => ({
    base: { ...scene.raw, data: new Uint8Array(scene.raw.data) },
    subjectMask: new Uint8Array(scene.mask),
    persona: { data: new Uint8Array(placement.width * placement.height * 4).fill(180), width: placement.width, height: placement.height },
    placement,
    seed: 1,
  });
  const input = { base: scene.base, subjectMask: scene.mask, subjectBox: scene.box, persona };
  const pool = createSwapWorkerPool();
  const samples: Record<string, number[]> = { worker: [], swap: [], main: [] };
  const loopDelay = {
    idle: monitorEventLoopDelay({ resolution: 10 }),
    worker: monitorEventLoopDelay({ resolution: 10 }),
    main: monitorEventLoopDelay({ resolution: 10 }),
  };
  // CPU time of the whole process too: while pool.run waits, only the worker works, so this is its CPU time, which
  // the machine's other load does not stretch the way it stretches wall time.
  const cpu: Record<string, number[]> = { worker: [], swap: [], main: [] };
  const timed = async (name: string, run: () => unknown) => {
    const t = performance.now();
    const used = process.cpuUsage();
    await run();
    samples[name]?.push(performance.now() - t);
    const { user, system } = process.cpuUsage(used);
    cpu[name]?.push((user + system) / 1000);
  };
  try {
    // Warm-up: the worker's first job also pays for loading it and compiling its loops.
    await swapSubject(input, pool);
    composeSwap(job());
    // Each monitor is enabled once: re-enabling one counts the time it was off as a delay. The idle one is the
    // baseline: what the machine's other load alone does to the loop.
    loopDelay.idle.enable();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    loopDelay.idle.disable();
    loopDelay.worker.enable();
    for (let i = 0; i < ROUNDS; i++) {
      await timed("worker", () => pool.run(job()));
      await timed("swap", () => swapSubject(input, pool));
    }
    loopDelay.worker.disable();
    loopDelay.main.enable();
    for (let i = 0; i < ROUNDS; i++) {
      await timed("main", async () => {
        composeSwap(job());
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
    }
    loopDelay.main.disable();
  } finally {
    await pool.close();
  }
  const ms = (ns: number) => (ns / 1e6).toFixed(1);
  console.log(`\n## Subject swap 1280×720, subject ${((subjectPixels / (W * H)) * 100).toFixed(0)}% of the frame (hole grown 4 px), ${ROUNDS} rounds (worker and end to end interleaved, then the main-thread run)`);
  console.log(`load average at start: ${loadAtStart.toFixed(2)} on ${availableParallelism()} cores`);
  console.log("| target | p50 ms | min ms | max ms | process CPU p50 ms |");
  console.log("|---|---:|---:|---:|---:|");
  for (const [label, name] of [
    ["fill + compose in the worker (pool.run)", "worker"],
    ["swapSubject end to end: decode, resize persona, worker, PNG encode", "swap"],
    ["the same fill + compose on the main thread (+20 ms idle)", "main"],
  ] as const) {
    const values = samples[name] ?? [];
    const cpuP50 = median(cpu[name] ?? []);
    console.log(`| ${label} | ${median(values).toFixed(0)} | ${Math.min(...values).toFixed(0)} | ${Math.max(...values).toFixed(0)} | ${cpuP50.toFixed(0)} |`);
  }
  console.log("\n| main thread's event-loop delay (10 ms resolution) | p50 ms | p99 ms | max ms |");
  console.log("|---|---:|---:|---:|");
  for (const [label, histogram] of [
    ["idle, nothing running (baseline: the machine's other load)", loopDelay.idle],
    ["while swaps run in the worker", loopDelay.worker],
    ["while the same work runs on the main thread", loopDelay.main],
  ] as const) {
    console.log(`| ${label} | ${ms(histogram.percentile(50))} | ${ms(histogram.percentile(99))} | ${ms(histogram.max)} |`);
  }
}
