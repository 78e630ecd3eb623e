import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { VIDEO_BEST_FRAMES, VIDEO_MAX_SAMPLES, type VideoProgress } from "../../contract/videos.ts";
import { createTestVideos, processesReading, testFfmpeg } from "../testing/test-videos.ts";
import type { VideoLimits } from "./engine.ts";
import { createFfmpegEngine } from "./ffmpeg-engine.ts";
import { sampleCap } from "./frame-finder.ts";

const limits: VideoLimits = { maxDurationMs: 5 * 3600 * 1000, maxPixels: 3840 * 2160, maxStreams: 8 };
const engine = createFfmpegEngine();
const videos = createTestVideos();
afterAll(() => videos.cleanup());
const signal = () => new AbortController().signal;

/** 20 s at 10 fps: blurred from 6 s to 9 s, black from 13 s to 15 s. */
const flawed = { durationS: 20, fps: 10, blurS: [6, 9], blackS: [13, 15] } as const satisfies Parameters<typeof videos.video>[0];

async function analyse(path: string, extra: { subjectScore?: (jpeg: Buffer) => Promise<number> } = {}) {
  const probe = await engine.probe(path, limits, signal());
  const progress: VideoProgress[] = [];
  const analysis = await engine.findFrames(path, probe, { signal: signal(), onProgress: (p) => progress.push(p), subjectScore: extra.subjectScore });
  return { probe, progress, analysis };
}

describe("sampleCap", () => {
  it("keeps a pass near the expected count, and never far past VIDEO_MAX_SAMPLES", () => {
    expect(sampleCap(10)).toBeLessThan(50);
    expect(sampleCap(VIDEO_MAX_SAMPLES)).toBeLessThan(VIDEO_MAX_SAMPLES * 1.2);
    expect(sampleCap(100 * VIDEO_MAX_SAMPLES)).toBe(sampleCap(VIDEO_MAX_SAMPLES));
  });
});

describe.skipIf(!testFfmpeg)("findFrames", () => {
  it("picks sharp, lit frames best first, never from the blurred stretch or the black frames", async () => {
    const { analysis, progress } = await analyse(await videos.video({ ...flawed, blurS: [...flawed.blurS], blackS: [...flawed.blackS] }));
    expect(analysis.framesRead).toBe(200);
    expect(analysis.truncated).toBe(false);
    expect(analysis.frames.length).toBe(VIDEO_BEST_FRAMES);
    for (const frame of analysis.frames) {
      expect(frame.timeMs < 6000 || frame.timeMs > 9000).toBe(true);
      expect(frame.timeMs < 13000 || frame.timeMs > 15000).toBe(true);
      expect(frame.reasons).toContain("sharp");
      const meta = await sharp(frame.preview).metadata();
      expect(meta).toMatchObject({ format: "jpeg", width: 320, height: 240 });
    }
    const scores = analysis.frames.map((f) => f.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // Spread over the video, not eight neighbours of one moment.
    const times = analysis.frames.map((f) => f.timeMs).sort((a, b) => a - b);
    expect((times.at(-1) ?? 0) - (times[0] ?? 0)).toBeGreaterThan(8000);

    const reading = progress.filter((p) => p.stage === "reading");
    expect(reading.at(-1)).toEqual({ stage: "reading", done: 200, total: 200 });
    expect(progress.filter((p) => p.stage === "scoring").at(-1)).toMatchObject({ stage: "scoring" });
    expect(reading.every((p, i) => i === 0 || p.done >= (reading[i - 1]?.done ?? 0))).toBe(true);
  });

  it("lays a filmstrip of at most 100 small tiles over the whole video", async () => {
    const { analysis } = await analyse(await videos.video({ ...flawed, blurS: [...flawed.blurS], blackS: [...flawed.blackS] }));
    const strip = analysis.filmstrip;
    expect(strip).toMatchObject({ count: 100, columns: 10, rows: 10, tileWidth: 96, tileHeight: 72, stepMs: 200 });
    expect(await sharp(strip.jpeg).metadata()).toMatchObject({ format: "jpeg", width: 960, height: 720 });
    // Tile 70 shows 14 s, inside the black stretch: dark. Tile 10 shows 2 s: lit.
    const tileMean = async (i: number) => {
      const region = { left: (i % 10) * 96, top: Math.floor(i / 10) * 72, width: 96, height: 72 };
      const tile = await sharp(strip.jpeg).extract(region).png().toBuffer();
      const { channels } = await sharp(tile).stats();
      return channels.reduce((sum, c) => sum + c.mean, 0) / channels.length;
    };
    expect(await tileMean(70)).toBeLessThan(10);
    expect(await tileMean(10)).toBeGreaterThan(50);
  });

  it("ranks frames with a clear subject higher when given a subject scorer", async () => {
    const path = await videos.video({ ...flawed, blurS: [...flawed.blurS], blackS: [...flawed.blackS] });
    let looked = 0;
    const favoured = async (jpeg: Buffer) => {
      looked++;
      return ((await sharp(jpeg).stats()).channels[0]?.mean ?? 0) > 0 ? 1 : 0;
    };
    const { analysis } = await analyse(path, { subjectScore: favoured });
    // The model (seconds a picture) sees only the six most promising candidates, and those it likes lead.
    expect(looked).toBeGreaterThan(0);
    expect(looked).toBeLessThanOrEqual(6);
    expect(analysis.frames[0]?.reasons).toContain("clear-subject");
    expect(analysis.frames.filter((f) => f.reasons.includes("clear-subject")).length).toBeGreaterThanOrEqual(Math.ceil(analysis.frames.length / 2));
  });

  it("reads a 4-hour video at 1 fps in at most VIDEO_MAX_SAMPLES samples", async () => {
    const { analysis } = await analyse(await videos.video({ width: 64, height: 36, fps: 1, durationS: 4 * 3600, preset: "ultrafast" }));
    expect(analysis.framesRead).toBeLessThanOrEqual(VIDEO_MAX_SAMPLES);
    expect(analysis.framesRead).toBeGreaterThan(VIDEO_MAX_SAMPLES - 10);
    expect(analysis.truncated).toBe(false);
    expect(analysis.filmstrip.count).toBe(100);
    expect(analysis.frames.length).toBeGreaterThan(0);
  }, 120_000);

  it("keeps the frames before the cut of a truncated file and says so", async () => {
    const whole = await videos.video({ durationS: 20, fps: 10 });
    const cut = await videos.truncated(whole, 0.5);
    const { analysis, probe } = await analyse(cut);
    expect(probe.durationMs).toBe(20000);
    expect(analysis.truncated).toBe(true);
    expect(analysis.framesRead).toBeGreaterThan(20);
    expect(analysis.framesRead).toBeLessThan(190);
    expect(analysis.frames.length).toBeGreaterThan(0);
    for (const frame of analysis.frames) expect(frame.timeMs).toBeLessThan((analysis.framesRead + 1) * 100);
  });

  it("reads no further than the header's duration allows, whatever the file holds past it", async () => {
    const film = await videos.video({ container: "mkv", durationS: 60, fps: 10 });
    const { analysis, probe } = await analyse(await videos.lyingDuration(film, 1));
    expect(probe.durationMs).toBe(1000);
    expect(analysis.framesRead).toBeLessThanOrEqual(sampleCap(10));
    expect(analysis.frames.length).toBeGreaterThan(0);
  }, 120_000);

  it("analyses a live-muxed WebM, whose header has no duration", async () => {
    const { analysis, probe } = await analyse(await videos.liveWebm(8));
    expect(probe.durationMs).toBeGreaterThanOrEqual(7500);
    expect(probe.durationMs).toBeLessThanOrEqual(8100);
    expect(analysis.framesRead).toBeGreaterThanOrEqual(75);
    expect(analysis.frames.length).toBeGreaterThan(0);
  }, 120_000);

  it("kills FFmpeg on abort, rejects with the reason, and leaves no file behind", async () => {
    const path = await videos.video({ width: 640, height: 360, fps: 30, durationS: 40, preset: "ultrafast" });
    const probe = await engine.probe(path, limits, signal());
    const scratch = mkdtempSync(join(tmpdir(), "tf-video-abort-"));
    const before = readdirSync(videos.dir).sort();
    const savedTmp = process.env.TMPDIR;
    process.env.TMPDIR = scratch;
    try {
      const controller = new AbortController();
      const reason = new Error("cancelled by the creator");
      let pids: number[] = [];
      const running = engine.findFrames(path, probe, {
        signal: controller.signal,
        onProgress: () => {
          if (controller.signal.aborted) return;
          pids = processesReading(path);
          controller.abort(reason);
        },
      });
      await expect(running).rejects.toBe(reason);
      expect(pids.length).toBe(1);
      for (const pid of pids) expect(existsSync(`/proc/${pid}`)).toBe(false);
      expect(processesReading(path)).toEqual([]);
      expect(readdirSync(scratch)).toEqual([]);
      expect(readdirSync(videos.dir).sort()).toEqual(before);
    } finally {
      if (savedTmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = savedTmp;
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 60_000);

  it("fails a video whose picture never decodes with video_unreadable", async () => {
    const whole = await videos.video({ durationS: 20, fps: 10 });
    const headerOnly = await videos.headerOnly(whole);
    const probe = await engine.probe(headerOnly, limits, signal());
    expect(probe.durationMs).toBe(20000);
    await expect(engine.findFrames(headerOnly, probe, { signal: signal(), onProgress: () => undefined })).rejects.toMatchObject({ code: "unprocessable:video_unreadable" });
  });
});
