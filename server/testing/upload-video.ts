import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { VIDEO_UPLOADS_PATH, type Video, videoResponseSchema } from "../../contract/videos.ts";
import { tokenHeaders } from "./images.ts";
import type { TestServer } from "./test-server.ts";

const b64 = (text: string) => Buffer.from(text).toString("base64");

/** Uploads a video file the way the web does (tus 1.0.0: one POST, one PATCH) and answers the video as it ends. */
export async function uploadVideo(server: TestServer, token: string, path: string, type = "video/mp4"): Promise<Video> {
  const bytes = await readFile(path);
  const created = await fetch(`${server.url}${VIDEO_UPLOADS_PATH}`, {
    method: "POST",
    headers: { ...tokenHeaders(token), "Tus-Resumable": "1.0.0", "Upload-Length": String(bytes.length), "Upload-Metadata": `filename ${b64(basename(path))},filetype ${b64(type)}` },
  });
  if (created.status !== 201) throw new Error(`the upload was not created: ${created.status} ${await created.text()}`);
  const location = new URL(created.headers.get("location") ?? "", `${server.url}${VIDEO_UPLOADS_PATH}/`);
  const sent = await fetch(location, {
    method: "PATCH",
    headers: { ...tokenHeaders(token), "Tus-Resumable": "1.0.0", "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
    body: new Uint8Array(bytes),
  });
  const text = await sent.text();
  if (sent.status !== 200 && sent.status !== 204) throw new Error(`the upload was not finished: ${sent.status} ${text}`);
  return videoResponseSchema.parse(JSON.parse(text)).video;
}

/** Reads the video until `done` says so (the frame finder runs in the test server's worker). */
export async function videoWhen(server: TestServer, token: string, id: string, done: (video: Video) => boolean, timeoutMs = 60_000): Promise<Video> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${server.url}/api/videos/${id}`, { headers: tokenHeaders(token) });
    const video = res.status === 200 ? videoResponseSchema.parse(await res.json()).video : undefined;
    if (video && done(video)) return video;
    if (Date.now() > until) throw new Error(`video ${id} still ${video?.status ?? "unavailable"} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
