import { useTranslation } from "react-i18next";
import type { ImageProgress } from "../../lib/image-cache.ts";

/** A determinate bar for one generation; the stage words travel as the accessible value text. */
export function ProgressBar({ progress, size = "md" }: { progress: ImageProgress | undefined; size?: "sm" | "md" }) {
  const { t } = useTranslation("app");
  const percent = progress?.percent ?? 0;
  const stage = t(`studio.stages.${progress?.stage ?? "queued"}`);
  return (
    <div
      role="progressbar"
      aria-label={t("studio.progressLabel")}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}% · ${stage}`}
      className={`w-full overflow-hidden rounded-full bg-border/70 ${size === "sm" ? "h-1.5" : "h-2.5"}`}
    >
      <div className="brand-gradient h-full rounded-full transition-[width] duration-300 ease-out" style={{ width: `${Math.max(percent, 3)}%` }} />
    </div>
  );
}
