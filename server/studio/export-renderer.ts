import { Worker } from "node:worker_threads";
import type { ExportSceneInput } from "./engine.ts";

/** What crosses to the worker (export-worker.ts) and back. */
export interface ExportJob {
  id: number;
  input: Omit<ExportSceneInput, "signal">;
}

export type ExportReply = { id: number; ok: true; png: Uint8Array | null } | { id: number; ok: false; message: string };

/**
 * Large export renders (the 4K master) on one worker thread (decision 037). sharp already runs libvips off the main
 * thread; what a master adds is JavaScript — the art's treatments, the subjects' masks, the grain — nine times the
 * 1× work, which held the event loop for up to a second at a time. One job at a time: the render pool in front bounds
 * how many wait, and each job uses the machine's cores through libvips anyway. The worker starts on the first master,
 * lets the process exit while idle, and is replaced when it dies.
 */
export interface ExportRenderer {
  render(input: ExportSceneInput): Promise<Buffer | undefined>;
  close(): Promise<void>;
}

interface Pending {
  job: ExportJob;
  resolve: (png: Buffer | undefined) => void;
  reject: (err: unknown) => void;
}

export function createExportRenderer(): ExportRenderer {
  const queue: Pending[] = [];
  let worker: Worker | undefined;
  let current: Pending | undefined;
  let nextId = 1;
  let closed = false;

  function spawn(): Worker {
    const w = new Worker(new URL("./export-worker.ts", import.meta.url));
    w.on("message", (reply: ExportReply) => {
      const done = current;
      if (worker !== w || !done || reply.id !== done.job.id) return;
      current = undefined;
      if (reply.ok) done.resolve(reply.png ? Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength) : undefined);
      else done.reject(new Error(`an export render failed: ${reply.message}`));
      pump();
    });
    const lost = (cause: unknown) => {
      if (worker !== w) return;
      worker = undefined;
      void w.terminate();
      const done = current;
      current = undefined;
      done?.reject(cause instanceof Error ? cause : new Error(String(cause)));
      pump();
    };
    w.on("error", lost);
    w.on("exit", (code) => lost(new Error(`the export worker exited with code ${code}`)));
    return w;
  }

  function pump(): void {
    if (current) return;
    const next = queue.shift();
    if (!next) {
      worker?.unref();
      return;
    }
    current = next;
    worker ??= spawn();
    worker.ref();
    worker.postMessage(next.job);
  }

  return {
    render(input) {
      if (closed) return Promise.reject(new Error("the export renderer was closed"));
      input.signal?.throwIfAborted();
      const { signal: _signal, ...rest } = input;
      // Copied, not moved: the caller's buffers (cached cut-outs) stay its own.
      const job: ExportJob = { id: nextId++, input: rest };
      return new Promise((resolve, reject) => {
        queue.push({ job, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      const w = worker;
      worker = undefined;
      for (const pending of queue.splice(0)) pending.reject(new Error("the export renderer was closed"));
      current?.reject(new Error("the export renderer was closed"));
      current = undefined;
      await w?.terminate();
    },
  };
}
