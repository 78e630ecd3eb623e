import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ImageRecord } from "../../../contract/images.ts";
import { formatTimecode, type Video, VIDEO_TTL_HOURS } from "../../../contract/videos.ts";
import { BestFrames } from "../../components/video/best-frames.tsx";
import { FinderProgress } from "../../components/video/finder-progress.tsx";
import { Button } from "../../components/ui/button.tsx";
import { videoErrorMessage, videoRequestErrorMessage } from "../../lib/video-error-message.ts";
import { formatBytes } from "../../lib/video-format.ts";
import { usePickFrame, useVideoActions } from "../../lib/videos-api.ts";
import { FrameActions } from "./frame-actions.tsx";
import { FrameTimeline } from "./frame-timeline.tsx";
import { SavedFrames } from "./saved-frames.tsx";

/** One video as its status allows: the finder at work, its best frames and timeline, or what to do after a stop. */
export function VideoView({
  video,
  userId,
  initialMomentMs,
  onUploadAnother,
}: {
  video: Video;
  /** The signed-in user, whose saved frames of this video are listed (none without). */
  userId?: string | undefined;
  initialMomentMs?: number | undefined;
  onUploadAnother: () => void;
}) {
  const { t, i18n } = useTranslation("videos");
  const actions = useVideoActions();
  const pick = usePickFrame(video.id);
  const [picked, setPicked] = useState<{ image: ImageRecord; timeMs: number } | null>(null);
  const asked = useRef(false);

  function onPick(timeMs: number) {
    pick.mutate(timeMs, { onSuccess: ({ image, timeMs: at }) => setPicked({ image, timeMs: at }) });
  }

  // A link to a moment (from the chat's video card) picks it once the video is ready.
  useEffect(() => {
    if (initialMomentMs === undefined || asked.current || video.status !== "ready") return;
    asked.current = true;
    onPick(initialMomentMs);
    // onPick only starts a mutation: the moment and the status are what this effect waits for.
  }, [initialMomentMs, video.status]);

  const actionError = actions.cancel.error ?? actions.analyse.error ?? actions.remove.error ?? pick.error;
  const facts = [video.probe ? formatTimecode(video.probe.durationMs) : null, video.probe ? `${video.probe.width}×${video.probe.height}` : null, formatBytes(video.bytes, i18n.language)];

  return (
    <section aria-labelledby="video-title" className="grid gap-5" data-testid="video-view" data-status={video.status}>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-0.5">
          <h2 id="video-title" className="truncate text-lg font-bold">
            {video.name}
          </h2>
          <p className="text-sm text-muted">{facts.filter(Boolean).join(" · ")}</p>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={onUploadAnother}>
            {t("view.uploadAnother")}
          </Button>
          <Button variant="ghost" size="sm" loading={actions.remove.isPending} onClick={() => actions.remove.mutate(video.id)}>
            {t("view.delete")}
          </Button>
        </div>
      </header>

      {video.status === "uploading" && <p className="rounded-2xl bg-surface-2 p-4 text-sm">{t("view.stillUploading")}</p>}

      {video.status === "analysing" && (
        <div className="grid gap-3 rounded-3xl border border-border bg-surface p-4 sm:p-6">
          <FinderProgress progress={video.progress} />
          <div>
            <Button variant="secondary" size="sm" loading={actions.cancel.isPending} onClick={() => actions.cancel.mutate(video.id)}>
              {t("view.cancelFinding")}
            </Button>
          </div>
        </div>
      )}

      {(video.status === "failed" || video.status === "cancelled") && (
        <div className="grid gap-3 rounded-3xl border border-border bg-surface p-4 sm:p-6" data-testid="video-stopped">
          <p className="font-semibold">{video.status === "failed" ? t("view.failedTitle") : t("view.cancelledTitle")}</p>
          <p className="text-sm text-muted">{video.status === "failed" ? videoErrorMessage(t, video.errorCode) : t("view.cancelledText")}</p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" loading={actions.analyse.isPending} onClick={() => actions.analyse.mutate(video.id)}>
              {t("view.analyseAgain")}
            </Button>
            <Button variant="secondary" size="sm" onClick={onUploadAnother}>
              {t("view.uploadAnother")}
            </Button>
          </div>
        </div>
      )}

      {video.status === "expired" && (
        <div className="grid gap-1 rounded-3xl border border-border bg-surface p-4 sm:p-6" data-testid="video-expired">
          <p className="font-semibold">{t("view.expiredTitle", { hours: VIDEO_TTL_HOURS })}</p>
          <p className="text-sm text-muted">{t("view.expiredText")}</p>
        </div>
      )}

      {picked && <FrameActions key={picked.image.id} frame={picked.image} timeMs={picked.timeMs} onClose={() => setPicked(null)} />}
      {userId && <SavedFrames userId={userId} videoId={video.id} onOpen={(image, timeMs) => setPicked({ image, timeMs })} />}

      {video.status === "ready" && (
        <>
          {video.truncated && <p className="rounded-2xl bg-surface-2 p-3 text-sm">{t("view.truncated")}</p>}
          <section aria-labelledby="best-frames-title" className="grid gap-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 id="best-frames-title" className="font-bold">
                {t("frames.title")}
              </h3>
              <p className="text-xs text-muted">{t("frames.hint")}</p>
            </div>
            {video.frames.length > 0 ? (
              <BestFrames frames={video.frames} picked={picked?.timeMs} disabled={pick.isPending} onPick={(frame) => onPick(frame.timeMs)} />
            ) : (
              <p className="text-sm text-muted">{t("frames.none")}</p>
            )}
          </section>
          {video.filmstrip && <FrameTimeline filmstrip={video.filmstrip} durationMs={video.probe?.durationMs} onPick={onPick} disabled={pick.isPending} />}
        </>
      )}

      {actionError !== null && (
        <p role="alert" className="text-sm text-danger">
          {videoRequestErrorMessage(t, actionError)}
        </p>
      )}
      <p className="text-xs text-muted">{t("view.keepRule", { hours: VIDEO_TTL_HOURS })}</p>
    </section>
  );
}
