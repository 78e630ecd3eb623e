import { useTranslation } from "react-i18next";
import type { ImageRecord } from "../../../contract/images.ts";
import { formatTimecode } from "../../../contract/videos.ts";
import { noFilters, useImageList } from "../../lib/image-lists.ts";

/** More saved frames than one video would need in a strip; the gallery's From video tab holds every one. */
const SAVED_FRAMES_LIMIT = 60;

/**
 * The frames saved from one video, newest first, from the gallery's From video filter (`?video=`); kept live by the
 * image cache, so a frame picked here appears at once and one deleted in the gallery goes. Each opens its actions.
 */
export function SavedFrames({ userId, videoId, onOpen }: { userId: string; videoId: string; onOpen: (frame: ImageRecord, timeMs: number) => void }) {
  const { t } = useTranslation("videos");
  const { query, images } = useImageList(userId, { ...noFilters, kind: "from-video", video: videoId }, SAVED_FRAMES_LIMIT);
  const frames = images.filter((image) => image.sourceVideo?.videoId === videoId && image.status !== "failed");
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-danger">
        {t("saved.failed")}
      </p>
    );
  if (frames.length === 0) return null;
  return (
    <section aria-labelledby="saved-frames-title" className="grid gap-3" data-testid="saved-frames">
      <h3 id="saved-frames-title" className="font-bold">
        {t("saved.title")}
      </h3>
      <ul className="flex gap-3 overflow-x-auto pb-1">
        {frames.map((frame) => {
          const timeMs = frame.sourceVideo?.timeMs ?? 0;
          const timecode = formatTimecode(timeMs);
          return (
            <li key={frame.id} className="shrink-0">
              <button
                type="button"
                aria-label={t("saved.open", { time: timecode })}
                onClick={() => onOpen(frame, timeMs)}
                className="relative block w-40 overflow-hidden rounded-xl border border-border bg-surface-2 transition hover:border-primary/60 focus-visible:outline-2 focus-visible:outline-primary"
              >
                {frame.urls ? (
                  <img src={frame.urls.thumb} alt="" loading="lazy" className="aspect-video w-full object-cover" />
                ) : (
                  <span aria-hidden="true" className="block aspect-video w-full animate-pulse bg-surface-2" />
                )}
                <span className="absolute bottom-1.5 left-1.5 rounded-md bg-black/75 px-1.5 py-0.5 font-mono text-xs font-semibold text-white tabular-nums">{timecode}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
