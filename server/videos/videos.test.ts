import { existsSync, readdirSync } from "node:fs";
import { mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as tus from "tus-js-client";
import sharp from "sharp";
import { imageResponseSchema } from "../../contract/images.ts";
import { VIDEO_UPLOADS_PATH, type Video, videoCandidatePath, videoFilmstripPath, videoFrameResponseSchema, videoListResponseSchema, videoPath, videoResponseSchema } from "../../contract/videos.ts";
import { jobs } from "../../db/schema/jobs.ts";
import { videos } from "../../db/schema/videos.ts";
import { generate, openSocket, settled, tokenHeaders } from "../testing/images.ts";
import { itOnPostgres } from "../testing/on-postgres.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { createTestVideos, testFfmpeg, type TestVideos } from "../testing/test-videos.ts";
import { createUpload, headOffset, patchBytes, patchThenDrop, uploadedVideo, uploadWhole } from "../testing/tus.ts";
import { AppError } from "../errors/app-error.ts";
import { videoKey } from "../storage/keys.ts";
import type { SubjectExtractor } from "../subjects/engine.ts";

const MB = 1024 * 1024;
let server: TestServer;
let made: TestVideos;
// The subject model, standing in for ISNet: it finds no clear subject in any frame, and counts what it was shown.
const scored: Buffer[] = [];
const noSubjectExtractor: SubjectExtractor = {
  extract: async (input) => {
    scored.push(input);
    throw new AppError("invalid:no_subject", "No clear subject.");
  },
  warmUp: async () => {},
  close: async () => {},
};

beforeAll(async () => {
  made = createTestVideos();
  server = await startTestServer({
    env: { VIDEO_MAX_BYTES: String(60 * MB), VIDEO_STORAGE_QUOTA_BYTES: String(100 * MB), VIDEO_UPLOADS_PER_DAY: "8", FREE_SIGNUP_CREDITS: "20" },
    deps: { subjectExtractor: noSubjectExtractor },
  });
});
afterAll(async () => {
  made?.cleanup();
  await server?.close();
});

let accounts = 0;
async function account(): Promise<{ token: string; userId: string }> {
  const signed = await signInByCode(server, `video${accounts++}@example.com`);
  return { token: signed.sessionToken, userId: signed.user.id };
}

const api = (token: string, path: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, { ...init, headers: { ...tokenHeaders(token), ...(init.body ? { "content-type": "application/json" } : {}), ...init.headers } });

async function videoOf(token: string, id: string): Promise<Video> {
  const res = await api(token, videoPath(id));
  if (res.status !== 200) throw new Error(`video ${id}: ${res.status} ${await res.text()}`);
  return videoResponseSchema.parse(await res.json()).video;
}

/** Reads the video until it leaves analysing (the frame finder is a real FFmpeg on a real worker). */
async function analysed(token: string, id: string, timeoutMs = 60_000): Promise<Video> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const video = await videoOf(token, id);
    if (video.status !== "analysing") return video;
    if (Date.now() > until) throw new Error(`video ${id} still analysing after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const uploadFolder = (): string[] => (existsSync(server.config.videos.uploadDir) ? readdirSync(server.config.videos.uploadDir).sort() : []);

/** What a refused or expired upload must not leave: no row of the user, no new file in tus's folder, no stored file. */
async function leftovers(userId: string, uploadsBefore: string[]): Promise<{ rows: number; newUploads: string[]; stored: string[] }> {
  const storedDir = join(server.config.filesDir, "videos", userId);
  return {
    rows: (await server.database.db.select().from(videos).where(eq(videos.userId, userId))).length,
    newUploads: uploadFolder().filter((name) => !uploadsBefore.includes(name)),
    stored: existsSync(storedDir) ? readdirSync(storedDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name) : [],
  };
}

describe.skipIf(!testFfmpeg)("uploading a video with tus", () => {
  it("takes an upload from tus-js-client, probes it and finds its frames, telling the tabs of each step", async () => {
    const { token, userId } = await account();
    const socket = await openSocket(server, token);
    const statuses: string[] = [];
    let progressEvents = 0;
    socket.on("video:update", (payload: { video: Video }) => statuses.push(payload.video.status));
    socket.on("video:progress", () => progressEvents++);
    const bytes = await readFile(await made.video({ durationS: 4 }));
    const answer = await new Promise<string>((resolve, reject) => {
      const upload = new tus.Upload(bytes, {
        endpoint: `${server.url}${VIDEO_UPLOADS_PATH}`,
        headers: tokenHeaders(token),
        metadata: { filename: "holiday.mp4", filetype: "video/mp4" },
        chunkSize: 64 * 1024,
        retryDelays: [],
        onError: reject,
        onSuccess: ({ lastResponse }) => resolve(lastResponse.getBody()),
      });
      upload.start();
    });
    const uploaded = videoResponseSchema.parse(JSON.parse(answer)).video;
    expect(uploaded).toMatchObject({ name: "holiday.mp4", status: "analysing", bytes: bytes.length });
    expect(uploaded.probe).toMatchObject({ width: 320, height: 240 });
    // The bytes are in storage, unchanged, and nothing is left in the upload folder.
    expect((await readFile(join(server.config.filesDir, ...videoKey(userId, uploaded.id, "source").split("/")))).equals(bytes)).toBe(true);
    expect(readdirSync(server.config.videos.uploadDir).filter((name) => name.startsWith(uploaded.id))).toEqual([]);

    const ready = await analysed(token, uploaded.id);
    expect(ready.status).toBe("ready");
    expect(ready.frames.length).toBeGreaterThan(0);
    // The finder asked the subject model about its candidates' previews (JPEG).
    expect(scored.length).toBeGreaterThan(0);
    expect((await sharp(scored[0]).metadata()).format).toBe("jpeg");
    const preview = await api(token, videoCandidatePath(uploaded.id, 0));
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("image/jpeg");
    expect((await sharp(Buffer.from(await preview.arrayBuffer())).metadata()).format).toBe("jpeg");
    expect((await api(token, videoFilmstripPath(uploaded.id))).status).toBe(200);
    const listed = videoListResponseSchema.parse(await (await api(token, "/api/videos")).json()).videos;
    expect(listed.map((v) => v.id)).toEqual([uploaded.id]);
    for (let i = 0; statuses.length < 3 && i < 200; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    socket.close();
    expect(statuses).toEqual(["uploading", "analysing", "ready"]);
    expect(progressEvents).toBeGreaterThan(0);
  });

  it("resumes after a connection dropped mid-PATCH: HEAD tells the offset, the rest completes the same bytes", async () => {
    const { token, userId } = await account();
    const bytes = await readFile(await made.video({ durationS: 5, width: 480, height: 270 }));
    const created = await createUpload(server.url, token, bytes.length, { filename: "cut.mp4", filetype: "video/mp4" });
    expect(created.status).toBe(201);
    const url = created.uploadUrl ?? "";
    await patchThenDrop(url, token, 0, bytes, Math.floor(bytes.length / 2));
    const head = await headOffset(url, token);
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get("upload-offset"));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(bytes.length);
    // Sending from a wrong offset is refused, as JSON.
    const conflict = await patchBytes(url, token, 0, bytes.subarray(0, 10));
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toMatchObject({ code: "invalid:upload" });
    const video = await uploadedVideo(await patchBytes(url, token, offset, bytes.subarray(offset)));
    const stored = await readFile(join(server.config.filesDir, ...videoKey(userId, video.id, "source").split("/")));
    expect(stored.equals(bytes)).toBe(true);
  });

  it("refuses a video past the size limit, past the quota and past the day's count, before any byte", async () => {
    const { token, userId } = await account();
    const tooBig = await createUpload(server.url, token, 60 * MB + 1);
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({ code: "payload_too_large:video" });

    // Declared sizes count against the quota while the bytes arrive: 60 MB + 41 MB > 100 MB.
    expect((await createUpload(server.url, token, 60 * MB)).status).toBe(201);
    const overQuota = await createUpload(server.url, token, 41 * MB);
    expect(overQuota.status).toBe(413);
    expect(await overQuota.json()).toMatchObject({ code: "payload_too_large:video_quota" });
    expect((await server.database.db.select().from(videos).where(eq(videos.userId, userId))).length).toBe(1);

    const other = await account();
    for (let i = 0; i < 8; i++) expect((await createUpload(server.url, other.token, 1000)).status).toBe(201);
    const ninth = await createUpload(server.url, other.token, 1000);
    expect(ninth.status).toBe(429);
    expect(await ninth.json()).toMatchObject({ code: "rate_limited:video-upload" });
    expect(ninth.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  itOnPostgres("of simultaneous creations with room in the quota for one, exactly one is made; the others take no day's upload", async () => {
    const { token, userId } = await account();
    // 60 MB each against 100 MB: one fits. Six at once, so checks made before another's row is written would let several through.
    const answers = await Promise.all(Array.from({ length: 6 }, () => createUpload(server.url, token, 60 * MB)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 413, 413, 413, 413, 413]);
    for (const answer of answers.filter((a) => a.status === 413)) expect(await answer.json()).toMatchObject({ code: "payload_too_large:video_quota" });
    expect((await server.database.db.select().from(videos).where(eq(videos.userId, userId))).length).toBe(1);
    // The refused five gave their day's upload back: seven more small ones fit the day's eight.
    for (let i = 0; i < 7; i++) expect((await createUpload(server.url, token, 1000)).status).toBe(201);
  });

  it("refuses uploads of unknown length, without a video's name or type, and a zero-length file", async () => {
    const { token, userId } = await account();
    const before = uploadFolder();
    const deferred = await createUpload(server.url, token, undefined);
    expect(deferred.status).toBe(400);
    expect(await deferred.json()).toMatchObject({ code: "invalid:upload" });
    const textName = await createUpload(server.url, token, 1000, { filename: "notes.txt", filetype: "video/mp4" });
    expect(textName.status).toBe(415);
    expect(await textName.json()).toMatchObject({ code: "unsupported_media_type:video" });
    const textType = await createUpload(server.url, token, 1000, { filename: "clip.mp4", filetype: "text/plain" });
    expect(textType.status).toBe(415);
    const noName = await createUpload(server.url, token, 1000, { filetype: "video/mp4" });
    expect(noName.status).toBe(400);
    expect(await noName.json()).toMatchObject({ code: "invalid:upload_name" });
    const empty = await uploadWhole(server.url, token, await readFile(await made.zeroLength()));
    expect(empty.status).toBe(415);
    expect(await leftovers(userId, before)).toEqual({ rows: 0, newUploads: [], stored: [] });
  });

  it("refuses a renamed text file once its bytes are in, and leaves nothing behind", async () => {
    const { token, userId } = await account();
    const before = uploadFolder();
    const res = await uploadWhole(server.url, token, await readFile(await made.renamedText()));
    expect(res.status).toBe(415);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toMatchObject({ code: "unsupported_media_type:video" });
    expect(await leftovers(userId, before)).toEqual({ rows: 0, newUploads: [], stored: [] });
  });

  it("reads a file cut short: the frames come from the part before the cut", async () => {
    const { token } = await account();
    const whole = await made.video({ durationS: 6 });
    const res = await uploadWhole(server.url, token, await readFile(await made.truncated(whole, 0.6)));
    const video = await uploadedVideo(res);
    const done = await analysed(token, video.id);
    expect(done.status).toBe("ready");
    expect(done.truncated).toBe(true);
    expect(done.frames.every((f) => f.timeMs < (video.probe?.durationMs ?? 0))).toBe(true);
  });

  it("cancels the frame finder mid-job: the video stays cancelled, the job ends without failing, and analyse starts it again", async () => {
    const { token } = await account();
    const video = await uploadedVideo(await uploadWhole(server.url, token, await readFile(await made.video({ durationS: 60, width: 320, height: 180, fps: 10, preset: "ultrafast" }))));
    expect(video.status).toBe("analysing");
    const cancelled = videoResponseSchema.parse(await (await api(token, `${videoPath(video.id)}/cancel`, { method: "POST" })).json()).video;
    expect(cancelled.status).toBe("cancelled");
    // The job notices on its own (it reads the row's status every second) and ends as done, not failed.
    const until = Date.now() + 60_000;
    let job: { status: string } | undefined;
    do {
      await new Promise((resolve) => setTimeout(resolve, 100));
      [job] = await server.database.db.select({ status: jobs.status }).from(jobs).where(and(eq(jobs.kind, "video-frames"), eq(jobs.userId, (await videoOwner(video.id)) ?? "")));
    } while (job?.status !== "done" && job?.status !== "failed" && Date.now() < until);
    expect(job?.status).toBe("done");
    const after = await videoOf(token, video.id);
    expect(after).toMatchObject({ status: "cancelled", frames: [], filmstrip: null });
    const again = videoResponseSchema.parse(await (await api(token, `${videoPath(video.id)}/analyse`, { method: "POST" })).json()).video;
    expect(again.status).toBe("analysing");
    await api(token, `${videoPath(video.id)}/cancel`, { method: "POST" });
  });

  it("cuts a picked frame into a ready upload image of the video's size, which a Studio thumbnail starts from", async () => {
    const { token } = await account();
    const video = await uploadedVideo(await uploadWhole(server.url, token, await readFile(await made.video({ durationS: 4, width: 400, height: 224 }))));
    const picked = await api(token, `${videoPath(video.id)}/frames`, { method: "POST", body: JSON.stringify({ timeMs: 1500 }) });
    expect(picked.status).toBe(202);
    const { image, timeMs } = videoFrameResponseSchema.parse(await picked.json());
    expect(timeMs).toBe(1500);
    expect(image).toMatchObject({ kind: "upload", status: "pending" });
    const frame = await settled(server, token, image.id);
    expect(frame).toMatchObject({ status: "ready", kind: "upload", width: 400, height: 224 });
    const original = await api(token, frame.urls?.original ?? "");
    expect(await sharp(Buffer.from(await original.arrayBuffer())).metadata()).toMatchObject({ width: 400, height: 224 });

    const res = await generate(server, token, { prompt: "Frame from my video", baseImageId: frame.id, style: "vintage", aspect: "16:9", seed: 77 });
    expect(res.status).toBe(202);
    const thumbnail = await settled(server, token, imageResponseSchema.parse(await res.json()).image.id);
    expect(thumbnail.status).toBe("ready");
  });

  it("refuses a frame pick past VIDEO_FRAMES_PER_USER_PER_HOUR with its own code, and queues none", async () => {
    const { token, userId } = await account();
    const video = await uploadedVideo(await uploadWhole(server.url, token, await readFile(await made.video({ durationS: 3 }))));
    const rule = { name: "video-frame", limit: server.config.videos.framesPerHour, windowMs: 3600_000 } as const;
    for (let i = 0; i < rule.limit; i++) await server.services.rateLimiter.enforce(rule, userId);
    const jobsBefore = (await server.database.db.select().from(jobs).where(eq(jobs.userId, userId))).length;
    const picked = await api(token, `${videoPath(video.id)}/frames`, { method: "POST", body: JSON.stringify({ timeMs: 500 }) });
    expect(picked.status).toBe(429);
    expect(await picked.json()).toMatchObject({ code: "rate_limited:video-frame" });
    expect((await server.database.db.select().from(jobs).where(eq(jobs.userId, userId))).length).toBe(jobsBefore);
  });

  it("answers another user's video, and its upload, as a missing one", async () => {
    const owner = await account();
    const stranger = await account();
    const video = await uploadedVideo(await uploadWhole(server.url, owner.token, await readFile(await made.video({ durationS: 3 }))));
    const paths: [string, RequestInit][] = [
      [videoPath(video.id), {}],
      [videoPath(video.id), { method: "DELETE" }],
      [`${videoPath(video.id)}/cancel`, { method: "POST" }],
      [`${videoPath(video.id)}/analyse`, { method: "POST" }],
      [`${videoPath(video.id)}/frames`, { method: "POST", body: JSON.stringify({ timeMs: 0 }) }],
      [videoCandidatePath(video.id, 0), {}],
      [videoFilmstripPath(video.id), {}],
    ];
    for (const [path, init] of paths) {
      const res = await api(stranger.token, path, init);
      expect({ path, method: init.method, status: res.status, body: await res.json() }).toMatchObject({ status: 404, body: { code: "not_found:video" } });
    }
    const created = await createUpload(server.url, owner.token, 5000);
    const url = created.uploadUrl ?? "";
    for (const res of [await headOffset(url, stranger.token), await patchBytes(url, stranger.token, 0, Buffer.alloc(100))]) expect(res.status).toBe(404);
    expect(Number((await headOffset(url, owner.token)).headers.get("upload-offset"))).toBe(0);
    expect((await api(stranger.token, "/api/videos")).status).toBe(200);
    expect(videoListResponseSchema.parse(await (await api(stranger.token, "/api/videos")).json()).videos).toEqual([]);
  });

  it("takes the upload's id from the path alone: a query string naming another upload changes nothing of it", async () => {
    const attacker = await account();
    const victim = await account();
    const mine = await createUpload(server.url, attacker.token, 5000);
    const theirs = await createUpload(server.url, victim.token, 5000);
    const theirId = new URL(theirs.uploadUrl ?? "").pathname.split("/").pop() ?? "";
    await patchBytes(theirs.uploadUrl ?? "", victim.token, 0, Buffer.alloc(100, 1));
    const crafted = `${mine.uploadUrl ?? ""}?x=/${theirId}`;
    await patchBytes(crafted, attacker.token, 100, Buffer.alloc(900, 2));
    await fetch(crafted, { method: "DELETE", headers: { "Tus-Resumable": "1.0.0", ...tokenHeaders(attacker.token) } });
    expect(Number((await headOffset(theirs.uploadUrl ?? "", victim.token)).headers.get("upload-offset"))).toBe(100);
    expect(await videoOwner(theirId)).toBe(victim.userId);
    expect((await readFile(join(server.config.videos.uploadDir, theirId))).equals(Buffer.alloc(100, 1))).toBe(true);
  });

  it("keeps a whole upload whose storing failed on the server's side, and finishes it at the client's HEAD", async () => {
    const { token, userId } = await account();
    const bytes = await readFile(await made.video({ durationS: 3 }));
    // A file where the user's video folder goes: storing the source fails (a 5xx), the probe has passed.
    const userDir = join(server.config.filesDir, "videos", userId);
    await mkdir(dirname(userDir), { recursive: true });
    await writeFile(userDir, "in the way");
    const failed = await uploadWhole(server.url, token, bytes);
    expect(failed.status).toBe(500);
    const url = new URL(failed.url);
    const id = url.pathname.split("/").pop() ?? "";
    expect(await videoOwner(id)).toBe(userId);
    await rm(userDir);
    const head = await headOffset(url.href, token);
    expect(head.status).toBe(200);
    expect(head.headers.get("upload-offset")).toBe(String(bytes.length));
    expect(head.headers.get("upload-length")).toBe(String(bytes.length));
    expect((await videoOf(token, id)).status).not.toBe("uploading");
    // The last answer lost, tus-js-client asks again: the finished upload says it is complete.
    const again = await headOffset(url.href, token);
    expect(again.status).toBe(200);
    expect(again.headers.get("upload-offset")).toBe(String(bytes.length));
    await analysed(token, id);
  });

  it("deletes expired videos, finished or not, with their files", async () => {
    const { token, userId } = await account();
    const before = uploadFolder();
    const video = await uploadedVideo(await uploadWhole(server.url, token, await readFile(await made.video({ durationS: 3 }))));
    await analysed(token, video.id);
    const unfinished = await createUpload(server.url, token, 5000);
    await patchBytes(unfinished.uploadUrl ?? "", token, 0, Buffer.alloc(1000));
    const source = join(server.config.filesDir, ...videoKey(userId, video.id, "source").split("/"));
    expect((await stat(source)).isFile()).toBe(true);
    await server.database.db.update(videos).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(videos.userId, userId));
    expect(await server.services.videos.sweepExpired()).toBe(2);
    expect(await leftovers(userId, before)).toEqual({ rows: 0, newUploads: [], stored: [] });
  });
});

async function videoOwner(id: string): Promise<string | undefined> {
  const [row] = await server.database.db.select({ userId: videos.userId }).from(videos).where(eq(videos.id, id));
  return row?.userId;
}
