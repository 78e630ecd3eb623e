import type { Video, VideoFrame } from "../../contract/videos.ts";

/** A video record for tests: a ready 2-minute 1080p video with no frames unless `patch` says otherwise. */
export function videoRecord(id: string, patch: Partial<Video> = {}): Video {
  return {
    id,
    name: "vlog.mp4",
    status: "ready",
    bytes: 412_000_000,
    probe: { container: "mp4", codec: "h264", durationMs: 120_000, width: 1920, height: 1080, rotation: 0, fps: 30, hasAudio: true },
    progress: null,
    frames: [],
    filmstrip: null,
    truncated: false,
    error: null,
    errorCode: null,
    createdAt: "2026-11-27T10:00:00.000Z",
    expiresAt: "2026-11-28T10:00:00.000Z",
    ...patch,
  };
}

/** One best frame at `timeMs`, ranked `rank`. */
export function videoFrame(rank: number, timeMs: number, reasons: VideoFrame["reasons"] = ["sharp"]): VideoFrame {
  return { rank, timeMs, score: 0.9 - rank / 20, reasons, url: `/api/videos/v/candidates/${rank}` };
}
