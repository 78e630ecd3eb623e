import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { VideoProgress } from "../../../contract/videos.ts";
import { formatCount, percentOf } from "../../lib/video-format.ts";

/** The frame finder's line, "Reading frames 412/1,800", numbers in the reader's language. */
export function finderProgressText(t: TFunction<"videos">, progress: VideoProgress | null, language: string): string {
  if (!progress || progress.total <= 0) return t("finder.starting");
  return t(`finder.stages.${progress.stage}`, { done: formatCount(progress.done, language), total: formatCount(progress.total, language) });
}

/** "Finding the best frames…" with the finder's stage, count and bar. */
export function FinderProgress({ progress, compact = false }: { progress: VideoProgress | null; compact?: boolean }) {
  const { t, i18n } = useTranslation("videos");
  const line = finderProgressText(t, progress, i18n.language);
  const percent = progress ? percentOf(progress.done, progress.total) : 0;
  return (
    <div className={`grid gap-2 ${compact ? "text-xs" : "text-sm"}`} data-testid="finder-progress">
      <p className="font-semibold">{t("finder.title")}</p>
      <div
        role="progressbar"
        aria-label={t("finder.title")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={line}
        className={`w-full overflow-hidden rounded-full bg-border/70 ${compact ? "h-1.5" : "h-2.5"}`}
      >
        <div
          className={`brand-gradient h-full rounded-full transition-[width] duration-300 ease-out ${progress ? "" : "animate-pulse"}`}
          style={{ width: `${Math.max(percent, 3)}%` }}
        />
      </div>
      {/* The count moves a few times a second: only the stage is announced, once as it begins. */}
      <p className="tabular-nums text-muted" data-testid="finder-progress-text">
        {line}
      </p>
      <p role="status" className="sr-only" data-testid="finder-progress-stage">
        {progress && progress.total > 0 ? t(`finder.stageNames.${progress.stage}`) : t("finder.starting")}
      </p>
    </div>
  );
}
