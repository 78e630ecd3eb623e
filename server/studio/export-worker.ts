/**
 * The worker side of export-renderer.ts: draws large export renders (a 4K master) off the main thread. Its own engine
 * keeps its own fonts and prepared art, so the main thread's caches are neither used nor pushed out.
 */
import { parentPort } from "node:worker_threads";
import { createStudioEngine } from "./engine.ts";
import type { ExportJob, ExportReply } from "./export-renderer.ts";

// A master's art is nine times the 1× art: a small cache, since one master rarely repeats the art of the last.
const engine = createStudioEngine({ subjectCacheSize: 0, artCacheBytes: 32 * 1024 * 1024 });
const port = parentPort;
if (!port) throw new Error("export-worker.ts runs in a worker thread only");
port.on("message", async ({ id, input }: ExportJob) => {
  try {
    const personas = input.personas.map((p) => ({ name: p.name, png: Buffer.from(p.png) }));
    const baseImage = input.baseImage ? Buffer.from(input.baseImage) : undefined;
    const png = await engine.renderExport({ ...input, personas, baseImage });
    // Copied across, not moved: sharp's buffers live in memory libvips owns, which cannot be transferred.
    const reply: ExportReply = { id, ok: true, png: png ?? null };
    port.postMessage(reply);
  } catch (err) {
    const reply: ExportReply = { id, ok: false, message: err instanceof Error ? err.message : String(err) };
    port.postMessage(reply);
  }
});
