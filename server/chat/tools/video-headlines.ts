import { tool, zodSchema } from "ai";
import { chatTools, type VideoHeadlinesInput, type VideoHeadlinesOutput } from "../../../contract/chat.ts";
import { formatTimecode, parseTimecode, type VideoHeadlinesResponse } from "../../../contract/videos.ts";
import { AppError } from "../../errors/app-error.ts";
import { codedToolError } from "./coded-error.ts";
import type { ChatToolContext } from "./context.ts";
import type { VideoFrameDeps } from "./video-frame.ts";

// Wrapped once: the model is given its JSON schema on every step, and a wrapped schema converts only once.
const inputSchema = zodSchema(chatTools.videoHeadlines.input);

/** What the video capability answers for a moment (server/videos/headlines-service.ts), as this tool needs it. */
export interface VideoHeadlinesDeps {
  videos: VideoFrameDeps["videos"];
  videoHeadlines: { headlines(userId: string, videoId: string, timeMs: number, signal: AbortSignal): Promise<VideoHeadlinesResponse> };
}

/**
 * "What do I say at 2:31?": the words spoken around that moment of the user's video and headlines from them, free
 * (docs/product/videos.md, In the chat). Without a transcription model it fails with not_configured:transcription,
 * which the answer says plainly.
 */
export function videoHeadlinesTool(deps: VideoHeadlinesDeps, ctx: ChatToolContext) {
  return tool({
    description:
      "Tells what the user says around a moment of their uploaded video (\"what do I say at 2:31?\") and proposes up to three headlines from it, free. " +
      "`at` is a time such as \"2:31\". The video is the one this message came with, else the latest one.",
    inputSchema,
    async execute(input): Promise<VideoHeadlinesOutput> {
      return hear(input).catch((error: unknown) => {
        throw codedToolError(error);
      });
    },
  });

  async function hear(input: VideoHeadlinesInput): Promise<VideoHeadlinesOutput> {
    const timeMs = parseTimecode(input.at);
    if (timeMs === undefined) throw new AppError("invalid:video_moment", `"${input.at}" is no time I can read: say a time such as 2:31.`);
    const videoId = input.videoId ?? ctx.videoId ?? (await deps.videos.list(ctx.userId)).find((video) => video.probe !== null)?.id;
    if (!videoId) throw new AppError("not_found:video_none", "You have no video here yet. Upload one on the From video screen or attach it to a message, then ask again.");
    const video = await deps.videos.get(ctx.userId, videoId);
    const durationMs = video.probe?.durationMs ?? 0;
    if (timeMs > durationMs) throw new AppError("invalid:video_moment", `"${video.name}" is only ${formatTimecode(durationMs)} long. Pick a time before the end.`);
    const { transcript, headlines } = await deps.videoHeadlines.headlines(ctx.userId, video.id, timeMs, ctx.signal);
    return { videoId: video.id, timeMs, transcript, headlines };
  }
}
