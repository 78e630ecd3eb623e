import { stat } from "node:fs/promises";
import { z } from "zod/mini";
import type { VideoProbe } from "../../contract/videos.ts";
import { AppError } from "../errors/app-error.ts";
import type { VideoLimits } from "./engine.ts";
import { ACCEPTED_DEMUXERS } from "./ffmpeg-input.ts";
import { runChild } from "./run-child.ts";
import { notAVideo } from "./video-errors.ts";

const PROBE_OUTPUT_MAX = 1024 * 1024;
/**
 * Only the accepted demuxers, only local files, and a bounded look at the start (bytes, then microseconds of media):
 * the probe never follows a URL written inside an upload and never reads a hostile file to its end.
 */
const SAFE_PROBE_ARGS = ["-format_whitelist", ACCEPTED_DEMUXERS, "-protocol_whitelist", "file", "-probesize", "5000000", "-analyzeduration", "5000000"];
/** A packet's time is a short decimal line; this bounds the measuring pass's reading of a file without a duration. */
const PACKET_LINE = /^(\d+(?:\.\d+)?)$/;

const streamSchema = z.object({
  codec_type: z.optional(z.string()),
  codec_name: z.optional(z.string()),
  width: z.optional(z.number()),
  height: z.optional(z.number()),
  avg_frame_rate: z.optional(z.string()),
  r_frame_rate: z.optional(z.string()),
  duration: z.optional(z.string()),
  tags: z.optional(z.record(z.string(), z.string())),
  side_data_list: z.optional(z.array(z.object({ rotation: z.optional(z.number()) }))),
  disposition: z.optional(z.object({ attached_pic: z.optional(z.number()) })),
});

const probeOutputSchema = z.object({
  streams: z.array(streamSchema),
  format: z.object({
    format_name: z.string(),
    duration: z.optional(z.string()),
    tags: z.optional(z.record(z.string(), z.string())),
  }),
});

type Stream = z.infer<typeof streamSchema>;

/** The demuxers of the containers contract/videos.ts accepts; anything else (a GIF, a still image) is refused. */
const MP4_FAMILY = "mov,mp4,m4a,3gp,3g2,mj2";
const MATROSKA_FAMILY = "matroska,webm";

/** Reads the container's header with ffprobe (decodes nothing) and checks it against the limits. */
export async function probeVideo(ffprobe: string, path: string, limits: VideoLimits, signal: AbortSignal): Promise<VideoProbe> {
  const size = await stat(path).then((s) => s.size, () => 0);
  if (size === 0) throw notAVideo();
  const args = ["-v", "error", ...SAFE_PROBE_ARGS, "-print_format", "json", "-show_format", "-show_streams", "--", path];
  const result = await runChild(ffprobe, args, { signal, maxStdout: PROBE_OUTPUT_MAX });
  if (result.code !== 0 || result.overflowed) throw notAVideo(new Error(result.stderr));
  const parsed = probeOutputSchema.safeParse(safeJson(result.stdout.toString("utf8")));
  if (!parsed.success) throw notAVideo(parsed.error);
  const { streams, format } = parsed.data;
  if (format.format_name !== MP4_FAMILY && format.format_name !== MATROSKA_FAMILY) throw notAVideo();
  // A cover picture is a video stream too; the film is the first one that is not.
  const films = streams.filter((s) => s.codec_type === "video" && s.disposition?.attached_pic !== 1);
  const video = films[0];
  if (!video?.width || !video.height || !video.codec_name) throw notAVideo();
  // One film per file: FFmpeg reads `0:V:0` (ffmpeg-input.ts), and a second picture stream is never what was probed.
  if (films.length > 1) throw new AppError("unprocessable:video_streams", "This video has more than one picture track; we accept one (and a cover picture).");
  // Every picture in the file, cover pictures too, is held to the size limit.
  for (const stream of streams) {
    if (stream.codec_type === "video" && (stream.width ?? 0) * (stream.height ?? 0) > limits.maxPixels) {
      throw new AppError("unprocessable:video_too_large", `This video's picture (${stream.width}×${stream.height}) is larger than we accept.`);
    }
  }

  const headerSeconds = positive(format.duration) ?? positive(video.duration);
  // A live-muxed WebM (a browser's MediaRecorder) has no duration in its header: its last packet tells it.
  const durationMs = Math.round(1000 * (headerSeconds ?? (await lastPacketSeconds(ffprobe, path, signal)) ?? 0));
  if (durationMs <= 0) throw notAVideo();
  if (streams.length > limits.maxStreams) {
    throw new AppError("unprocessable:video_streams", `This video has ${streams.length} tracks; we accept at most ${limits.maxStreams}.`);
  }
  if (durationMs > limits.maxDurationMs) {
    throw new AppError("unprocessable:video_too_long", `This video is longer than ${Math.floor(limits.maxDurationMs / 60_000)} minutes, the longest we accept.`);
  }
  if (video.width * video.height > limits.maxPixels) {
    throw new AppError("unprocessable:video_too_large", `This video's picture (${video.width}×${video.height}) is larger than we accept.`);
  }
  const rotation = rotationOf(video);
  const turned = rotation === 90 || rotation === 270;
  return {
    container: containerName(format.format_name, format.tags?.major_brand, video.codec_name),
    codec: video.codec_name,
    durationMs,
    width: turned ? video.height : video.width,
    height: turned ? video.width : video.height,
    rotation,
    fps: frameRate(video.avg_frame_rate) ?? frameRate(video.r_frame_rate),
    hasAudio: streams.some((s) => s.codec_type === "audio"),
  };
}

/**
 * The latest packet time of the film stream, read packet by packet (headers only, nothing decoded) without keeping the
 * list: the probe's abort signal bounds it. Undefined when no packet has a time.
 */
async function lastPacketSeconds(ffprobe: string, path: string, signal: AbortSignal): Promise<number | undefined> {
  let latest: number | undefined;
  let partial = "";
  const onStdout = (chunk: Buffer) => {
    const lines = (partial + chunk.toString("latin1")).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      const match = PACKET_LINE.exec(line.trim());
      if (match) latest = Math.max(latest ?? 0, Number(match[1]));
    }
    // A line longer than any packet time is no packet time.
    if (partial.length > 64) partial = "";
  };
  const args = ["-v", "error", ...SAFE_PROBE_ARGS, "-select_streams", "V:0", "-show_entries", "packet=pts_time", "-of", "csv=p=0", "--", path];
  const result = await runChild(ffprobe, args, { signal, maxStdout: 0, onStdout });
  if (result.code !== 0) return undefined;
  return latest !== undefined && latest > 0 ? latest : undefined;
}

/**
 * Clockwise degrees the picture is turned when shown: the display matrix's rotation is counter-clockwise (so -90 is
 * a phone held upright), the older `rotate` tag is clockwise. Rounded to a quarter turn.
 */
export function rotationOf(stream: Pick<Stream, "side_data_list" | "tags">): number {
  const matrix = stream.side_data_list?.find((d) => d.rotation !== undefined)?.rotation;
  const tag = stream.tags?.rotate === undefined ? undefined : Number(stream.tags.rotate);
  const degrees = matrix !== undefined ? -matrix : tag !== undefined && Number.isFinite(tag) ? tag : 0;
  return (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
}

function containerName(formatName: string, majorBrand: string | undefined, codec: string): string {
  if (formatName === MP4_FAMILY) return majorBrand?.trim() === "qt" ? "mov" : "mp4";
  return ["vp8", "vp9", "av1"].includes(codec) ? "webm" : "mkv";
}

function frameRate(text: string | undefined): number | null {
  const match = text ? /^(\d+)\/(\d+)$/.exec(text) : null;
  if (!match) return null;
  const rate = Number(match[1]) / Number(match[2]);
  return Number.isFinite(rate) && rate > 0 && rate <= 1000 ? Math.round(rate * 1000) / 1000 : null;
}

function positive(text: string | undefined): number | undefined {
  const value = text === undefined ? Number.NaN : Number(text);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
