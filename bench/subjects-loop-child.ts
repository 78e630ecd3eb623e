// One measurement of the event loop while photos are cut out, in a process of its own: the app as production runs
// it (startBenchApp), an extractor in the same process, and while `count` photos are extracted at once, the main
// thread's event-loop delay (perf_hooks) and /api/health's latency from a client thread.
// `node bench/subjects-loop-child.ts <photo> <worker|main> <count>`: "main" runs the cut-out on the main thread, as
// before the extraction worker.
import { readFile } from "node:fs/promises";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { configureSharp } from "../server/compose/sharp-settings.ts";
import { createLogger } from "../server/logger.ts";
import { createSubjectExtractor } from "../server/subjects/engine.ts";
import { openIsnetModel } from "../server/subjects/model-session.ts";
import { startBenchApp } from "./lib.ts";

const [photoPath = "", mode = "worker", countText = "10"] = process.argv.slice(2);
const IDLE_MS = 5000;
/** Requests sent during a client's first moments (connection, JIT) are not the server's steady answer. */
const CLIENT_WARM_UP = 5;

export interface LoopMeasure {
  ms: number;
  loopDelayP50: number;
  loopDelayP99: number;
  loopDelayMax: number;
  healthMs: number[];
  healthFailed: number;
}

/** The main thread's event-loop delay and /api/health's latency (from a client thread) while `work` runs. */
async function measure(work: () => Promise<unknown>): Promise<LoopMeasure> {
  const client = new Worker(new URL("./health-client.ts", import.meta.url), { workerData: { url: `${base}/api/health`, pauseMs: 10 } });
  const health = new Promise<{ times: number[]; failed: number }>((resolve, reject) => {
    client.once("message", resolve);
    client.once("error", reject);
  });
  // Each monitor is enabled once: re-enabling one counts the time it was off as a delay.
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  delay.disable();
  client.postMessage("stop");
  const { times, failed } = await health;
  await client.terminate();
  const toMs = (ns: number) => ns / 1e6;
  return { ms, loopDelayP50: toMs(delay.percentile(50)), loopDelayP99: toMs(delay.percentile(99)), loopDelayMax: toMs(delay.max), healthMs: times.slice(CLIENT_WARM_UP), healthFailed: failed };
}
const count = Number(countText);
configureSharp();
const photo = await readFile(photoPath);
const { base, stop } = await startBenchApp("subjects-loop");
const extractor = createSubjectExtractor({
  logger: createLogger({ logLevel: "silent", isProduction: false }),
  maxQueue: count,
  ...(mode === "main" ? { openModel: () => openIsnetModel("fp32") } : {}),
});
try {
  // Load and first run outside the measure: it is the steady state that is compared.
  await extractor.warmUp();
  // The same few seconds with nothing cut out first: what the machine's other load alone does to the loop.
  const idle = await measure(() => new Promise((resolve) => setTimeout(resolve, IDLE_MS)));
  let failed = 0;
  const busy = await measure(async () => {
    const settled = await Promise.allSettled(Array.from({ length: count }, () => extractor.extract(photo)));
    failed = settled.filter((r) => r.status === "rejected").length;
  });
  console.log(JSON.stringify({ idle, busy, failed }));
} finally {
  await extractor.close();
  await stop();
}
