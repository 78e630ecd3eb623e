import { useState } from "react";
import { useTranslation } from "react-i18next";
import { UploadProgress } from "../../components/video/upload-progress.tsx";
import { IconButton } from "../../components/ui/icon-button.tsx";
import { iconPaths } from "../../components/ui/icon-paths.ts";
import { type StartVideoUpload, useVideoUpload } from "../../lib/use-video-upload.ts";
import { videoErrorMessage } from "../../lib/video-error-message.ts";
import { videoExtensions } from "../../../contract/videos.ts";
import { ChatIcon, icons } from "./icons.tsx";

/** Whether a dropped or chosen file is a video (by its type, or its name when the browser gives none). */
export function isVideoFile(file: File): boolean {
  return file.type.startsWith("video/") || videoExtensions.some((extension) => file.name.toLowerCase().endsWith(extension));
}

/** A video attached in the composer: uploaded at once (resumable), its id sent with the next message. */
export function useVideoAttachment(start?: StartVideoUpload) {
  const upload = useVideoUpload(start);
  const state = upload.state;
  // A second video dropped or chosen mid-upload is refused: one video goes with a message.
  const [refusedAnother, setRefusedAnother] = useState(false);
  return {
    state,
    attach: (file: File) => {
      setRefusedAnother(state.status === "uploading");
      if (state.status !== "uploading") void upload.upload(file);
    },
    refusedAnother: refusedAnother && state.status === "uploading",
    remove: state.status === "uploading" ? upload.cancel : upload.reset,
    uploading: state.status === "uploading",
    videoId: state.status === "done" ? state.videoId : undefined,
    name: state.status === "idle" ? undefined : state.name,
  };
}

export type VideoAttachment = ReturnType<typeof useVideoAttachment>;

/** The composer's chip for the attached video: its upload's progress, then "ready", or why it was refused. */
export function VideoAttachmentChip({ attachment }: { attachment: VideoAttachment }) {
  const { t } = useTranslation("videos");
  const { t: tChat } = useTranslation("chat");
  const { state } = attachment;
  if (state.status === "idle") return null;
  if (state.status === "uploading")
    return (
      <div className="w-full rounded-2xl border border-border bg-surface-2 p-3" data-testid="video-attachment">
        <UploadProgress name={state.name} sent={state.sent} total={state.total} timeLeftMs={state.timeLeftMs} onCancel={attachment.remove} compact />
        {attachment.refusedAnother && (
          <p role="alert" className="mt-2 text-xs text-danger" data-testid="video-one-at-a-time">
            {t("composer.oneAtATime")}
          </p>
        )}
      </div>
    );
  const problem = state.status === "refused" ? t(`refusals.${state.refusal}`, { name: state.name }) : state.status === "failed" ? videoErrorMessage(t, state.code) : undefined;
  return (
    <div className="flex items-center gap-2 self-start rounded-2xl border border-border bg-surface-2 p-1.5 pr-1 text-sm" data-testid="video-attachment">
      <ChatIcon d={problem ? icons.warning : iconPaths.video} className={`m-2 size-6 ${problem ? "text-danger" : "text-primary"}`} />
      <span className="grid min-w-0" role="status">
        <span className="max-w-52 truncate font-medium">{state.name}</span>
        <span className={`text-xs ${problem ? "text-danger" : "text-muted"}`}>{problem ?? t("composer.ready")}</span>
      </span>
      <IconButton label={tChat("composer.removeAttachment")} variant="ghost" size="sm" onClick={attachment.remove}>
        <ChatIcon d={icons.close} className="size-4" />
      </IconButton>
    </div>
  );
}
