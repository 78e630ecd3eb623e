import { useTranslation } from "react-i18next";
import { formatBytes, formatDuration, percentOf } from "../../lib/video-format.ts";
import { Button } from "../ui/button.tsx";

/** An upload under way: its bar, "412 MB of 1.2 GB", the time left once there is a speed to go by, and Cancel. */
export function UploadProgress({
  name,
  sent,
  total,
  timeLeftMs,
  onCancel,
  compact = false,
}: {
  name: string;
  sent: number;
  total: number;
  timeLeftMs: number | undefined;
  onCancel: () => void;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation("videos");
  const language = i18n.language;
  const percent = percentOf(sent, total);
  const bytes = t("upload.bytes", { sent: formatBytes(sent, language), total: formatBytes(total, language) });
  const left = timeLeftMs === undefined ? t("upload.estimating") : t("upload.timeLeft", { time: formatDuration(timeLeftMs, language) });
  return (
    <div className={`grid gap-2 ${compact ? "text-xs" : "text-sm"}`} data-testid="upload-progress">
      <div className="flex items-baseline justify-between gap-3">
        <span className="min-w-0 truncate font-semibold">{t("upload.uploading", { name })}</span>
        <span className="shrink-0 tabular-nums text-muted">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={t("upload.progressLabel")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${bytes} · ${left}`}
        className={`w-full overflow-hidden rounded-full bg-border/70 ${compact ? "h-1.5" : "h-2.5"}`}
      >
        <div className="brand-gradient h-full rounded-full transition-[width] duration-300 ease-out" style={{ width: `${Math.max(percent, 2)}%` }} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="tabular-nums text-muted" data-testid="upload-progress-text">
          {bytes} · {left}
        </p>
        <Button variant="ghost" size="xs" onClick={onCancel}>
          {t("upload.cancel")}
        </Button>
      </div>
      <p className="text-xs text-muted">{t("upload.resumeHint")}</p>
    </div>
  );
}
