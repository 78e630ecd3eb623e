import type { DbOrTx } from "../../db/open-db.ts";
import { AppError } from "../errors/app-error.ts";
import type { ImageService } from "../images/service.ts";
import { defineJobHandler, type RegisteredJobHandler } from "../jobs/job-type.ts";
import type { Storage } from "../storage/storage.ts";
import type { VideoEngine } from "./engine.ts";
import { videoFrameJob } from "./find-frames-job-type.ts";
import { openJobFile } from "./job-file.ts";
import { createVideoStore } from "./store.ts";

/**
 * Cuts a picked frame out of its video (engine.frameAt, full size) and completes its pending upload image through the
 * images lifecycle, which tells every tab (`image:update`). The video gone first: the image fails with the reason.
 */
export function frameJobHandler(deps: { db: DbOrTx; storage: Storage; engine: VideoEngine; images: ImageService; jobDir: string }): RegisteredJobHandler {
  const { images } = deps;
  const store = createVideoStore(deps.db);
  return defineJobHandler({
    type: videoFrameJob,
    async run({ job, payload, signal, complete }) {
      const started = await images.lifecycle.start(payload.imageId);
      if (!started) return;
      const video = await store.find(payload.videoId);
      if (!video?.fileKey || !video.probe) throw new AppError("not_found:video", "The video this frame came from was deleted.");
      const file = await openJobFile(deps.storage, video.fileKey, deps.jobDir, job.id, signal);
      let png: Buffer;
      try {
        png = await deps.engine.frameAt(file.path, video.probe, payload.timeMs, signal);
      } finally {
        await file.release();
      }
      const result = await images.storeResult(started.row, png, null);
      const done = await complete((tx) => images.lifecycle.finishIn(tx, started.row.id, result));
      if (done?.value) done.value.announce();
      else await images.removeResult(result);
    },
    async onFailed(tx, { payload }, error) {
      const failed = await images.lifecycle.failIn(tx, payload.imageId, { error: error.message, errorCode: error.code });
      return failed ? () => failed.announce() : undefined;
    },
  });
}
