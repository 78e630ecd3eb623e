import { createHash } from "node:crypto";
import { mkdir, rename, stat, unlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { modelFingerprint, type ModelVariant } from "./model-files.ts";

/** Raised whenever isnet-graph.ts changes what it writes, so files edited by an older version are not reused. */
const EDITS_VERSION = 1;

export interface EditRequest {
  variant: ModelVariant;
  edge: number;
  widen: boolean;
  /** Where the worker writes the edited model. */
  path: string;
}

const exists = (path: string) => stat(path).then((s) => s.isFile() && s.size > 0, () => false);

/** Edits the model in a worker thread: its buffers (a few hundred MB) are gone with it before onnxruntime loads. */
function editInWorker(request: EditRequest): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./edit-model-worker.ts", import.meta.url), { workerData: request });
    let failure: unknown;
    worker.on("error", (err) => (failure = err));
    worker.on("exit", (code) => (code === 0 && !failure ? resolve() : reject(failure ?? new Error(`ISNet edit worker exited with ${code}`))));
  });
}

/**
 * The ISNet file edited for `edge` (and widened), made once and kept in `cacheDir` (the app passes DATA_DIR/models, a
 * folder only it writes; tests and benches the system's temporary directory) under a name derived from the source
 * chunks and the edits: later starts load it directly (decision 013).
 */
export async function editedModelPath(variant: ModelVariant, edge: number, widen: boolean, cacheDir: string = tmpdir()): Promise<string> {
  const key = createHash("sha256")
    .update(JSON.stringify([await modelFingerprint(variant), edge, widen, EDITS_VERSION]))
    .digest("hex")
    .slice(0, 24);
  await mkdir(cacheDir, { recursive: true, mode: 0o700 });
  const path = join(cacheDir, `thumbforge-isnet-${key}.onnx`);
  if (await exists(path)) return path;
  // Written beside it and renamed, so a crash or a second process never leaves a half file under the final name.
  const partial = `${path}.${process.pid}-${Date.now()}.partial`;
  try {
    await editInWorker({ variant, edge, widen, path: partial });
    await rename(partial, path);
  } catch (err) {
    await unlink(partial).catch(() => {});
    throw err;
  }
  return path;
}
