import { useTranslation } from "react-i18next";
import { Icon } from "../ui/icon.tsx";
import { CAP_GOOD, CJK_GOOD, CONTRAST_GOOD, SMALLEST } from "./legibility.ts";
import type { VerdictState } from "./use-feed-data.ts";
import { type FeedLook, type FeedVideo, lookStyle, Thumb } from "./video-card.tsx";

const tones = {
  good: { className: "text-success", icon: "M5 12l5 5 9-10" },
  fair: { className: "text-primary", icon: "M12 8v5m0 3h.01M10.3 3.9L2.4 18a2 2 0 001.7 3h15.8a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0z" },
  poor: { className: "text-danger", icon: "M6 6l12 12M18 6L6 18" },
  none: { className: "text-muted", icon: "M12 8v5m0 3h.01M21 12a9 9 0 11-18 0 9 9 0 0118 0z" },
} as const;

/**
 * "Is my text readable at 168×94?": the thumbnail at exactly YouTube's smallest size, on the chosen look, with
 * the verdict, its figures and what it is based on. The verdict is a live region, so it is read out once measured.
 */
export function VerdictPanel({ video, look, state }: { video: FeedVideo; look: FeedLook; state: VerdictState }) {
  const { t, i18n } = useTranslation("app");
  const number = (value: number) => value.toLocaleString(i18n.language, { maximumFractionDigits: 1 });
  const verdict = state.status === "done" ? state.verdict : undefined;
  const contrast = verdict && "contrast" in verdict ? verdict.contrast : null;
  return (
    <section className="grid content-start gap-3 sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-4" data-testid="feed-verdict" data-status={state.status} data-level={verdict?.level} data-basis={verdict?.basis}>
      <div className="grid content-start justify-items-start gap-1">
        <div className="w-fit rounded-xl bg-(--yt-bg) p-2" style={lookStyle(look)}>
          <div role="img" aria-label={t("feedPreview.smallest.alt")} style={{ width: SMALLEST.width, height: SMALLEST.height }}>
            <Thumb video={video} badge="sm" className="h-[94px] w-[168px] rounded-lg" testId="feed-smallest" />
          </div>
        </div>
        <p className="max-w-[15rem] text-xs text-muted">{t("feedPreview.smallest.badgeNote")}</p>
      </div>
      <div className="grid min-w-0 content-start gap-2">
        <div role="status" aria-live="polite" className="grid gap-2">
          {state.status === "measuring" ? (
            <p className="flex items-center gap-2 font-semibold">
              <span aria-hidden="true" className="size-4 shrink-0 animate-spin rounded-full border-2 border-primary/25 border-t-primary" />
              {t("feedPreview.smallest.measuring")}
            </p>
          ) : state.status === "failed" ? (
            <p className="font-semibold text-danger">{t("feedPreview.smallest.failed")}</p>
          ) : (
            verdict && (
              <p className={`flex items-center gap-2 text-lg font-bold ${tones[verdict.level].className}`} data-testid="feed-verdict-text">
                <Icon d={tones[verdict.level].icon} className="size-5" />
                {t(`feedPreview.smallest.verdict.${verdict.level}`)}
              </p>
            )
          )}
        </div>
        {verdict && (
          <ul className="grid gap-1 text-sm">
            {verdict.basis === "scene" && (
              <li>{t(verdict.cjk ? "feedPreview.smallest.cjkHeight" : "feedPreview.smallest.capHeight", { px: number(verdict.capHeight), aim: verdict.cjk ? CJK_GOOD : CAP_GOOD })}</li>
            )}
            {contrast !== null && <li>{t("feedPreview.smallest.contrast", { ratio: number(contrast), aim: number(CONTRAST_GOOD) })}</li>}
          </ul>
        )}
        {verdict && (
          <p className="text-sm text-muted">
            {verdict.basis === "scene"
              ? t("feedPreview.smallest.basisScene")
              : verdict.level === "none"
                ? t("feedPreview.smallest.basisNone")
                : t("feedPreview.smallest.basisPixels", { count: verdict.textCells, cells: verdict.cells })}
          </p>
        )}
      </div>
    </section>
  );
}
