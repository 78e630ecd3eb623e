import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { galleryResponseSchema, imageResponseSchema } from "../../contract/images.ts";
import { type Video, videoFrameResponseSchema, videoListResponseSchema, videoPath, videoResponseSchema } from "../../contract/videos.ts";
import { images } from "../../db/schema/images.ts";
import { videos } from "../../db/schema/videos.ts";
import { AppError } from "../errors/app-error.ts";
import { videoKey } from "../storage/keys.ts";
import type { SubjectExtractor } from "../subjects/engine.ts";
import { generate, settled, tokenHeaders } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { createTestVideos, type TestVideos } from "../testing/test-videos.ts";
import { uploadedVideo, uploadWhole } from "../testing/tus.ts";

let server: TestServer;
let made: TestVideos;
// The subject model is not what these tests are about: it finds no subject in any frame.
const noSubjectExtractor: SubjectExtractor = {
  extract: async () => {
    throw new AppError("invalid:no_subject", "No clear subject.");
  },
  warmUp: async () => {},
  close: async () => {},
};

beforeAll(async () => {
  made = createTestVideos();
  server = await startTestServer({ env: { FREE_SIGNUP_CREDITS: "20" }, deps: { subjectExtractor: noSubjectExtractor } });
});
afterAll(async () => {
  await server?.close();
  made?.cleanup();
});

let accounts = 0;
async function account(): Promise<{ token: string; userId: string }> {
  const signed = await signInByCode(server, `saved-frames${accounts++}@example.com`);
  return { token: signed.sessionToken, userId: signed.user.id };
}

const api = (token: string, path: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, { ...init, headers: { ...tokenHeaders(token), ...(init.body ? { "content-type": "application/json" } : {}), ...init.headers } });

async function gallery(token: string, userId: string, query = "") {
  const res = await api(token, `/api/users/${userId}/gallery${query}`);
  expect(res.status).toBe(200);
  return galleryResponseSchema.parse(await res.json());
}

async function videoOf(token: string, id: string): Promise<Video> {
  return videoResponseSchema.parse(await (await api(token, videoPath(id))).json()).video;
}

/** Uploads a 4-second 400×224 video named `name` and saves its frame at `timeMs`, ready. */
async function savedFrame(token: string, timeMs: number) {
  const video = await uploadedVideo(await uploadWhole(server.url, token, await readFile(await made.video({ durationS: 4, width: 400, height: 224 }))));
  const res = await api(token, `${videoPath(video.id)}/frames`, { method: "POST", body: JSON.stringify({ timeMs }) });
  expect(res.status).toBe(202);
  const { image } = videoFrameResponseSchema.parse(await res.json());
  return { video, frame: await settled(server, token, image.id) };
}

describe("frames saved from a video", () => {
  it("are kept, count their real bytes, are listed under From video with their video, and outlive an image made from them", async () => {
    const { token, userId } = await account();
    const { video, frame } = await savedFrame(token, 1500);
    const durationMs = video.probe?.durationMs ?? 0;
    expect(durationMs).toBeGreaterThan(0);
    expect(frame).toMatchObject({ kind: "upload", status: "ready", sourceVideo: { videoId: video.id, name: video.name, durationMs, timeMs: 1500 } });
    const [row] = await server.database.db.select().from(images).where(eq(images.id, frame.id));
    expect(row?.expiresAt).toBeNull();
    expect(row?.bytes).toBeGreaterThan(0);

    // An image made from the frame is a generated one; the frame is under From video, and All holds both.
    const made = await generate(server, token, { prompt: "From my video", baseImageId: frame.id, style: "vintage", aspect: "16:9", seed: 5 });
    const thumbnail = await settled(server, token, imageResponseSchema.parse(await made.json()).image.id);
    expect(thumbnail.status).toBe("ready");
    const all = await gallery(token, userId);
    expect(all.counts).toMatchObject({ all: 2, generated: 1, "from-video": 1, "subject-replaced": 0 });
    expect(all.images.map((image) => image.id).sort()).toEqual([frame.id, thumbnail.id].sort());
    const fromVideo = await gallery(token, userId, "?kind=from-video");
    expect(fromVideo.images.map((image) => image.id)).toEqual([frame.id]);
    expect(fromVideo.images[0]?.sourceVideo).toEqual({ videoId: video.id, name: video.name, durationMs, timeMs: 1500 });
    expect((await gallery(token, userId, "?kind=generated")).images.map((image) => image.id)).toEqual([thumbnail.id]);
    expect((await gallery(token, userId, `?video=${video.id}`)).images.map((image) => image.id)).toEqual([frame.id]);
    expect((await gallery(token, userId, `?video=${crypto.randomUUID()}`)).images).toEqual([]);

    // A temporary upload stays out of every tab.
    await server.database.db.insert(images).values({ userId, kind: "upload", status: "ready", expiresAt: new Date(Date.now() + 3600_000) });
    expect((await gallery(token, userId)).counts).toMatchObject({ all: 2, "from-video": 1 });

    // Deleting the thumbnail drawn over it does not take the frame along, as it would a model's picture.
    expect((await api(token, `/api/images/${thumbnail.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await api(token, `/api/images/${frame.id}`)).status).toBe(200);
  });

  it("keep their video's row past its 24 hours: files deleted, status expired, frames listed, no new pick; DELETE keeps the frames", async () => {
    const { token, userId } = await account();
    const { video, frame } = await savedFrame(token, 500);
    const unsaved = await uploadedVideo(await uploadWhole(server.url, token, await readFile(await made.video({ durationS: 2 }))));
    const source = join(server.config.filesDir, ...videoKey(userId, video.id, "source").split("/"));
    expect(existsSync(source)).toBe(true);

    await server.database.db.update(videos).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(videos.userId, userId));
    expect(await server.services.videos.sweepExpired()).toBe(2);
    expect(existsSync(source)).toBe(false);
    expect(existsSync(join(server.config.filesDir, ...videoKey(userId, video.id, "filmstrip").split("/")))).toBe(false);
    expect((await api(token, videoPath(unsaved.id))).status).toBe(404);

    const expired = await videoOf(token, video.id);
    expect(expired).toMatchObject({ id: video.id, name: video.name, status: "expired", frames: [], filmstrip: null });
    expect(videoListResponseSchema.parse(await (await api(token, "/api/videos")).json()).videos.map((v) => v.id)).toEqual([video.id]);
    const pick = await api(token, `${videoPath(video.id)}/frames`, { method: "POST", body: JSON.stringify({ timeMs: 0 }) });
    expect(pick.status).toBe(409);
    expect(await pick.json()).toMatchObject({ code: "conflict:video_not_ready" });
    // A later sweep leaves it alone.
    expect(await server.services.videos.sweepExpired()).toBe(0);
    expect((await gallery(token, userId, `?video=${video.id}`)).images.map((image) => image.id)).toEqual([frame.id]);

    expect((await api(token, videoPath(video.id), { method: "DELETE" })).status).toBe(204);
    expect((await api(token, videoPath(video.id))).status).toBe(404);
    const kept = imageResponseSchema.parse(await (await api(token, `/api/images/${frame.id}`)).json()).image;
    expect(kept).toMatchObject({ status: "ready", sourceVideo: { videoId: video.id, name: video.name } });
  });
});
