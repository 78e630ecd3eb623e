// A client for bench/subjects-loop-child.ts, in a worker thread of its own so its timings are the server's, not a
// client sharing the loop it measures: GET /api/health one request after another until told to stop, then the
// milliseconds of each request and how many failed (a connection reset while the server's loop was blocked counts
// as a failure, its time still as a request's).
import { parentPort, workerData } from "node:worker_threads";

const { url, pauseMs } = workerData as { url: string; pauseMs: number };
let stopped = false;
parentPort?.once("message", () => (stopped = true));
const times: number[] = [];
let failed = 0;
while (!stopped) {
  const started = performance.now();
  try {
    const res = await fetch(url);
    await res.arrayBuffer();
    if (res.status !== 200) failed++;
  } catch {
    failed++;
  }
  times.push(performance.now() - started);
  await new Promise((resolve) => setTimeout(resolve, pauseMs));
}
parentPort?.postMessage({ times, failed });
