import { useTranslation } from "react-i18next";
import { formatTimecode, type VideoFrame } from "../../../contract/videos.ts";

/**
 * The best frames, best first: each a button with its preview, its timecode and why it was chosen (short chips).
 * `picked` marks the frame being worked on.
 */
export function BestFrames({
  frames,
  onPick,
  picked,
  disabled = false,
  columns = "wide",
}: {
  frames: readonly VideoFrame[];
  onPick: (frame: VideoFrame) => void;
  picked?: number | undefined;
  disabled?: boolean;
  /** "wide" fills a screen (2 → 4 columns); "narrow" fits a chat card (2 → 4, smaller). */
  columns?: "wide" | "narrow";
}) {
  const { t } = useTranslation("videos");
  return (
    <ul
      aria-label={t("frames.listLabel")}
      className={`grid gap-3 ${columns === "wide" ? "grid-cols-2 md:grid-cols-4" : "grid-cols-2 gap-2 sm:grid-cols-4"}`}
      data-testid="best-frames"
    >
      {frames.map((frame) => {
        const timecode = formatTimecode(frame.timeMs);
        const reasons = frame.reasons.map((reason) => t(`frames.reasons.${reason}`));
        const selected = picked === frame.timeMs;
        return (
          <li key={frame.rank} className="flex">
            <button
              type="button"
              disabled={disabled}
              aria-pressed={selected}
              aria-label={t("frames.pick", { timecode, reasons: reasons.join(", ") || t("frames.noReason") })}
              onClick={() => onPick(frame)}
              className={`group grid w-full content-start gap-1.5 rounded-2xl border bg-surface p-1.5 text-left transition hover:border-primary/60 focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-60 ${
                selected ? "border-primary ring-2 ring-primary/40" : "border-border"
              }`}
            >
              <span className="relative block overflow-hidden rounded-xl bg-surface-2">
                <img src={frame.url} alt="" loading="lazy" className="aspect-video w-full object-cover transition group-hover:scale-[1.02]" />
                <span className="absolute bottom-1.5 left-1.5 rounded-md bg-black/75 px-1.5 py-0.5 font-mono text-xs font-semibold text-white tabular-nums">{timecode}</span>
                {frame.rank === 0 && <span className="absolute top-1.5 left-1.5 rounded-md bg-primary px-1.5 py-0.5 text-xs font-semibold text-on-primary">{t("frames.best")}</span>}
              </span>
              {reasons.length > 0 && (
                <span className="flex flex-wrap gap-1 px-0.5 pb-0.5">
                  {reasons.map((reason) => (
                    <span key={reason} className="rounded-full bg-surface-2 px-2 py-0.5 text-[0.6875rem] font-medium text-muted">
                      {reason}
                    </span>
                  ))}
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
