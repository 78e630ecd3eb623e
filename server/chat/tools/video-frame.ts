import { tool, zodSchema } from "ai";
import { chatTools, type VideoFrameInput, type VideoFrameOutput } from "../../../contract/chat.ts";
import type { ImageRecord } from "../../../contract/images.ts";
import { formatTimecode, parseTimecode, type Video, VIDEO_BEST_FRAMES } from "../../../contract/videos.ts";
import type { CreditsService } from "../../credits/service.ts";
import { AppError } from "../../errors/app-error.ts";
import type { VideoService } from "../../videos/service.ts";
import { codedToolError } from "./coded-error.ts";
import type { ChatToolContext } from "./context.ts";
import type { ImageWaiter } from "./wait-for-images.ts";

// Wrapped once: the model is given its JSON schema on every step, and a wrapped schema converts only once.
const inputSchema = zodSchema(chatTools.videoFrame.input);

export interface VideoFrameDeps {
  videos: Pick<VideoService, "list" | "get" | "pickFrame">;
  credits: CreditsService;
  waitForImages: ImageWaiter;
}

/** A moment asked for: one of the best frames by rank (1 = best), or a time. */
type Moment = { rank: number } | { timeMs: number };

const stillFinding = (video: Video) =>
  new AppError("conflict:video_analysing", `I'm still finding the best frames of "${video.name}". Ask again in a moment, or name a time (such as 0:05) to take that frame now.`);

/** The moments a call asks for, read from its input (the best first, `count` of them). */
function momentsOf(input: VideoFrameInput): Moment[] {
  const { moment, count = 1 } = input;
  if (typeof moment === "number") return [{ rank: moment }];
  if (moment === undefined || moment.trim().toLowerCase() === "best") return Array.from({ length: count }, (_, index) => ({ rank: index + 1 }));
  const timeMs = parseTimecode(moment);
  if (timeMs === undefined) throw new AppError("invalid:video_moment", `"${moment}" is no moment I can find: say "best", a rank from 1 to ${VIDEO_BEST_FRAMES}, or a time such as 1:05.`);
  return [{ timeMs }];
}

/**
 * Takes frames of one of the user's videos as images, free (docs/product/videos.md, In the chat): the video named, else
 * the one this message came with, else the latest ready one. Each frame is cut out by a worker; the tool waits for
 * them, then they are the message's base image, so a thumbnail, a subject swap or a pack chains from them. What
 * cannot be done is said plainly: no video yet, frames still being found, a time past the end.
 */
export function videoFrameTool(deps: VideoFrameDeps, ctx: ChatToolContext) {
  async function chosenVideo(videoId: string | undefined): Promise<Video> {
    const id = videoId ?? ctx.videoId;
    if (id) return deps.videos.get(ctx.userId, id);
    const videos = await deps.videos.list(ctx.userId);
    const ready = videos.find((video) => video.status === "ready");
    if (ready) return ready;
    const busy = videos.find((video) => video.status === "analysing" || video.status === "uploading");
    if (busy) throw stillFinding(busy);
    throw new AppError("not_found:video_none", "You have no video here yet. Upload one on the From video screen or attach it to a message, then ask again.");
  }

  /** The moment in milliseconds, with its rank and reasons when it is one of the best frames. */
  function resolve(video: Video, moment: Moment): { timeMs: number; rank: number | null; reasons: VideoFrameOutput["frames"][number]["reasons"] } {
    const durationMs = video.probe?.durationMs ?? 0;
    // Kept past its 24 hours only for the frames saved from it: nothing of the video itself is left to take.
    if (video.status === "expired") {
      throw new AppError("conflict:video_not_ready", `"${video.name}" was deleted 24 hours after its upload; the frames you saved from it are in your gallery under From video. Upload it again to take other frames.`);
    }
    if ("timeMs" in moment) {
      if (video.status === "uploading" || !video.probe) throw stillFinding(video);
      if (moment.timeMs > durationMs) throw new AppError("invalid:video_moment", `"${video.name}" is only ${formatTimecode(durationMs)} long. Pick a time before the end.`);
      // A time that falls on one of the best frames is told with its reasons.
      const best = video.frames.find((frame) => Math.abs(frame.timeMs - moment.timeMs) < 50);
      return { timeMs: moment.timeMs, rank: best ? best.rank + 1 : null, reasons: best?.reasons ?? [] };
    }
    if (video.status !== "ready") {
      if (video.status === "analysing" || video.status === "uploading") throw stillFinding(video);
      throw new AppError("conflict:video_no_frames", `I have no best frames of "${video.name}": finding them stopped. Name a time (such as 0:05) to take that frame, or analyse the video again on the From video screen.`);
    }
    const frame = video.frames[moment.rank - 1];
    if (!frame) throw new AppError("invalid:video_moment", `"${video.name}" has ${video.frames.length} best frames. Pick one from 1 to ${video.frames.length}.`);
    return { timeMs: frame.timeMs, rank: frame.rank + 1, reasons: frame.reasons };
  }

  /**
   * The best `count` frames from different moments: the best frames first; a video with fewer of them (a single long
   * shot has one) gets the rest from moments spread across it, as far from the others as it allows.
   */
  function severalBest(video: Video, count: number): ReturnType<typeof resolve>[] {
    if (video.status !== "ready") resolve(video, { rank: 1 });
    const best = video.frames.slice(0, count).map((_, index) => resolve(video, { rank: index + 1 }));
    const durationMs = video.probe?.durationMs ?? 0;
    // A video without best frames (nothing stood out) gets moments spread evenly across it.
    if (best.length === 0) return Array.from({ length: count }, (_, index) => ({ timeMs: Math.round((durationMs * (index + 1)) / (count + 1)), rank: null, reasons: [] }));
    const gapMs = durationMs / (count * 2);
    const spread = Array.from({ length: count * 2 - 1 }, (_, index) => Math.round((durationMs * (index + 1)) / (count * 2)));
    const others = spread.sort((a, b) => Math.min(...best.map((f) => Math.abs(f.timeMs - b))) - Math.min(...best.map((f) => Math.abs(f.timeMs - a))));
    for (const timeMs of others) {
      if (best.length >= count) break;
      if (best.every((frame) => Math.abs(frame.timeMs - timeMs) >= gapMs)) best.push({ timeMs, rank: null, reasons: [] });
    }
    return best;
  }

  return tool({
    description:
      "Takes a frame of the user's video as an image, free: `moment` \"best\" (the default), a rank of the best frames (1 = best), or a time such as \"1:05\"; " +
      "`count` 3 with \"best\" takes the three best frames from different moments. The video is the one this message came with, else the latest ready one. " +
      "Then make the thumbnail from it (generateThumbnail with baseImageId), swap a persona into it (replaceSubject with baseImageId), " +
      "or make an A/B pack from three frames (generatePack with baseImageIds).",
    inputSchema,
    async *execute(input): AsyncGenerator<VideoFrameOutput> {
      try {
        yield* takeFrames(input);
      } catch (error) {
        throw codedToolError(error);
      }
    },
  });

  async function* takeFrames(input: VideoFrameInput): AsyncGenerator<VideoFrameOutput> {
    const moments = momentsOf(input);
    const video = await chosenVideo(input.videoId);
    const chosen = moments.length > 1 ? severalBest(video, moments.length) : moments.map((moment) => resolve(video, moment));
    const queued: ImageRecord[] = [];
    const frames: VideoFrameOutput["frames"] = [];
    for (const frame of chosen) {
      const picked = await deps.videos.pickFrame(ctx.userId, video.id, frame.timeMs);
      queued.push(picked.image);
      frames.push({ imageId: picked.image.id, timeMs: picked.timeMs, rank: frame.rank, reasons: frame.reasons });
    }
    const about = { video: { id: video.id, name: video.name, durationMs: video.probe?.durationMs ?? 0 }, frames };
    const balance = async () => (await deps.credits.balance(ctx.userId)) ?? 0;
    yield { images: queued, creditsSpent: 0, creditsLeft: await balance(), ...about };
    const done = await deps.waitForImages(ctx.userId, queued, ctx.signal);
    const ready = done.filter((image) => image.status === "ready");
    // The frame is what "this frame" means from here on: the next tool of this message starts from it.
    if (ready[0]) ctx.attachmentImageId = ready[0].id;
    ctx.recentImageIds.unshift(...ready.map((image) => image.id));
    yield { images: done, creditsSpent: 0, creditsLeft: await balance(), ...about };
  }
}
