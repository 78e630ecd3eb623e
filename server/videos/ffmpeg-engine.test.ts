import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import type { ErrorCode } from "../../contract/errors.ts";
import type { VideoProbe } from "../../contract/videos.ts";
import { AppError } from "../errors/app-error.ts";
import { createTestVideos, frameIndexOf, testFfmpeg } from "../testing/test-videos.ts";
import type { VideoLimits } from "./engine.ts";
import { createFfmpegEngine } from "./ffmpeg-engine.ts";

const limits: VideoLimits = { maxDurationMs: 5 * 3600 * 1000, maxPixels: 3840 * 2160, maxStreams: 8 };
const engine = createFfmpegEngine();
const videos = createTestVideos();
afterAll(() => videos.cleanup());
const signal = () => new AbortController().signal;

async function refusal(promise: Promise<unknown>): Promise<ErrorCode> {
  const error: unknown = await promise.then(() => undefined, (e: unknown) => e);
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error.code;
}

describe.skipIf(!testFfmpeg)("the FFmpeg engine: probe", () => {
  it("finds both programs in the npm packages, and is unavailable without one", async () => {
    expect(engine.available).toBe(true);
    const missing = createFfmpegEngine({ ffmpegPath: "/nonexistent/ffmpeg" });
    expect(missing.available).toBe(false);
    await expect(missing.probe("/nonexistent.mp4", limits, signal())).rejects.toMatchObject({ code: "not_configured:video" });
  });

  it("reads each container's header", async () => {
    for (const container of ["mp4", "mov", "webm", "mkv"] as const) {
      const probe = await engine.probe(await videos.video({ container, audio: true }), limits, signal());
      expect(probe).toMatchObject({ container, width: 320, height: 240, rotation: 0, fps: 10, hasAudio: true });
      expect(probe.durationMs).toBeGreaterThanOrEqual(5900);
      expect(probe.durationMs).toBeLessThanOrEqual(6100);
    }
    const silent = await engine.probe(await videos.video(), limits, signal());
    expect(silent).toMatchObject({ container: "mp4", codec: "h264", hasAudio: false, durationMs: 6000 });
  });

  it("turns width and height with a stored rotation", async () => {
    const probe = await engine.probe(await videos.video({ rotate: 90 }), limits, signal());
    expect(probe).toMatchObject({ width: 240, height: 320 });
    expect([90, 270]).toContain(probe.rotation);
    const flipped = await engine.probe(await videos.video({ rotate: 180 }), limits, signal());
    expect(flipped).toMatchObject({ width: 320, height: 240, rotation: 180 });
  });

  it("refuses what is no video, and what is over the limits, with the codes the web translates", async () => {
    expect(await refusal(engine.probe(await videos.renamedText(), limits, signal()))).toBe("unsupported_media_type:video");
    expect(await refusal(engine.probe(await videos.zeroLength(), limits, signal()))).toBe("unsupported_media_type:video");
    expect(await refusal(engine.probe(await videos.renamedPng(), limits, signal()))).toBe("unsupported_media_type:video");
    const path = await videos.video({ audio: true });
    expect(await refusal(engine.probe(path, { ...limits, maxDurationMs: 5000 }, signal()))).toBe("unprocessable:video_too_long");
    expect(await refusal(engine.probe(path, { ...limits, maxPixels: 320 * 239 }, signal()))).toBe("unprocessable:video_too_large");
    expect(await refusal(engine.probe(path, { ...limits, maxStreams: 1 }, signal()))).toBe("unprocessable:video_streams");
  });

  it("never follows a URL inside an upload: a DASH manifest is refused and its listener hears nothing", async () => {
    const heard: string[] = [];
    const listener = createServer((req, res) => {
      heard.push(req.url ?? "");
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = listener.address() as AddressInfo;
      const manifest = await videos.manifestPointingAt(`http://127.0.0.1:${port}/film.mp4`);
      expect(await refusal(engine.probe(manifest, limits, signal()))).toBe("unsupported_media_type:video");
      expect(heard).toEqual([]);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });

  it("refuses a file with two picture tracks rather than read another one than it measured", async () => {
    expect(await refusal(engine.probe(await videos.twoPictures(), limits, signal()))).toBe("unprocessable:video_streams");
  });

  it("says nothing of paths or FFmpeg in its messages", async () => {
    const error = await engine.probe(await videos.renamedText(), limits, signal()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).not.toMatch(/tf-test-videos|\.mp4|ffmpeg|Invalid data/i);
  });
});

describe.skipIf(!testFfmpeg)("the FFmpeg engine: frameAt", () => {
  it("cuts the frame shown at a moment, full size, as PNG", async () => {
    const path = await videos.video({ marker: true, durationS: 6, fps: 10 });
    const probe = await engine.probe(path, limits, signal());
    for (const timeMs of [0, 1500, 3000, 4700]) {
      const png = await engine.frameAt(path, probe, timeMs, signal());
      const meta = await sharp(png).metadata();
      expect(meta).toMatchObject({ format: "png", width: 320, height: 256 });
      expect(Math.abs((await frameIndexOf(png)) - timeMs / 100)).toBeLessThanOrEqual(1);
    }
  });

  it("clamps a moment past the end to the last frame", async () => {
    const path = await videos.video({ marker: true, durationS: 6, fps: 10 });
    const probe = await engine.probe(path, limits, signal());
    expect(await frameIndexOf(await engine.frameAt(path, probe, 60_000, signal()))).toBeGreaterThanOrEqual(58);
  });

  it("stands a rotated video upright: the stored picture turned clockwise by the probe's rotation", async () => {
    const upright = await videos.video({ marker: true });
    const path = await videos.video({ marker: true, rotate: 90 });
    const probe = await engine.probe(path, limits, signal());
    const frame = await engine.frameAt(path, probe, 1000, signal());
    expect(await sharp(frame).metadata()).toMatchObject({ width: 256, height: 320 });
    const stored = await engine.frameAt(upright, await engine.probe(upright, limits, signal()), 1000, signal());
    const expected = await sharp(stored).rotate(probe.rotation).removeAlpha().raw().toBuffer();
    const got = await sharp(frame).removeAlpha().raw().toBuffer();
    let difference = 0;
    for (let i = 0; i < got.length; i++) difference += Math.abs((got[i] ?? 0) - (expected[i] ?? 0));
    expect(difference / got.length).toBeLessThan(2);
  });
});

describe.skipIf(!testFfmpeg)("the FFmpeg engine: audioClip", () => {
  it("answers 16 kHz mono WAV of the stretch asked for", async () => {
    const path = await videos.video({ audio: true });
    const probe = await engine.probe(path, limits, signal());
    const wav = await engine.audioClip(path, probe, 1000, 3000, signal());
    expect(wav.toString("ascii", 0, 4)).toBe("RIFF");
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.readUInt16LE(22)).toBe(1);
    expect(wav.readUInt32LE(24)).toBe(16_000);
    const seconds = (wav.length - 44) / 32_000;
    expect(seconds).toBeGreaterThan(1.9);
    expect(seconds).toBeLessThan(2.1);
  });

  it("refuses a video without sound with its own code", async () => {
    const path = await videos.video();
    const probe: VideoProbe = await engine.probe(path, limits, signal());
    expect(await refusal(engine.audioClip(path, probe, 0, 1000, signal()))).toBe("unprocessable:video_no_audio");
  });
});
