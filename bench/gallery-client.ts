// The gallery bench's client, in a worker thread: its requests and body reading use a thread of their own, so the
// figures are the server's, not a client sharing its event loop.
import { parentPort, workerData } from "node:worker_threads";

export interface GalleryClientTask {
  base: string;
  token: string;
  /** Paths to time, one request at a time, round after round, interleaved with each other. */
  targets: Record<string, string>;
  rounds: number;
}

/** Milliseconds from sending the request to the last body byte. */
async function timed(url: string, token: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers: { "x-session-token": token } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - started;
}

async function run(task: GalleryClientTask): Promise<Record<string, number[]>> {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(task.targets).map((name) => [name, []]));
  for (let round = 0; round < task.rounds; round++) {
    for (const [name, path] of Object.entries(task.targets)) times[name]?.push(await timed(`${task.base}${path}`, task.token));
  }
  return times;
}

if (parentPort) parentPort.postMessage(await run(workerData as GalleryClientTask));
