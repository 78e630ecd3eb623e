/**
 * The worker thread that does a swap's pixel work, so the server's event loop stays free while it runs (a full swap
 * at 1280×720 is most of a second of CPU). One job at a time; a job's failure is answered, never thrown.
 */
import { parentPort } from "node:worker_threads";
import { composeSwap } from "./swap-compose.ts";
import type { SwapRequest, SwapReply } from "./inpaint-pool.ts";

const port = parentPort;
if (!port) throw new Error("inpaint-worker.ts runs as a worker thread only");

port.on("message", (request: SwapRequest) => {
  let reply: SwapReply;
  try {
    const { image } = composeSwap(request.job);
    reply = { id: request.id, ok: true, data: image.data };
  } catch (err) {
    reply = { id: request.id, ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(reply, reply.ok ? [reply.data.buffer as ArrayBuffer] : []);
});
