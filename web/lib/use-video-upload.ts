import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ErrorCode } from "../../contract/errors.ts";
import { uploadTimeLeftMs } from "./video-format.ts";
import { checkVideoFile, uploadErrorOf, uploadVideo, type VideoRefusal, type VideoUpload } from "./video-upload.ts";
import { videoKey, videosKey } from "./videos-api.ts";

export type VideoUploadState =
  | { status: "idle" }
  | { status: "refused"; name: string; refusal: VideoRefusal }
  | { status: "uploading"; name: string; sent: number; total: number; timeLeftMs: number | undefined }
  | { status: "failed"; name: string; code: ErrorCode | undefined }
  | { status: "done"; name: string; videoId: string };

/** Starts an upload, for tests to hand in a fake. */
export type StartVideoUpload = typeof uploadVideo;

/**
 * One video upload as a screen shows it: the file checked first, then bytes and time left as it goes, then the
 * video's id (its record arrives by `video:update` and a read of the list), or why it failed.
 */
export function useVideoUpload(start: StartVideoUpload = uploadVideo) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<VideoUploadState>({ status: "idle" });
  const current = useRef<VideoUpload | null>(null);

  // Leaving the screen mid-upload stops sending but keeps the upload: the same file chosen again resumes it.
  useEffect(
    () => () => {
      void current.current?.pause?.();
    },
    [],
  );

  const upload = useCallback(
    (file: File): Promise<string | undefined> => {
      const refusal = checkVideoFile(file);
      if (refusal) {
        setState({ status: "refused", name: file.name, refusal });
        return Promise.resolve(undefined);
      }
      const startedAt = Date.now();
      let startedSent: number | undefined;
      setState({ status: "uploading", name: file.name, sent: 0, total: file.size, timeLeftMs: undefined });
      const handle = start(file, {
        onProgress: (sent, total) => {
          // A resumed upload reports its offset first: the speed counts from there, not from zero.
          startedSent ??= sent;
          setState({ status: "uploading", name: file.name, sent, total, timeLeftMs: uploadTimeLeftMs(sent, total, startedSent, Date.now() - startedAt) });
        },
      });
      current.current = handle;
      return handle.done.then(
        (videoId) => {
          // Cancelled, or another upload started since: this one's id is not the attachment's.
          if (current.current !== handle) return undefined;
          current.current = null;
          setState({ status: "done", name: file.name, videoId });
          void queryClient.invalidateQueries({ queryKey: videosKey });
          void queryClient.invalidateQueries({ queryKey: videoKey(videoId) });
          return videoId;
        },
        (err: unknown) => {
          if (current.current !== handle) return undefined; // cancelled: the state was already reset
          current.current = null;
          setState({ status: "failed", name: file.name, code: uploadErrorOf(err).code });
          // A refused file's video is gone from the server (it was listed while it arrived): the list reads again.
          void queryClient.invalidateQueries({ queryKey: videosKey });
          return undefined;
        },
      );
    },
    [queryClient, start],
  );

  const cancel = useCallback(() => {
    const handle = current.current;
    current.current = null;
    setState({ status: "idle" });
    // The server drops the abandoned upload's row: the list reads again once it has.
    void handle
      ?.cancel()
      .catch(() => undefined) // a refused DELETE leaves a row the housekeeping removes
      .then(() => queryClient.invalidateQueries({ queryKey: videosKey }));
  }, [queryClient]);

  const reset = useCallback(() => setState({ status: "idle" }), []);

  return { state, upload, cancel, reset };
}
