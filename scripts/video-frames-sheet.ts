// A contact sheet of the frame finder, to look at: a test video made with the bundled FFmpeg (testsrc2 with a gliding
// square, blurred from 8 s to 12 s, black from 20 s to 23 s), its best frames with timecode, score and reasons under
// each, and its filmstrip below.
//   tsx scripts/video-frames-sheet.ts [out=/tmp/video-frames-sheet.png]
import sharp, { type OverlayOptions } from "sharp";
import { formatTimecode } from "../contract/videos.ts";
import { createTestVideos } from "../server/testing/test-videos.ts";
import { createFfmpegEngine } from "../server/videos/ffmpeg-engine.ts";

const out = process.argv[2] ?? "/tmp/video-frames-sheet.png";
const CELL = { width: 320, height: 180 };
const LABEL = 44;
const COLUMNS = 4;

const engine = createFfmpegEngine();
if (!engine.available) throw new Error("No FFmpeg build is installed (see FFMPEG_PATH in README.md)");
const videos = createTestVideos();
try {
  const path = await videos.video({ width: 640, height: 360, fps: 25, durationS: 30, blurS: [8, 12], blackS: [20, 23] });
  const signal = new AbortController().signal;
  const probe = await engine.probe(path, { maxDurationMs: 3600_000, maxPixels: 3840 * 2160, maxStreams: 8 }, signal);
  const analysis = await engine.findFrames(path, probe, { signal, onProgress: () => undefined });

  const rows = Math.ceil(analysis.frames.length / COLUMNS);
  const width = COLUMNS * CELL.width;
  const strip = analysis.filmstrip;
  const stripHeight = Math.round((strip.rows * strip.tileHeight * width) / (strip.columns * strip.tileWidth));
  const cells: OverlayOptions[] = [];
  for (const [i, frame] of analysis.frames.entries()) {
    const left = (i % COLUMNS) * CELL.width;
    const top = Math.floor(i / COLUMNS) * (CELL.height + LABEL);
    cells.push({ input: await sharp(frame.preview).resize(CELL.width, CELL.height, { fit: "contain" }).png().toBuffer(), left, top });
    const text = `#${i + 1}  ${formatTimecode(frame.timeMs)} (${frame.timeMs} ms)  score ${frame.score.toFixed(2)}`;
    const label = `<svg xmlns="http://www.w3.org/2000/svg" width="${CELL.width}" height="${LABEL}"><rect width="100%" height="100%" fill="#181818"/><text x="8" y="18" font-family="sans-serif" font-size="14" fill="#fff">${text}</text><text x="8" y="36" font-family="sans-serif" font-size="13" fill="#9fd">${frame.reasons.join(", ") || "—"}</text></svg>`;
    cells.push({ input: Buffer.from(label), left, top: top + CELL.height });
  }
  cells.push({ input: await sharp(strip.jpeg).resize(width, stripHeight).png().toBuffer(), left: 0, top: rows * (CELL.height + LABEL) });
  await sharp({ create: { width, height: rows * (CELL.height + LABEL) + stripHeight, channels: 3, background: "#202020" } }).composite(cells).png().toFile(out);
  console.log(`${out}\n${analysis.framesRead} samples, truncated ${analysis.truncated}, filmstrip ${strip.count} tiles every ${strip.stepMs} ms`);
  for (const frame of analysis.frames) console.log(`${formatTimecode(frame.timeMs)} ${frame.timeMs} ms score ${frame.score} ${frame.reasons.join(",")}`);
} finally {
  videos.cleanup();
}
