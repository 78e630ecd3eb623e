/**
 * The worker thread that cuts subjects out (cutout.ts), so neither the model run (seconds of native code that
 * onnxruntime-node runs synchronously) nor the decode, mask and edge loops hold the server's event loop. The model is
 * loaded by the first job and kept for the worker's life.
 */
import { workerData } from "node:worker_threads";
import { createCutoutRunner, type ExtractJob, type ExtractResult } from "./cutout.ts";
import type { ExtractWorkerData } from "./extract-pool.ts";
import { openIsnetModel } from "./model-session.ts";
import { serveJobs } from "./worker-jobs.ts";

const { variant, sessionOptions, edge, cacheDir } = workerData as ExtractWorkerData;
const runner = createCutoutRunner(() => openIsnetModel(variant, sessionOptions, edge, cacheDir));

serveJobs<ExtractJob, ExtractResult>(async (job) => ({ value: await runner.run(job) }));
