import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { VIDEO_TTL_HOURS } from "../../../contract/videos.ts";
import { UploadProgress } from "../../components/video/upload-progress.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { MOMENT_PARAM, VIDEO_PARAM } from "../../lib/app-links.ts";
import { type StartVideoUpload, useVideoUpload } from "../../lib/use-video-upload.ts";
import { videoErrorMessage } from "../../lib/video-error-message.ts";
import { isMissingVideo, useVideo, useVideos } from "../../lib/videos-api.ts";
import { PreviousVideos } from "./previous-videos.tsx";
import { VideoDropzone } from "./video-dropzone.tsx";
import { VideoView } from "./video-view.tsx";

/**
 * /app/video, From your video (docs/product/videos.md): a video in, its best frames out. The video shown is in the
 * URL (`?v=`), so a reload or a link from the chat opens it again; `?t=` picks a moment of it.
 */
export function VideoScreen({
  userId,
  startUpload,
}: {
  /** The signed-in user: the open video lists the frames saved from it. */
  userId?: string | undefined;
  /** Tests hand in a fake upload. */
  startUpload?: StartVideoUpload;
}) {
  const { t } = useTranslation("videos");
  const [params, setParams] = useSearchParams();
  const openId = params.get(VIDEO_PARAM) ?? undefined;
  const moment = Number(params.get(MOMENT_PARAM) ?? Number.NaN);
  const videos = useVideos();
  const video = useVideo(openId);
  const upload = useVideoUpload(startUpload);
  const state = upload.state;

  function open(id: string | undefined) {
    setParams(id ? { [VIDEO_PARAM]: id } : {});
  }

  async function onFile(file: File) {
    open(undefined);
    const id = await upload.upload(file);
    if (id) open(id);
  }

  function uploadAnother() {
    upload.reset();
    open(undefined);
  }

  const body = (() => {
    if (state.status === "uploading")
      return (
        <div className="rounded-3xl border border-border bg-surface p-4 sm:p-6">
          <UploadProgress name={state.name} sent={state.sent} total={state.total} timeLeftMs={state.timeLeftMs} onCancel={upload.cancel} />
        </div>
      );
    if (openId) {
      if (video.data) return <VideoView key={video.data.id} video={video.data} userId={userId} initialMomentMs={Number.isFinite(moment) ? moment : undefined} onUploadAnother={uploadAnother} />;
      // Only a 404 means the video is gone; a lost connection or a server error is worth another try.
      if (video.isError && !isMissingVideo(video.error))
        return (
          <div className="grid gap-3 rounded-3xl border border-border bg-surface p-4 sm:p-6" role="alert" data-testid="video-load-failed">
            <p className="text-sm text-danger">{t("view.loadFailed")}</p>
            <div>
              <Button size="sm" variant="secondary" onClick={() => void video.refetch()}>
                {t("view.retry")}
              </Button>
            </div>
          </div>
        );
      if (video.isError)
        return (
          <div className="grid gap-3 rounded-3xl border border-border bg-surface p-4 sm:p-6" role="alert">
            <p className="font-semibold">{t("view.goneTitle")}</p>
            <p className="text-sm text-muted">{t("view.goneText", { hours: VIDEO_TTL_HOURS })}</p>
            <div>
              <Button size="sm" onClick={uploadAnother}>
                {t("view.uploadAnother")}
              </Button>
            </div>
          </div>
        );
      return <Skeleton className="h-64 w-full rounded-3xl" />;
    }
    return (
      <div className="grid gap-3">
        {(state.status === "refused" || state.status === "failed") && (
          <p role="alert" className="rounded-2xl border border-danger/40 bg-danger/5 p-3 text-sm text-danger" data-testid="upload-refusal">
            {state.status === "refused" ? t(`refusals.${state.refusal}`, { name: state.name }) : videoErrorMessage(t, state.code)}
          </p>
        )}
        <VideoDropzone onFile={(file) => void onFile(file)} />
      </div>
    );
  })();

  return (
    <div className="mx-auto grid w-full max-w-5xl content-start gap-6 px-4 py-6 sm:px-6 sm:py-8">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
        <p className="text-sm text-muted">{t("intro", { hours: VIDEO_TTL_HOURS })}</p>
      </header>
      {body}
      {videos.isPending ? (
        <Skeleton className="h-20 w-full rounded-2xl" />
      ) : videos.isError ? (
        <div className="flex flex-wrap items-center gap-3 text-sm" role="alert">
          <span className="text-danger">{t("previous.failed")}</span>
          <Button variant="secondary" size="xs" onClick={() => void videos.refetch()}>
            {t("previous.retry")}
          </Button>
        </div>
      ) : (
        <PreviousVideos videos={videos.data.videos} openId={openId} onOpen={open} />
      )}
    </div>
  );
}
