import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { copyFile, open, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { findFfmpegBinaries } from "../videos/ffmpeg-binary.ts";

const run = promisify(execFile);

export type TestContainer = "mp4" | "webm" | "mkv" | "mov";

/** A test video: testsrc2 with a red square gliding across, and what the frame finder must avoid. */
export interface TestVideoOptions {
  width?: number;
  height?: number;
  fps?: number;
  durationS?: number;
  container?: TestContainer;
  /** Gaussian blur over the whole picture between these seconds (the finder must skip it). */
  blurS?: [number, number];
  /** A black picture between these seconds. */
  blackS?: [number, number];
  /**
   * Stored as a rotate tag (mp4/mov), as a phone held upright does. FFmpeg 4.1 writes the tag's display matrix turned
   * the other way round (a 90 tag plays turned 270° clockwise); the probe and the decoder agree on what is written.
   */
  rotate?: 90 | 180 | 270;
  /** A sine tone as the sound track. */
  audio?: boolean;
  /**
   * A 16-pixel black band under the picture with a white 4-pixel mark at x = 4 × frame number, so a decoded frame
   * tells its own index (`frameIndexOf`). Needs width ≥ 4 × frames.
   */
  marker?: boolean;
  /** x264 preset (the bench's large files want "ultrafast"). */
  preset?: string;
}

export const MARKER_BAND = 16;
const MARKER_STEP = 4;

/** The bundled FFmpeg; tests that need it skip without it. */
export const testFfmpeg = findFfmpegBinaries();

/**
 * Videos made with the bundled FFmpeg at test time, each made once per run (same options, same file) in a temporary
 * folder that `cleanup` removes.
 */
export function createTestVideos() {
  // Made on first use: a test file whose tests are all skipped (no FFmpeg) never runs afterAll, so leaves nothing.
  let folder: string | undefined;
  const dir = () => {
    folder ??= mkdtempSync(join(tmpdir(), "tf-test-videos-"));
    return folder;
  };
  const made = new Map<string, Promise<string>>();
  let counter = 0;
  const once = (key: string, make: (path: string) => Promise<void>, extension: string) => {
    let path = made.get(key);
    if (!path) {
      const target = join(dir(), `v${counter++}.${extension}`);
      path = make(target).then(() => target);
      made.set(key, path);
    }
    return path;
  };
  return {
    get dir() {
      return dir();
    },
    video: (options: TestVideoOptions = {}) => once(JSON.stringify(options), (path) => makeTestVideo(path, options), options.container ?? "mp4"),
    /** The first `fraction` of a video's bytes, as a download cut short leaves it. */
    truncated: (source: string, fraction: number) =>
      once(`cut:${source}:${fraction}`, async (path) => {
        const { size } = await stat(source);
        const handle = await open(source, "r");
        try {
          const bytes = Buffer.alloc(Math.floor(size * fraction));
          await handle.read(bytes, 0, bytes.length, 0);
          await writeFile(path, bytes);
        } finally {
          await handle.close();
        }
      }, "mp4"),
    /** A fast-start MP4 cut right after its header: every frame is listed, none is there. */
    headerOnly: (source: string) =>
      once(`header:${source}`, async (path) => {
        const bytes = await readFile(source);
        await writeFile(path, bytes.subarray(0, mdatOffset(bytes) + 16));
      }, "mp4"),
    /** A text file named like a video. */
    renamedText: () => once("text", (path) => writeFile(path, "Not a video at all, only words.\n".repeat(200)), "mp4"),
    zeroLength: () => once("empty", (path) => writeFile(path, ""), "mp4"),
    /** A still picture renamed .mp4: FFmpeg reads it, the container is no video's. */
    renamedPng: () => once("png", async (path) => writeFile(path, await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3366cc" } }).png().toBuffer()), "mp4"),
    copy: (source: string, extension: string) => once(`copy:${source}:${extension}`, (path) => copyFile(source, path), extension),
    /** Two picture tracks in one Matroska file: a 64×64 one first, then a 1280×720 one. */
    twoPictures: () =>
      once("two-pictures", async (path) => {
        if (!testFfmpeg) throw new Error("FFmpeg is not installed");
        const small = ["-f", "lavfi", "-i", "testsrc2=size=64x64:rate=10:duration=2"];
        const large = ["-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=10:duration=2"];
        await run(testFfmpeg.ffmpeg, ["-v", "error", "-y", ...small, ...large, "-map", "0:v", "-map", "1:v", "-c:v", "libx264", "-preset", "ultrafast", "-f", "matroska", path]);
      }, "mkv"),
    /** A WebM as a browser's MediaRecorder writes it: live-muxed, so its header carries no duration. */
    liveWebm: (durationS: number) =>
      once(`live:${durationS}`, async (path) => {
        if (!testFfmpeg) throw new Error("FFmpeg is not installed");
        const input = ["-f", "lavfi", "-i", `testsrc2=size=320x240:rate=10:duration=${durationS}`];
        await run(testFfmpeg.ffmpeg, ["-v", "error", "-y", ...input, "-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8", "-f", "webm", "-live", "1", path]);
      }, "webm"),
    /** A Matroska video whose header's Duration element says `claimedS` seconds whatever the film holds. */
    lyingDuration: (source: string, claimedS: number) =>
      once(`lie:${source}:${claimedS}`, async (path) => {
        const bytes = await readFile(source);
        // The Duration element: id 0x4489, an 8-byte float size (0x88), in TimecodeScale units (1 ms by default).
        const at = bytes.indexOf(Buffer.from([0x44, 0x89, 0x88]));
        if (at < 0) throw new Error("no 8-byte Duration element");
        bytes.writeDoubleBE(claimedS * 1000, at + 3);
        await writeFile(path, bytes);
      }, "mkv"),
    /** A file holding a manifest (DASH) that names a URL: FFmpeg must never fetch it. */
    manifestPointingAt: (url: string) =>
      once(`manifest:${url}`, async (path) => {
        const mpd = `<?xml version="1.0"?>\n<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT10S" minBufferTime="PT1S" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011"><Period><AdaptationSet mimeType="video/mp4"><Representation id="1" bandwidth="1000" codecs="avc1.42c01e" width="64" height="64"><BaseURL>${url}</BaseURL></Representation></AdaptationSet></Period></MPD>\n`;
        await writeFile(path, mpd);
      }, "mp4"),
    cleanup: () => {
      if (folder) rmSync(folder, { recursive: true, force: true });
    },
  };
}

export type TestVideos = ReturnType<typeof createTestVideos>;

/** Where an MP4's top-level media data box starts (its header boxes, moov first with +faststart, come before). */
function mdatOffset(bytes: Buffer): number {
  let at = 0;
  while (at + 8 <= bytes.length) {
    if (bytes.toString("ascii", at + 4, at + 8) === "mdat") return at;
    at += bytes.readUInt32BE(at);
  }
  throw new Error("no mdat box");
}

/** Writes one test video to `path` (see TestVideoOptions). */
export async function makeTestVideo(path: string, options: TestVideoOptions = {}): Promise<void> {
  if (!testFfmpeg) throw new Error("FFmpeg is not installed");
  const { width = 320, height = 240, fps = 10, durationS = 6, container = "mp4" } = options;
  const inputs = ["-f", "lavfi", "-i", `testsrc2=size=${width}x${height}:rate=${fps}:duration=${durationS}`];
  const square = Math.max(8, Math.round(height / 6));
  inputs.push("-f", "lavfi", "-i", `color=c=red:s=${square}x${square}:r=${fps}`);
  if (options.audio) inputs.push("-f", "lavfi", "-i", `sine=frequency=440:sample_rate=48000:duration=${durationS}`);

  const steps = [`[0:v][1:v]overlay=x='mod(t*${Math.round(width / 4)},W-w)':y=${Math.round(height / 6)}:shortest=1`];
  if (options.blurS) steps.push(`gblur=sigma=30:enable='between(t,${options.blurS[0]},${options.blurS[1]})'`);
  if (options.blackS) steps.push(`drawbox=color=black:t=fill:enable='between(t,${options.blackS[0]},${options.blackS[1]})'`);
  let graph = steps.join(",");
  if (options.marker) {
    graph += `,pad=iw:ih+${MARKER_BAND}:0:0:black[m];color=c=white:s=${MARKER_STEP}x${MARKER_BAND}:r=${fps}[k];`;
    graph += `[m][k]overlay=x='floor(t*${fps}+0.5)*${MARKER_STEP}':y=H-${MARKER_BAND}:shortest=1`;
  }
  graph += ",format=yuv420p[v]";

  const codec =
    container === "webm"
      ? ["-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "1M", ...(options.audio ? ["-c:a", "libvorbis"] : [])]
      : ["-c:v", "libx264", "-preset", options.preset ?? "veryfast", ...(options.audio ? ["-c:a", "aac"] : [])];
  const muxer = container === "mp4" ? ["-movflags", "+faststart", "-f", "mp4"] : ["-f", container === "mkv" ? "matroska" : container];
  const maps = ["-map", "[v]", ...(options.audio ? ["-map", "2:a"] : [])];
  const encoded = options.rotate ? `${path}.upright` : path;
  await run(testFfmpeg.ffmpeg, ["-v", "error", "-y", ...inputs, "-filter_complex", graph, ...maps, ...codec, ...muxer, encoded], { maxBuffer: 1024 * 1024 });
  if (!options.rotate) return;
  // The 2018 build drops a rotate tag while encoding but keeps it on a stream copy.
  await run(testFfmpeg.ffmpeg, ["-v", "error", "-y", "-i", encoded, "-map", "0", "-c", "copy", "-metadata:s:v:0", `rotate=${options.rotate}`, ...muxer, path]);
  await rm(encoded);
}

/** The frame number a `marker` video's decoded picture shows (see TestVideoOptions.marker), from its RGB(A) pixels. */
export async function frameIndexOf(image: Buffer): Promise<number> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const row = info.height - MARKER_BAND / 2;
  let first = -1;
  for (let x = 0; x < info.width; x++) {
    const at = (row * info.width + x) * info.channels;
    if ((data[at] ?? 0) > 160 && (data[at + 1] ?? 0) > 160 && (data[at + 2] ?? 0) > 160) {
      first = x;
      break;
    }
  }
  if (first < 0) throw new Error("no frame marker in this picture");
  return Math.round(first / MARKER_STEP);
}

/** The pids of running processes whose command line names `path` (a test's check that no FFmpeg outlives it). */
export function processesReading(path: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let cmdline = "";
    try {
      cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
    } catch {
      continue;
    }
    if (cmdline.split("\0").includes(path)) pids.push(Number(entry));
  }
  return pids;
}
