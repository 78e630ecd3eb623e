import type { TFunction } from "i18next";
import type { ImageRecord } from "../../../contract/images.ts";
import { formatTimecode } from "../../../contract/videos.ts";

/** Where a frame saved from a video came from ("From “my-vlog.mp4” at 1:05 of 3:20"); undefined for other images. */
export function frameSourceText(t: TFunction<"gallery">, image: Pick<ImageRecord, "sourceVideo">): string | undefined {
  const source = image.sourceVideo;
  if (!source) return undefined;
  return t("viewer.fromVideo", { name: source.name, time: formatTimecode(source.timeMs), duration: formatTimecode(source.durationMs) });
}
