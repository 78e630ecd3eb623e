import type { VideoProbe } from "../../contract/videos.ts";

/**
 * The demuxers the probe accepts (the MP4 family and Matroska/WebM), as ffprobe's -format_whitelist: no other demuxer
 * (DASH, HLS, concat, image sequences) is ever opened, so a manifest inside an upload cannot make FFmpeg fetch URLs.
 */
export const ACCEPTED_DEMUXERS = "mov,mp4,m4a,3gp,3g2,mj2,matroska,webm";

/**
 * What goes before `-i` on every ffmpeg call on an uploaded video: local files only, and the demuxer the probe found
 * named outright (no guessing from the content a second time). Both bundled builds (ffmpeg 2018, ffprobe 2023) take
 * these flags.
 */
export function inputArgs(probe: Pick<VideoProbe, "container">): string[] {
  return ["-protocol_whitelist", "file", "-f", demuxerOf(probe.container)];
}

/**
 * The film's stream: the first video stream that is no cover picture (`V`), the one the probe measured. The probe
 * refuses a file with more than one such stream, so this is the only one there is.
 */
export const FILM_STREAM = ["-map", "0:V:0"];

/** `container` as the probe names it (mp4, mov, webm, mkv) to the FFmpeg demuxer that reads it. */
function demuxerOf(container: string): string {
  return container === "mp4" || container === "mov" ? "mov" : "matroska";
}
