/**
 * The worker thread that does a swap's pixel work, so the server's event loop stays free while it runs (a full swap
 * at 1280×720 is most of a second of CPU). One job at a time; a job's failure is answered, never thrown.
 */
import { composeSwap, type SwapJob } from "./swap-compose.ts";
import { serveJobs } from "./worker-jobs.ts";

serveJobs((job: SwapJob) => {
  const { image } = composeSwap(job);
  return { value: image.data, transfer: [image.data.buffer as ArrayBuffer] };
});
