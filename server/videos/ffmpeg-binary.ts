import { accessSync, constants } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** Where the two FFmpeg programs are; either missing leaves the video engine unavailable. */
export interface FfmpegBinaries {
  ffmpeg: string;
  ffprobe: string;
}

const require = createRequire(import.meta.url);

/**
 * The settings' paths when given (FFMPEG_PATH / FFPROBE_PATH), else the static builds of the npm packages
 * @ffmpeg-installer/linux-x64 and @ffprobe-installer/linux-x64 (optional dependencies: other platforms lack them).
 * Undefined when either program is absent or not executable.
 */
export function findFfmpegBinaries(overrides: { ffmpegPath?: string | undefined; ffprobePath?: string | undefined } = {}): FfmpegBinaries | undefined {
  const ffmpeg = overrides.ffmpegPath ?? fromPackage("@ffmpeg-installer/linux-x64", "ffmpeg");
  const ffprobe = overrides.ffprobePath ?? fromPackage("@ffprobe-installer/linux-x64", "ffprobe");
  if (!ffmpeg || !ffprobe || !executable(ffmpeg) || !executable(ffprobe)) return undefined;
  return { ffmpeg, ffprobe };
}

function fromPackage(name: string, program: string): string | undefined {
  try {
    return join(dirname(require.resolve(`${name}/package.json`)), program);
  } catch {
    return undefined;
  }
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
