import { z } from "zod";
import { defineJobType } from "../jobs/job-type.ts";

/** Finds a video's best frames (find-frames-job.ts); queued when an upload ends and again on "analyse". */
export const videoFramesJob = defineJobType(
  "video-frames",
  // `run`: the video's run this job is (StoredVideoProgress); optional only for jobs queued before runs were kept.
  z.object({ videoId: z.uuid(), run: z.uuid().optional() }),
);

/** Cuts one frame out of a video into a pending upload image (frame-job.ts). */
export const videoFrameJob = defineJobType("video-frame", z.object({ videoId: z.uuid(), imageId: z.uuid(), timeMs: z.number().int().min(0) }));
