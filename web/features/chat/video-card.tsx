import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { z } from "zod/mini";
import { VIDEO_TTL_HOURS } from "../../../contract/videos.ts";
import { BestFrames } from "../../components/video/best-frames.tsx";
import { FinderProgress } from "../../components/video/finder-progress.tsx";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { videoHref } from "../../lib/app-links.ts";
import { videoErrorMessage } from "../../lib/video-error-message.ts";
import { isMissingVideo, useVideo } from "../../lib/videos-api.ts";
import type { ChatMessage } from "./types.ts";

// A user message that came with a video carries its id in the message's metadata (the composer puts it there) and,
// once stored, in a `data-video` part (the server keeps no metadata; docs/product/videos.md, In the chat).
const videoMetadataSchema = z.object({ videoId: z.string().check(z.minLength(1)) });
const videoPartSchema = z.object({ type: z.literal("data-video"), data: videoMetadataSchema });

export function videoIdOf(message: ChatMessage): string | undefined {
  const parsed = videoMetadataSchema.safeParse(message.metadata);
  if (parsed.success) return parsed.data.videoId;
  for (const part of message.parts as readonly unknown[]) {
    const stored = videoPartSchema.safeParse(part);
    if (stored.success) return stored.data.data.videoId;
  }
  return undefined;
}

/**
 * The video a message came with: the frame finder's live progress, then its best frames; a frame opens the From
 * video screen with that moment picked, where it becomes a thumbnail, a persona or a swap.
 */
export function VideoCard({ videoId }: { videoId: string }) {
  const { t } = useTranslation("videos");
  const navigate = useNavigate();
  const { data: video, isError, error, refetch } = useVideo(videoId);
  return (
    <div className="grid w-full max-w-xl gap-3 rounded-3xl border border-border bg-surface p-3 text-sm shadow-sm" data-testid="video-card">
      {isError && isMissingVideo(error) ? (
        <p className="text-muted">{t("card.gone", { hours: VIDEO_TTL_HOURS })}</p>
      ) : isError ? (
        // A lost connection or a server error: the video may well be there.
        <div className="flex flex-wrap items-center gap-2" role="alert" data-testid="video-card-failed">
          <span className="text-danger">{t("view.loadFailed")}</span>
          <Button variant="secondary" size="xs" onClick={() => void refetch()}>
            {t("view.retry")}
          </Button>
        </div>
      ) : !video ? (
        <Skeleton className="h-24 w-full rounded-2xl" />
      ) : (
        <>
          <div className="flex items-baseline justify-between gap-2">
            <p className="min-w-0 truncate font-semibold">{video.name}</p>
            <Link to={videoHref(video.id)} className="shrink-0 text-xs font-semibold text-primary hover:underline">
              {t("card.open")}
            </Link>
          </div>
          {video.status === "uploading" && <p className="text-muted">{t("view.stillUploading")}</p>}
          {video.status === "analysing" && <FinderProgress progress={video.progress} compact />}
          {video.status === "ready" && (
            <>
              <p className="text-xs text-muted">{t("card.pickHint")}</p>
              <BestFrames frames={video.frames} columns="narrow" onPick={(frame) => void navigate(videoHref(video.id, frame.timeMs))} />
            </>
          )}
          {(video.status === "failed" || video.status === "cancelled") && (
            <div className="grid gap-2">
              <p className="text-muted">{video.status === "failed" ? videoErrorMessage(t, video.errorCode) : t("view.cancelledTitle")}</p>
              <Link to={videoHref(video.id)} className={buttonClass({ size: "xs", variant: "secondary", className: "justify-self-start" })}>
                {t("card.whatNext")}
              </Link>
            </div>
          )}
        </>
      )}
    </div>
  );
}
