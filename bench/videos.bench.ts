// The frame finder (docs/product/videos.md, Finding the best frames): findFrames on a 10-minute 1080p30 H.264 file,
// its time as a share of the video's length (target ≤ 0.5×), and its peak memory: the FFmpeg children's resident set
// (VmHWM) and the Node process's growth. `VIDEO_BENCH_ROUNDS` sets the rounds (default 3); the file is made once.
import { execFile } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { readFile, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { makeTestVideo, processesReading, testFfmpeg } from "../server/testing/test-videos.ts";
import { createFfmpegEngine } from "../server/videos/ffmpeg-engine.ts";
import { median } from "./lib.ts";

const BENCH_VIDEO = join(tmpdir(), "thumbforge-bench-1080p30-10min.mp4");
const BENCH_SECONDS = 600;
const CLIP_SECONDS = 20;
const run = promisify(execFile);
const POLL_MS = 100;

/**
 * The bench's video: 10 minutes of 1080p30 H.264 with sound, made once and kept in the temp dir. A 20-second clip
 * (ultrafast preset, blurred 6–9 s, black 12–13 s) is encoded and looped by stream copy: drawing 18,000 test frames
 * at 1080p takes FFmpeg 4.1 far longer than the bench itself, and the decoder's work is the same.
 */
export async function makeBenchVideo(): Promise<string> {
  if (existsSync(BENCH_VIDEO) && statSync(BENCH_VIDEO).size > 0) return BENCH_VIDEO;
  if (!testFfmpeg) throw new Error("FFmpeg is not installed");
  const clip = `${BENCH_VIDEO}.clip.mp4`;
  const partial = `${BENCH_VIDEO}.part`;
  try {
    await makeTestVideo(clip, { width: 1920, height: 1080, fps: 30, durationS: CLIP_SECONDS, preset: "ultrafast", audio: true, blurS: [6, 9], blackS: [12, 13] });
    const loops = String(BENCH_SECONDS / CLIP_SECONDS - 1);
    await run(testFfmpeg.ffmpeg, ["-v", "error", "-y", "-stream_loop", loops, "-i", clip, "-map", "0", "-c", "copy", "-t", String(BENCH_SECONDS), "-movflags", "+faststart", "-f", "mp4", partial]);
    await rename(partial, BENCH_VIDEO);
  } finally {
    await rm(clip, { force: true });
    await rm(partial, { force: true });
  }
  return BENCH_VIDEO;
}

/** Highest resident set any process reading `path` reached, in bytes (VmHWM only grows: the last look is the peak). */
function watchChildren(path: string) {
  const peaks = new Map<number, number>();
  let nodePeak = process.memoryUsage().rss;
  const look = async () => {
    nodePeak = Math.max(nodePeak, process.memoryUsage().rss);
    for (const pid of processesReading(path)) {
      const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
      const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
      if (kb) peaks.set(pid, Math.max(peaks.get(pid) ?? 0, Number(kb) * 1024));
    }
  };
  const timer = setInterval(() => void look(), POLL_MS);
  return {
    stop: () => {
      clearInterval(timer);
      return { childPeak: Math.max(0, ...peaks.values()), nodePeak };
    },
  };
}

export async function benchVideos(): Promise<void> {
  const engine = createFfmpegEngine();
  if (!engine.available) {
    console.log("\n## Videos: skipped (no FFmpeg build installed)");
    return;
  }
  const made = performance.now();
  const path = await makeBenchVideo();
  console.log(`\n## Videos — findFrames on 10 min 1080p30 H.264 (${(statSync(path).size / 1e6).toFixed(0)} MB, ready in ${((performance.now() - made) / 1000).toFixed(0)} s)`);
  const signal = new AbortController().signal;
  const probe = await engine.probe(path, { maxDurationMs: 4 * 3600 * 1000, maxPixels: 3840 * 2160, maxStreams: 8 }, signal);
  const rounds = Number(process.env.VIDEO_BENCH_ROUNDS ?? 3);
  const times: number[] = [];
  const childPeaks: number[] = [];
  const nodeGrowth: number[] = [];
  const heapGrowth: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const rssBefore = process.memoryUsage().rss;
    const heapBefore = process.memoryUsage().heapUsed;
    let heapPeak = heapBefore;
    const watch = watchChildren(path);
    const started = performance.now();
    const analysis = await engine.findFrames(path, probe, {
      signal,
      onProgress: () => {
        heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
      },
    });
    times.push(performance.now() - started);
    const { childPeak, nodePeak } = watch.stop();
    childPeaks.push(childPeak);
    nodeGrowth.push(nodePeak - rssBefore);
    heapGrowth.push(heapPeak - heapBefore);
    console.log(`round ${round + 1}: ${(times.at(-1)! / 1000).toFixed(1)} s, ${analysis.framesRead} samples, ${analysis.frames.length} frames`);
  }
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  const seconds = median(times) / 1000;
  console.log(`findFrames median ${seconds.toFixed(1)} s for ${probe.durationMs / 1000} s of video: ${(seconds / (probe.durationMs / 1000)).toFixed(3)}× its length (target ≤ 0.5×)`);
  console.log(`peak memory (medians): FFmpeg child ${mb(median(childPeaks))}, Node RSS +${mb(median(nodeGrowth))}, Node heap +${mb(median(heapGrowth))}`);
}
