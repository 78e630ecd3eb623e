import { useTranslation } from "react-i18next";
import type { ImageAspect, ImageRecord } from "../../../contract/images.ts";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { generationErrorMessage } from "../../lib/generation-error-message.ts";
import type { ImageProgress } from "../../lib/image-live.ts";
import { ProgressBar } from "../../components/studio/progress-bar.tsx";

// The frame keeps the image's shape before a single byte arrives, so nothing below it moves.
const frames: Record<string, string> = {
  "16:9": "aspect-video w-full",
  "9:16": "aspect-[9/16] w-full max-w-[15rem] sm:max-w-[17rem]",
  "1:1": "aspect-square w-full max-w-[22rem]",
};

function frameFor(aspect: string | null | undefined): string {
  return frames[aspect ?? "16:9"] ?? frames["16:9"] ?? "";
}

function Icon({ d, className = "" }: { d: string; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={`shrink-0 ${className}`} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d={d} />
    </svg>
  );
}

export const downloadIcon = "M12 4v11m0 0l-4-4m4 4l4-4M5 19h14";

/**
 * The result side of the Create panel: an empty frame, then 'Generating image...' with a live progress bar,
 * then 'Generated successfully' with the image and a Download link, or a translated failure with Try again.
 */
export function GenerationView({
  image,
  progress,
  aspect,
  onRetry,
  retrying,
}: {
  image: ImageRecord | undefined;
  progress: ImageProgress | undefined;
  aspect: ImageAspect;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation("app");
  const working = image?.status === "pending" || image?.status === "running";
  const ready = image?.status === "ready" && image.urls;
  const failed = image?.status === "failed";

  return (
    // With nothing made yet, phones skip the empty frame: the form above already says what to do.
    <div className={`content-start gap-4 ${image ? "grid" : "hidden lg:grid"}`} data-testid="generation-view" data-status={image?.status ?? "idle"}>
      <div className="mx-auto grid w-full justify-items-center">
        <div className={`relative grid place-items-center overflow-hidden rounded-2xl border border-border bg-surface-2 ${frameFor(image?.aspect ?? aspect)}`}>
          {ready && image.urls ? (
            <img
              src={image.urls.preview}
              alt={t("studio.resultAlt", { prompt: image.prompt ?? "" })}
              width={image.width ?? undefined}
              height={image.height ?? undefined}
              className="absolute inset-0 size-full object-contain"
              data-testid="generated-image"
            />
          ) : working ? (
            <div aria-hidden="true" className="absolute inset-0 grid place-items-center bg-[linear-gradient(110deg,transparent_30%,rgb(255_255_255/0.18)_50%,transparent_70%)] bg-[length:200%_100%] motion-safe:animate-pulse">
              <span className="size-10 animate-spin rounded-full border-4 border-primary/25 border-t-primary" />
            </div>
          ) : failed ? (
            <Icon d="M12 8v5m0 3h.01M10.3 3.9L2.4 18a2 2 0 001.7 3h15.8a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0z" className="size-10 text-danger" />
          ) : (
            <EmptyState
              framed={false}
              icon={<Icon d="M4 16l4.6-4.6a2 2 0 012.8 0L16 16m-2-2l1.6-1.6a2 2 0 012.8 0L20 14M4 6h16v12H4zM14 9h.01" className="size-9" />}
              title={t("studio.emptyTitle")}
              text={t("studio.emptyBody")}
            />
          )}
        </div>
      </div>

      <div role="status" aria-live="polite" className="grid gap-2">
        {working && (
          <>
            <div className="flex items-baseline justify-between gap-3">
              <p className="font-semibold">{t("studio.generating")}</p>
              <p className="text-sm text-muted tabular-nums">{progress?.percent ?? 0}%</p>
            </div>
            <p className="text-sm text-muted">{t(`studio.stages.${progress?.stage ?? "queued"}`)}</p>
          </>
        )}
        {ready && (
          <p className="flex items-center gap-2 font-semibold text-success">
            <Icon d="M5 12l5 5 9-10" className="size-5" />
            {t("studio.generated")}
          </p>
        )}
        {failed && (
          <div className="grid gap-1">
            <p className="font-semibold text-danger">{t("studio.failedTitle")}</p>
            <p className="text-sm">{generationErrorMessage(t, image.errorCode)}</p>
            {image.creditsSpent > 0 && <p className="text-sm text-muted">{t("studio.refunded", { count: image.creditsSpent })}</p>}
          </div>
        )}
      </div>
      {working && <ProgressBar progress={progress} />}

      {ready && image.urls && (
        <div className="flex flex-wrap gap-3">
          <a
            href={image.urls.download}
            download
            className={buttonClass({ size: "md", className: "grow sm:grow-0" })}
          >
            <Icon d={downloadIcon} className="size-5" />
            {t("studio.download")}
          </a>
          <a
            href={image.urls.original}
            target="_blank"
            rel="noopener"
            className={buttonClass({ variant: "secondary", size: "md", className: "grow sm:grow-0" })}
          >
            {t("studio.openFull")}
            <span className="sr-only"> {t("studio.newTab")}</span>
          </a>
        </div>
      )}
      {failed && (
        <div>
          <Button variant="secondary" size="md" onClick={onRetry} disabled={retrying}>
            <Icon d="M4 4v6h6M20 20v-6h-6M5.5 15a7 7 0 0012 2.5M18.5 9A7 7 0 006.5 6.5" className="size-5" />
            {t("studio.tryAgain")}
          </Button>
        </div>
      )}
    </div>
  );
}
