import { AppError } from "../errors/app-error.ts";

/** The decoder's refusals, worded for the creator: no paths, no FFmpeg output. */
export const notAVideo = (cause?: unknown) =>
  new AppError("unsupported_media_type:video", "This file is not a video we can read. Upload an MP4, MOV, WebM or MKV file.", undefined, { cause });

export const unreadableVideo = (cause?: unknown) =>
  new AppError("unprocessable:video_unreadable", "We could not read any picture from this video. The file may be damaged.", undefined, { cause });

export const noAudio = () => new AppError("unprocessable:video_no_audio", "This video has no sound to listen to.");
