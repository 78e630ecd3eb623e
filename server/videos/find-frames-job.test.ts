import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTransaction } from "../../db/open-db.ts";
import type { JobRow } from "../../db/schema/jobs.ts";
import { videos } from "../../db/schema/videos.ts";
import { videoKey } from "../storage/keys.ts";
import { createLocalDiskStorage } from "../storage/local-disk.ts";
import type { Storage } from "../storage/storage.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { createTestVideos, testFfmpeg } from "../testing/test-videos.ts";
import { createFfmpegEngine } from "./ffmpeg-engine.ts";
import { findFramesJobHandler } from "./find-frames-job.ts";

const limits = { maxDurationMs: 5 * 3600 * 1000, maxPixels: 3840 * 2160, maxStreams: 8 };
const engine = createFfmpegEngine();
const made = createTestVideos();
let server: TestServer;
let filesDir = "";

beforeAll(async () => {
  filesDir = mkdtempSync(join(tmpdir(), "tf-frames-job-"));
  server = await startTestServer();
});
afterAll(async () => {
  made.cleanup();
  if (filesDir) rmSync(filesDir, { recursive: true, force: true });
  await server?.close();
});

/** A video row analysing in run `run`, its file in `storage`; no job is queued: the test runs the handler itself. */
async function analysingVideo(storage: Storage, source: string, run: string): Promise<{ id: string; userId: string }> {
  const { user } = await signInByCode(server, `frames-job-${randomUUID()}@example.com`);
  const id = randomUUID();
  const fileKey = videoKey(user.id, id, "source");
  await storage.putFile(fileKey, source);
  const probe = await engine.probe(source, limits, new AbortController().signal);
  await server.database.db.insert(videos).values({ id, userId: user.id, name: "clip.mp4", bytes: 1, expiresAt: new Date(Date.now() + 3600_000), status: "analysing", fileKey, probe, progress: { run } });
  return { id, userId: user.id };
}

function runJob(storage: Storage, videoId: string, run: string): Promise<void> {
  const { db } = server.database;
  const handler = findFramesJobHandler({ db, storage, engine, realtime: server.services.realtime, logger: server.services.logger, jobDir: join(filesDir, "jobs") });
  return handler.run({
    job: { id: randomUUID() } as JobRow,
    payload: { videoId, run },
    signal: new AbortController().signal,
    complete: async (commit) => ({ value: await withTransaction(db, commit) }),
  });
}

const rowOf = async (id: string) => (await server.database.db.select().from(videos).where(eq(videos.id, id)))[0];

describe.skipIf(!testFfmpeg)("the frame finder's job and its run", () => {
  it("stops when the video is analysed again meanwhile (a newer run), and leaves that run's row alone", async () => {
    const storage = createLocalDiskStorage(join(filesDir, "a"));
    const first = randomUUID();
    const { id } = await analysingVideo(storage, await made.video({ durationS: 60, width: 320, height: 180, fps: 10, preset: "ultrafast" }), first);
    const running = runJob(storage, id, first);
    // Cancel then Analyse within a second: the row is analysing again, in another run.
    const second = randomUUID();
    await server.database.db.update(videos).set({ progress: { run: second } }).where(eq(videos.id, id));
    await running;
    expect(await rowOf(id)).toMatchObject({ status: "analysing", frames: [], filmstrip: null, progress: { run: second } });
    // A job of the old run that starts late does nothing either.
    await runJob(storage, id, first);
    expect(await rowOf(id)).toMatchObject({ status: "analysing", frames: [], progress: { run: second } });
  }, 120_000);

  it("removes the previews and filmstrip it wrote when the video was deleted while it saved them", async () => {
    const disk = createLocalDiskStorage(join(filesDir, "b"));
    const run = randomUUID();
    let videoId = "";
    // The real disk, and the video deleted (by its owner, or expiry) the moment the filmstrip is written.
    const storage: Storage = {
      ...disk,
      async put(key, bytes) {
        await disk.put(key, bytes);
        if (key.endsWith("filmstrip.jpg")) await server.database.db.delete(videos).where(eq(videos.id, videoId));
      },
    };
    const { id, userId } = await analysingVideo(disk, await made.video({ durationS: 4 }), run);
    videoId = id;
    await runJob(storage, id, run);
    expect(await rowOf(id)).toBeUndefined();
    const written = [videoKey(userId, id, "filmstrip"), videoKey(userId, id, { frame: 0 })];
    for (const key of written) expect(existsSync(disk.localPath?.(key) ?? "")).toBe(false);
  }, 120_000);
});
