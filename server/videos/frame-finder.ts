import sharp from "sharp";
import { VIDEO_BEST_FRAMES, VIDEO_MAX_SAMPLES, type VideoProbe, type VideoProgress } from "../../contract/videos.ts";
import type { FoundFrame, FrameAnalysis, SubjectScorer } from "./engine.ts";
import { createFilmstripCollector } from "./filmstrip.ts";
import { finalScore, preCandidates, scoreSamples, spreadBest } from "./frame-picker.ts";
import { type FrameStats, measureFrame } from "./frame-stats.ts";
import { runChild } from "./run-child.ts";
import { unreadableVideo } from "./video-errors.ts";

/** Width the reading pass scales every sample to: enough for sharpness and hashes, small enough for 1800 of them. */
export const ANALYSIS_WIDTH = 256;
/** Samples cut at preview size and scored more closely. */
const PRE_CANDIDATES = 24;
const PREVIEW_WIDTH = 640;
const PROGRESS_EVERY_MS = 200;

export interface FindFramesOptions {
  signal: AbortSignal;
  onProgress: (progress: VideoProgress) => void;
  subjectScore?: SubjectScorer | undefined;
}

/**
 * One decoding pass over the whole video at a sampling rate that keeps to VIDEO_MAX_SAMPLES, measuring each sample and
 * keeping its numbers (and a filmstrip tile), then previews of the most promising, scored, best first.
 */
export async function findFrames(ffmpeg: string, path: string, probe: VideoProbe, options: FindFramesOptions): Promise<FrameAnalysis> {
  const { signal } = options;
  const onProgress = throttled(options.onProgress);
  const pass = await readSamples(ffmpeg, path, probe, signal, onProgress);
  const scored = scoreSamples(pass.samples);
  const candidates = preCandidates(scored, probe.durationMs, PRE_CANDIDATES);

  const found: FoundFrame[] = [];
  for (const [i, candidate] of candidates.entries()) {
    onProgress({ stage: "scoring", done: i, total: candidates.length });
    const preview = await cutPreview(ffmpeg, path, candidate.stats.timeMs, signal);
    if (!preview) continue;
    const subject = options.subjectScore ? await scoreSubject(options.subjectScore, preview, signal) : undefined;
    found.push({ timeMs: candidate.stats.timeMs, preview, ...finalScore(candidate, subject) });
  }
  onProgress({ stage: "scoring", done: candidates.length, total: candidates.length });
  const frames = spreadBest(found, VIDEO_BEST_FRAMES, probe.durationMs / (3 * VIDEO_BEST_FRAMES));
  return { frames, filmstrip: await pass.filmstrip.compose(), framesRead: pass.samples.length, truncated: pass.truncated };
}

/** Samples per second: the video's own rate, or fewer so that the whole video gives at most VIDEO_MAX_SAMPLES. */
export function samplingRate(probe: VideoProbe): number {
  const seconds = Math.max(probe.durationMs / 1000, 0.001);
  return Math.min(probe.fps ?? 30, VIDEO_MAX_SAMPLES / seconds);
}

/** At most one report per PROGRESS_EVERY_MS, but always the first and the last of each stage. */
function throttled(report: (progress: VideoProgress) => void): (progress: VideoProgress) => void {
  let last = Number.NEGATIVE_INFINITY;
  let stage: VideoProgress["stage"] | undefined;
  return (progress) => {
    const now = Date.now();
    const edge = progress.stage !== stage || progress.done >= progress.total;
    if (!edge && now - last < PROGRESS_EVERY_MS) return;
    stage = progress.stage;
    last = now;
    report(progress);
  };
}

async function readSamples(ffmpeg: string, path: string, probe: VideoProbe, signal: AbortSignal, onProgress: (progress: VideoProgress) => void) {
  const rate = samplingRate(probe);
  const expected = Math.max(1, Math.floor((probe.durationMs / 1000) * rate));
  const width = ANALYSIS_WIDTH;
  const height = Math.max(2, Math.round((width * probe.height) / probe.width / 2) * 2);
  const frameBytes = width * height * 3;
  const filmstrip = createFilmstripCollector(probe.durationMs, expected, width, height);
  const samples: FrameStats[] = [];
  const frame = Buffer.alloc(frameBytes);
  let filled = 0;
  let previousHistogram: Float64Array | undefined;

  const takeFrame = () => {
    const timeMs = Math.round((samples.length * 1000) / rate);
    const measured = measureFrame(frame, width, height, { index: samples.length, timeMs }, previousHistogram);
    previousHistogram = measured.histogram;
    samples.push(measured.stats);
    filmstrip.offer(frame, timeMs);
    // Short of the total: the last report comes once the pass has ended, whatever the count.
    onProgress({ stage: "reading", done: Math.min(samples.length, expected - 1), total: expected });
  };
  const onStdout = (chunk: Buffer) => {
    let at = 0;
    while (at < chunk.length) {
      const take = Math.min(frameBytes - filled, chunk.length - at);
      chunk.copy(frame, filled, at, at + take);
      filled += take;
      at += take;
      if (filled === frameBytes) {
        filled = 0;
        takeFrame();
      }
    }
  };

  // Autorotation is FFmpeg's default: the samples stand as the picture is shown, like probe's width and height.
  const filters = `fps=fps=${rate.toFixed(6)},scale=${width}:${height}:flags=area,format=rgb24`;
  const args = ["-v", "error", "-nostdin", "-i", path, "-map", "0:v:0", "-an", "-sn", "-dn", "-vf", filters, "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"];
  const result = await runChild(ffmpeg, args, { signal, maxStdout: 0, onStdout });
  if (samples.length === 0) throw unreadableVideo(new Error(result.stderr));
  onProgress({ stage: "reading", done: expected, total: expected });
  // A sample every 1/rate seconds: stopping well short of the probed duration means the file ends early.
  const readMs = (samples.length * 1000) / rate;
  const truncated = probe.durationMs - readMs > Math.max(1500, 0.1 * probe.durationMs);
  return { samples, filmstrip, truncated };
}

/** The frame at `timeMs`, at most PREVIEW_WIDTH wide, as JPEG; undefined when the seek finds no frame there. */
async function cutPreview(ffmpeg: string, path: string, timeMs: number, signal: AbortSignal): Promise<Buffer | undefined> {
  const args = ["-v", "error", "-nostdin", "-ss", (timeMs / 1000).toFixed(3), "-i", path, "-frames:v", "1", "-an", "-sn", "-vf", `scale='min(${PREVIEW_WIDTH},iw)':-2`, "-f", "image2pipe", "-c:v", "png", "pipe:1"];
  const result = await runChild(ffmpeg, args, { signal, maxStdout: 16 * 1024 * 1024 });
  if (result.overflowed || result.stdout.length === 0) return undefined;
  return sharp(result.stdout).jpeg({ quality: 85 }).toBuffer();
}

/** A scorer that fails (busy, a broken picture) leaves the frame unscored rather than failing the whole video. */
async function scoreSubject(scorer: SubjectScorer, preview: Buffer, signal: AbortSignal): Promise<number | undefined> {
  try {
    return await scorer(preview, signal);
  } catch {
    signal.throwIfAborted();
    return undefined;
  }
}
