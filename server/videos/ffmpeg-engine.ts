import type { VideoProbe } from "../../contract/videos.ts";
import { AppError } from "../errors/app-error.ts";
import type { VideoEngine } from "./engine.ts";
import { findFfmpegBinaries } from "./ffmpeg-binary.ts";
import { FILM_STREAM, inputArgs } from "./ffmpeg-input.ts";
import { findFrames } from "./frame-finder.ts";
import { probeVideo } from "./probe.ts";
import { runChild } from "./run-child.ts";
import { noAudio, unreadableVideo } from "./video-errors.ts";
import { withWavSizes } from "./wav.ts";

export interface FfmpegEngineOptions {
  ffmpegPath?: string | undefined;
  ffprobePath?: string | undefined;
}

/** 16 kHz mono 16-bit: what speech models take. */
const AUDIO_RATE = 16_000;

/**
 * The video engine on FFmpeg (server/videos/engine.ts): ffprobe reads headers, ffmpeg decodes into pipes, so no
 * temporary file is ever written. Without both programs it is unavailable and every method refuses.
 */
export function createFfmpegEngine(options: FfmpegEngineOptions = {}): VideoEngine {
  const binaries = findFfmpegBinaries(options);
  const need = () => {
    if (!binaries) throw new AppError("not_configured:video", "Videos are not available on this server.");
    return binaries;
  };
  return {
    available: binaries !== undefined,
    probe: async (path, limits, signal) => probeVideo(need().ffprobe, path, limits, signal),
    findFrames: async (path, probe, findOptions) => findFrames(need().ffmpeg, path, probe, findOptions),
    async frameAt(path, probe, timeMs, signal) {
      const at = clampToPicture(probe, timeMs);
      // -ss before -i seeks to the keyframe before, then decodes up to the moment (accurate_seek is on by default).
      const args = ["-v", "error", "-nostdin", "-ss", seconds(at), ...inputArgs(probe), "-i", path, ...FILM_STREAM, "-frames:v", "1", "-an", "-sn", "-f", "image2pipe", "-c:v", "png", "pipe:1"];
      const result = await runChild(need().ffmpeg, args, { signal, maxStdout: pngCeiling(probe) });
      if (result.overflowed || result.stdout.length === 0) throw unreadableVideo(new Error(result.stderr));
      return result.stdout;
    },
    async audioClip(path, probe, fromMs, toMs, signal) {
      if (!probe.hasAudio) throw noAudio();
      const from = Math.max(0, Math.min(fromMs, probe.durationMs));
      const length = Math.max(0, Math.min(toMs, probe.durationMs) - from);
      const args = ["-v", "error", "-nostdin", "-ss", seconds(from), "-t", seconds(length), ...inputArgs(probe), "-i", path, "-vn", "-sn", "-ac", "1", "-ar", String(AUDIO_RATE), "-c:a", "pcm_s16le", "-f", "wav", "pipe:1"];
      const ceiling = Math.ceil((length / 1000 + 1) * AUDIO_RATE * 2) + 4096;
      const result = await runChild(need().ffmpeg, args, { signal, maxStdout: ceiling });
      if (result.code !== 0 || result.overflowed) throw unreadableVideo(new Error(result.stderr));
      return withWavSizes(result.stdout);
    },
  };
}

/** A moment inside the picture: at or after the last frame's start there is nothing to show. */
function clampToPicture(probe: VideoProbe, timeMs: number): number {
  const frameMs = 1000 / (probe.fps ?? 25);
  return Math.max(0, Math.min(timeMs, probe.durationMs - frameMs));
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

/** An RGBA PNG can exceed raw size a little when it does not compress. */
function pngCeiling(probe: VideoProbe): number {
  return Math.ceil(probe.width * probe.height * 4 * 1.05) + 64 * 1024;
}
