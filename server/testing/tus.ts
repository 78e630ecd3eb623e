import { request } from "node:http";
import { VIDEO_UPLOADS_PATH, type Video, videoResponseSchema } from "../../contract/videos.ts";
import { tokenHeaders } from "./images.ts";

/** tus 1.0.0 over raw HTTP, as a client speaks it: each helper is one request of the protocol. */
const tus = { "Tus-Resumable": "1.0.0" };

export const uploadMetadata = (fields: Record<string, string>): string =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
    .join(",");

/** POST: creates an upload of `length` bytes; its URL (absolute) when created, else the answer. */
export async function createUpload(
  baseUrl: string,
  token: string,
  length: number | undefined,
  metadata: Record<string, string> = { filename: "clip.mp4", filetype: "video/mp4" },
): Promise<Response & { uploadUrl?: string }> {
  const res = await fetch(`${baseUrl}${VIDEO_UPLOADS_PATH}`, {
    method: "POST",
    headers: { ...tus, ...tokenHeaders(token), ...(length === undefined ? { "Upload-Defer-Length": "1" } : { "Upload-Length": String(length) }), "Upload-Metadata": uploadMetadata(metadata) },
  });
  const location = res.headers.get("location");
  return Object.assign(res, location ? { uploadUrl: new URL(location, baseUrl).href } : {});
}

export async function headOffset(uploadUrl: string, token: string): Promise<Response> {
  return fetch(uploadUrl, { method: "HEAD", headers: { ...tus, ...tokenHeaders(token) } });
}

export async function patchBytes(uploadUrl: string, token: string, offset: number, bytes: Buffer): Promise<Response> {
  return fetch(uploadUrl, {
    method: "PATCH",
    headers: { ...tus, ...tokenHeaders(token), "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
    body: new Uint8Array(bytes),
  });
}

/**
 * A PATCH that promises all of `bytes` but sends only the first `sent` and then drops the connection: what a
 * closed laptop lid does mid-upload. Resolves once the socket is closed.
 */
export function patchThenDrop(uploadUrl: string, token: string, offset: number, bytes: Buffer, sent: number): Promise<void> {
  return new Promise((resolve) => {
    const req = request(uploadUrl, {
      method: "PATCH",
      headers: {
        ...tus,
        ...tokenHeaders(token),
        "Upload-Offset": String(offset),
        "Content-Type": "application/offset+octet-stream",
        "Content-Length": String(bytes.length),
      },
    });
    req.on("error", () => resolve());
    req.on("close", () => resolve());
    req.write(bytes.subarray(0, sent), () => {
      // Give the server a moment to take in what was sent, then cut the line.
      setTimeout(() => req.destroy(), 200);
    });
  });
}

/** A whole upload in chunks; the last PATCH's answer carries the video (or the refusal). */
export async function uploadWhole(baseUrl: string, token: string, bytes: Buffer, metadata?: Record<string, string>, chunk = 4 * 1024 * 1024): Promise<Response> {
  const created = await createUpload(baseUrl, token, bytes.length, metadata);
  if (!created.uploadUrl) return created;
  let last: Response = created;
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    last = await patchBytes(created.uploadUrl, token, offset, bytes.subarray(offset, offset + chunk));
    if (!last.ok) return last;
  }
  return last;
}

export async function uploadedVideo(res: Response): Promise<Video> {
  if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return videoResponseSchema.parse(await res.json()).video;
}
