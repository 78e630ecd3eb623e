import type { VideoFrameReason, VideoProbe, VideoProgress } from "../../contract/videos.ts";

/**
 * What the video capability needs of a decoder (docs/product/videos.md). The one implementation runs FFmpeg as a child
 * process (`ffmpeg-engine.ts`); the worker role calls it, never a web node (but for the probe, which decodes nothing).
 * Every method takes an AbortSignal: an abort kills the child process and rejects with the signal's reason.
 * Every refusal is an AppError with a code from contract/errors.ts (`unsupported_media_type:video`,
 * `unprocessable:video_*`).
 */
export interface VideoLimits {
  maxDurationMs: number;
  /** Width × height of the picture stream. */
  maxPixels: number;
  /** Streams of any kind in the container. */
  maxStreams: number;
}

/** A candidate the finder keeps: its moment, its score (0–1), why, and a preview (JPEG, at most 640 px wide). */
export interface FoundFrame {
  timeMs: number;
  score: number;
  reasons: VideoFrameReason[];
  preview: Buffer;
}

export interface FoundFilmstrip {
  jpeg: Buffer;
  columns: number;
  rows: number;
  tileWidth: number;
  tileHeight: number;
  count: number;
  stepMs: number;
}

export interface FrameAnalysis {
  /** Best first, at most VIDEO_BEST_FRAMES, no two near-duplicates, no black or blurred frames. */
  frames: FoundFrame[];
  filmstrip: FoundFilmstrip;
  framesRead: number;
  /** The decoder stopped before the probed duration (a cut file): the frames come from the part before it. */
  truncated: boolean;
}

/** How clear a subject a picture has: 0 (none, or many small ones) to 1 (one connected subject of a useful size). */
export type SubjectScorer = (jpeg: Buffer, signal: AbortSignal) => Promise<number>;

export interface VideoEngine {
  /** False when no FFmpeg build is installed: the routes answer `not_configured:video`. */
  readonly available: boolean;
  probe(path: string, limits: VideoLimits, signal: AbortSignal): Promise<VideoProbe>;
  findFrames(
    path: string,
    probe: VideoProbe,
    options: { signal: AbortSignal; onProgress: (progress: VideoProgress) => void; subjectScore?: SubjectScorer | undefined },
  ): Promise<FrameAnalysis>;
  /** The frame shown at `timeMs` (clamped to the video), full size, rotation applied, as PNG. */
  frameAt(path: string, probe: VideoProbe, timeMs: number, signal: AbortSignal): Promise<Buffer>;
  /** The sound between two moments as 16 kHz mono WAV, for a transcription model. */
  audioClip(path: string, probe: VideoProbe, fromMs: number, toMs: number, signal: AbortSignal): Promise<Buffer>;
}
