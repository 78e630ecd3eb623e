import { DetailedError, Upload } from "tus-js-client";
import { type ErrorCode, isErrorCode } from "../../contract/errors.ts";
import { VIDEO_UPLOADS_PATH, videoExtensions, videoTypes } from "../../contract/videos.ts";
import { readSessionToken } from "./session-token.ts";

/**
 * The resumable video upload (tus 1.0.0, decision 039): tus-js-client remembers each file's upload URL under its
 * fingerprint in localStorage, so a dropped connection retries on its own and a reload (the same file chosen again)
 * carries on from the server's offset instead of starting over.
 */

/** Generous enough that an upload rides out a short outage: roughly a minute of tries before it gives up. */
export const VIDEO_RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];
/** Each PATCH carries at most this much, so a dropped connection loses at most one chunk. */
export const VIDEO_CHUNK_BYTES = 16 * 1024 * 1024;
/** The server's default limit (VIDEO_MAX_BYTES); a file above it is refused here before a byte is sent. */
export const VIDEO_MAX_BYTES_DEFAULT = 2 * 1024 ** 3;

/** Why a file is refused before its upload, each a `videos:refusals.*` sentence. */
export type VideoRefusal = "type" | "empty" | "too_large";

/** Checks a chosen file: a video container by its type or its extension, not empty, not above the limit. */
export function checkVideoFile(file: { name: string; type: string; size: number }, maxBytes = VIDEO_MAX_BYTES_DEFAULT): VideoRefusal | undefined {
  const name = file.name.toLowerCase();
  const byType = (videoTypes as readonly string[]).includes(file.type);
  const byName = videoExtensions.some((extension) => name.endsWith(extension));
  // Browsers give MKV (and sometimes MOV) no type at all; then the name decides. The server reads the bytes anyway.
  if (!byType && !(byName && (file.type === "" || file.type.startsWith("video/")))) return "type";
  if (file.size === 0) return "empty";
  if (file.size > maxBytes) return "too_large";
  return undefined;
}

/** Picks the first video among dropped or chosen files. */
export function firstVideoFile(files: FileList | readonly File[] | null | undefined): File | undefined {
  const list = [...(files ?? [])];
  return list.find((file) => file.type.startsWith("video/") || videoExtensions.some((e) => file.name.toLowerCase().endsWith(e))) ?? list[0];
}

/** A refused upload: the server's code when it sent one (`payload_too_large:video`…), for a translated sentence. */
export class VideoUploadError extends Error {
  override readonly name = "VideoUploadError";
  readonly code: ErrorCode | undefined;
  readonly status: number | undefined;

  constructor(code: ErrorCode | undefined, status: number | undefined) {
    super(`video upload failed${status ? `: ${status}` : ""}${code ? ` ${code}` : ""}`);
    this.code = code;
    this.status = status;
  }
}

/** Reads the `{ error, code }` body of a tus refusal; a network failure has no response and no code. */
export function uploadErrorOf(err: unknown): VideoUploadError {
  if (err instanceof VideoUploadError) return err;
  const response = err instanceof DetailedError ? err.originalResponse : null;
  if (!response) return new VideoUploadError(undefined, undefined);
  let code: ErrorCode | undefined;
  try {
    const parsed: unknown = JSON.parse(response.getBody());
    const value = typeof parsed === "object" && parsed !== null ? (parsed as { code?: unknown }).code : undefined;
    code = isErrorCode(value) ? value : undefined;
  } catch {
    code = undefined;
  }
  return new VideoUploadError(code, response.getStatus());
}

/** The video's id: the last segment of the upload URL the server answered the create with. */
export function videoIdFromUploadUrl(url: string | null): string | undefined {
  const last = url?.split("?")[0]?.split("/").filter(Boolean).pop();
  return last && /^[0-9a-f-]{36}$/i.test(last) ? decodeURIComponent(last) : undefined;
}

export interface VideoUploadHandlers {
  onProgress: (sent: number, total: number) => void;
}

export interface VideoUpload {
  /** Settles with the video's id once the last byte is in, or with a VideoUploadError. */
  done: Promise<string>;
  /** Stops sending and tells the server to drop what it has. */
  cancel: () => Promise<void>;
}

/** Starts (or resumes) the upload of one file. */
export function uploadVideo(file: File, handlers: VideoUploadHandlers): VideoUpload {
  let upload: Upload | undefined;
  const done = new Promise<string>((resolve, reject) => {
    const token = readSessionToken();
    upload = new Upload(file, {
      endpoint: new URL(VIDEO_UPLOADS_PATH, window.location.origin).href,
      retryDelays: VIDEO_RETRY_DELAYS,
      chunkSize: VIDEO_CHUNK_BYTES,
      metadata: { filename: file.name, filetype: file.type || "application/octet-stream" },
      headers: token ? { "x-session-token": token } : {},
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress: handlers.onProgress,
      // A refusal (4xx but 409/423, which tus uses for an offset race) will not change when sent again.
      onShouldRetry: (err) => {
        const status = err.originalResponse?.getStatus() ?? 0;
        return status === 0 || status === 409 || status === 423 || status >= 500;
      },
      onError: (err) => reject(uploadErrorOf(err)),
      onSuccess: () => {
        const id = videoIdFromUploadUrl(upload?.url ?? null);
        if (id) resolve(id);
        else reject(new VideoUploadError(undefined, undefined));
      },
    });
    const current = upload;
    void current.findPreviousUploads().then(
      (previous) => {
        if (previous[0]) current.resumeFromPreviousUpload(previous[0]);
        current.start();
      },
      () => current.start(),
    );
  });
  return { done, cancel: () => upload?.abort(true) ?? Promise.resolve() };
}
