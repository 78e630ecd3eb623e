import { useTranslation } from "react-i18next";
import type { ImageRecord } from "../../../contract/images.ts";
import { ProgressBar } from "../../components/studio/progress-bar.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { generationErrorMessage } from "../../lib/generation-error-message.ts";
import type { ImageProgress } from "../../lib/image-cache.ts";
import { frameSourceText } from "./frame-source.ts";

const checkIcon = "M5 12l5 5L20 7";
const warningIcon = "M12 9v4M12 17h.01M10.3 3.9L1.8 18a2 2 0 001.7 3h17a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0z";

/**
 * One image of the grid, in a box of its own shape (the grid sized it), so nothing is letterboxed. A click opens the
 * viewer, or, while selecting, toggles the image in the selection.
 */
export function GalleryTile({
  image,
  width,
  height,
  progress,
  selecting,
  selected,
  onOpen,
  onToggle,
}: {
  image: ImageRecord;
  width: number;
  height: number;
  progress: ImageProgress | undefined;
  selecting: boolean;
  selected: boolean;
  onOpen: (image: ImageRecord) => void;
  onToggle: (image: ImageRecord) => void;
}) {
  const { t } = useTranslation("gallery");
  const { t: tApp } = useTranslation("app");
  const fromVideo = frameSourceText(t, image);
  const prompt = image.prompt?.trim() || fromVideo || t("tile.untitled");
  const ready = image.status === "ready" && image.urls;
  const working = image.status === "pending" || image.status === "running";
  // Only finished images can be zipped; the others still open in the viewer.
  const selectable = Boolean(ready);
  const label = selecting && selectable ? t("tile.select", { prompt }) : t("tile.open", { prompt });

  return (
    <div className="relative shrink-0" style={{ width, height }} data-testid="gallery-tile" data-image-id={image.id} data-status={image.status}>
      <button
        type="button"
        aria-pressed={selecting && selectable ? selected : undefined}
        disabled={selecting && !selectable}
        onClick={() => (selecting ? onToggle(image) : onOpen(image))}
        className={`group relative block size-full overflow-hidden rounded-xl bg-surface-2 text-left transition disabled:opacity-50 ${
          selected ? "ring-4 ring-primary ring-offset-2 ring-offset-bg" : ""
        }`}
      >
        {/* Named by this text and what the tile shows (a failure's reason included), so the name holds the visible words. */}
        <span className="sr-only">{label}</span>
        {ready && image.urls ? (
          <img
            src={image.urls.thumb}
            alt=""
            width={width}
            height={height}
            loading="lazy"
            decoding="async"
            draggable={false}
            className="size-full object-cover transition duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
          />
        ) : working ? (
          <span className="grid size-full content-center gap-2 p-3 text-center">
            <span aria-hidden="true" className="mx-auto size-6 animate-spin rounded-full border-[3px] border-primary/25 border-t-primary" />
            <span className="text-xs font-semibold">{t("tile.making")}</span>
            <ProgressBar progress={progress} size="sm" />
          </span>
        ) : (
          <span className="grid size-full content-center justify-items-center gap-1 overflow-hidden border border-danger/40 p-2 text-center sm:gap-1.5 sm:p-3" data-testid="tile-failed">
            <Icon d={warningIcon} className="hidden size-5 text-danger sm:block" />
            <span className="line-clamp-2 text-[0.6875rem] leading-snug font-semibold text-danger sm:line-clamp-3 sm:text-xs">{generationErrorMessage(tApp, image.errorCode)}</span>
            {image.creditsSpent > 0 && <span className="text-[0.6875rem] leading-snug text-muted sm:text-xs">{t("tile.refunded", { count: image.creditsSpent })}</span>}
          </span>
        )}
      </button>
      {fromVideo && (
        <span aria-hidden="true" className="pointer-events-none absolute inset-x-0 bottom-0 truncate rounded-b-xl bg-black/60 px-2 py-1 text-[0.6875rem] text-white" data-testid="tile-from-video">
          {fromVideo}
        </span>
      )}
      {selecting && selectable && (
        <span
          aria-hidden="true"
          className={`pointer-events-none absolute top-2 left-2 grid size-6 place-items-center rounded-full border-2 ${
            selected ? "border-primary bg-primary text-on-primary" : "border-white bg-black/30 text-transparent"
          }`}
        >
          <Icon d={checkIcon} className="size-4" />
        </span>
      )}
    </div>
  );
}
