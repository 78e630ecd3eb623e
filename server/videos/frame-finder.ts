import sharp from "sharp";
import { VIDEO_BEST_FRAMES, VIDEO_MAX_SAMPLES, type VideoProbe, type VideoProgress } from "../../contract/videos.ts";
import type { FoundFrame, FrameAnalysis, SubjectScorer } from "./engine.ts";
import { createFilmstripCollector } from "./filmstrip.ts";
import { finalScore, preCandidates, scoreSamples, spreadBest } from "./frame-picker.ts";
import { FILM_STREAM, inputArgs } from "./ffmpeg-input.ts";
import { type FrameStats, measureFrame } from "./frame-stats.ts";
import { runChild } from "./run-child.ts";
import { unreadableVideo } from "./video-errors.ts";

/** Width the reading pass scales every sample to: enough for sharpness and hashes, small enough for 1800 of them. */
export const ANALYSIS_WIDTH = 256;
/** Samples cut at preview size and scored more closely. */
const PRE_CANDIDATES = 24;
/** Of those, the most promising the subject model looks at, within a time budget (about 2 s a picture on 2 cores). */
const SUBJECT_SCORED = 6;
const SUBJECT_BUDGET_MS = 15_000;
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

  // Every candidate is cut at preview size first; the subject model (about 2 s a picture on 2 cores) then sees only
  // the most promising, so a long video does not wait minutes on it.
  const cut: { candidate: (typeof candidates)[number]; preview: Buffer }[] = [];
  const subjectTotal = options.subjectScore ? Math.min(SUBJECT_SCORED, candidates.length) : 0;
  const total = candidates.length + subjectTotal;
  for (const [i, candidate] of candidates.entries()) {
    onProgress({ stage: "scoring", done: i, total });
    const preview = await cutPreview(ffmpeg, path, probe, candidate.stats.timeMs, signal);
    if (preview) cut.push({ candidate, preview });
  }
  const byPromise = [...cut].sort((a, b) => finalScore(b.candidate, undefined).score - finalScore(a.candidate, undefined).score);
  const subjects = new Map<Buffer, number | undefined>();
  if (options.subjectScore) {
    const started = Date.now();
    for (const [i, { preview }] of byPromise.slice(0, SUBJECT_SCORED).entries()) {
      // A busy machine makes the model slow: what it has not seen keeps a neutral subject score.
      if (Date.now() - started > SUBJECT_BUDGET_MS) break;
      onProgress({ stage: "scoring", done: candidates.length + i, total });
      subjects.set(preview, await scoreSubject(options.subjectScore, preview, signal));
    }
  }
  onProgress({ stage: "scoring", done: total, total });
  const found: FoundFrame[] = cut.map(({ candidate, preview }) => ({ timeMs: candidate.stats.timeMs, preview, ...finalScore(candidate, subjects.get(preview)) }));
  const frames = spreadBest(found, VIDEO_BEST_FRAMES, probe.durationMs / (3 * VIDEO_BEST_FRAMES));
  return { frames, filmstrip: await pass.filmstrip.compose(), framesRead: pass.samples.length, truncated: pass.truncated };
}

/** Samples per second: the video's own rate, or fewer so that the whole video gives at most VIDEO_MAX_SAMPLES. */
export function samplingRate(probe: VideoProbe): number {
  const seconds = Math.max(probe.durationMs / 1000, 0.001);
  return Math.min(probe.fps ?? 30, VIDEO_MAX_SAMPLES / seconds);
}

/** Past the probed duration the reading pass still reads this much (a header's rounding, a last long frame). */
const PASS_MARGIN_MS = 2000;
/** Thrown from the reader to stop FFmpeg once the sample cap is reached; the pass then ends as if the file had. */
const ENOUGH_SAMPLES = new Error("enough samples");

/**
 * The most samples one pass keeps: the expected count with some room for a header that rounds down, and never past
 * VIDEO_MAX_SAMPLES' own room. A file whose header claims 1 s but holds an hour stops here.
 */
export function sampleCap(expected: number): number {
  return Math.min(Math.ceil(expected * 1.1) + 30, Math.ceil(VIDEO_MAX_SAMPLES * 1.1) + 30);
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
  const cap = sampleCap(expected);
  const onStdout = (chunk: Buffer) => {
    let at = 0;
    while (at < chunk.length) {
      // The header's duration was wrong (shorter than the film): what was read is enough, the child stops here.
      if (samples.length >= cap) throw ENOUGH_SAMPLES;
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
  // `-t` ends the pass a little after the probed duration, whatever the file holds past it.
  const limit = ((probe.durationMs + PASS_MARGIN_MS) / 1000).toFixed(3);
  const args = ["-v", "error", "-nostdin", ...inputArgs(probe), "-i", path, ...FILM_STREAM, "-t", limit, "-an", "-sn", "-dn", "-vf", filters, "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"];
  const stderr = await runChild(ffmpeg, args, { signal, maxStdout: 0, onStdout }).then(
    (result) => result.stderr,
    (err: unknown) => {
      if (err !== ENOUGH_SAMPLES) throw err;
      return "";
    },
  );
  if (samples.length === 0) throw unreadableVideo(new Error(stderr));
  onProgress({ stage: "reading", done: expected, total: expected });
  // A sample every 1/rate seconds: stopping well short of the probed duration means the file ends early.
  const readMs = (samples.length * 1000) / rate;
  const truncated = probe.durationMs - readMs > Math.max(1500, 0.1 * probe.durationMs);
  return { samples, filmstrip, truncated };
}

/** The frame at `timeMs`, at most PREVIEW_WIDTH wide, as JPEG; undefined when the seek finds no frame there. */
async function cutPreview(ffmpeg: string, path: string, probe: VideoProbe, timeMs: number, signal: AbortSignal): Promise<Buffer | undefined> {
  const args = ["-v", "error", "-nostdin", "-ss", (timeMs / 1000).toFixed(3), ...inputArgs(probe), "-i", path, ...FILM_STREAM, "-frames:v", "1", "-an", "-sn", "-vf", `scale='min(${PREVIEW_WIDTH},iw)':-2`, "-f", "image2pipe", "-c:v", "png", "pipe:1"];
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
