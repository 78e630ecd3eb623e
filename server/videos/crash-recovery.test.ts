import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Video, videoPath, videoResponseSchema } from "../../contract/videos.ts";
import { type ChildServer, signInThroughMailbox, startChildServer } from "../testing/child-server.ts";
import { startS3Server, type TestS3Server } from "../testing/s3-server.ts";
import { createScratchDatabase } from "../testing/scratch-database.ts";
import { createTestVideos, testFfmpeg, type TestVideos } from "../testing/test-videos.ts";
import { uploadedVideo, uploadWhole } from "../testing/tus.ts";

// Made in beforeAll: a file whose tests are all skipped runs no afterAll, so leaves nothing.
let dataDir = "";
let jobDir = "";
let s3: TestS3Server;
let made: TestVideos;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
const children: ChildServer[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "tf-video-crash-"));
  jobDir = join(dataDir, "tmp", "video-jobs");
  s3 = await startS3Server();
  made = createTestVideos();
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const scratch = await createScratchDatabase(base, "tf_vcrash");
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  }
});
afterAll(async () => {
  // The folders go first and whatever fails after: a stop that throws leaves nothing in /tmp.
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  made?.cleanup();
  try {
    for (const child of children) await child.stop();
    await s3?.close();
  } finally {
    await dropDatabase?.();
  }
});

/** The real server in its own process, its videos in an S3 stand-in, so a worker copies each video to a job folder. */
async function start(): Promise<ChildServer> {
  const child = await startChildServer({
    DATA_DIR: dataDir,
    JOB_LEASE_SECONDS: "5",
    S3_BUCKET: s3.bucket,
    S3_REGION: s3.region,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  children.push(child);
  return child;
}

const jobFolders = (): string[] => (existsSync(jobDir) ? readdirSync(jobDir) : []);

describe.skipIf(!testFfmpeg)("a worker killed in the middle of finding frames", () => {
  it("fails the video once as interrupted, and its copy of the video is removed at the next start", async () => {
    const bytes = await readFile(await made.video({ durationS: 60, width: 320, height: 180, fps: 10, preset: "ultrafast" }));
    const first = await start();
    const { token } = await signInThroughMailbox(first.url, "video-crash@example.com");
    const headers = { "x-session-token": token };
    const video = await uploadedVideo(await uploadWhole(first.url, token, bytes));
    expect(video.status).toBe("analysing");
    // The worker has copied the video out of the bucket and FFmpeg reads it.
    for (let i = 0; jobFolders().length === 0; i++) {
      if (i > 1200) throw new Error("the frame finder never started");
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(jobFolders()[0]).toMatch(new RegExp(`^${encodeURIComponent(hostname())}\\+[0-9a-f]+\\+${first.process.pid}\\+`));

    await first.kill();
    expect(jobFolders()).toHaveLength(1);
    const second = await start();
    // Removed at start-up, before any job runs.
    expect(jobFolders()).toEqual([]);
    let after: Video = video;
    for (let i = 0; after.status === "analysing" && i < 240; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      after = videoResponseSchema.parse(await (await fetch(`${second.url}${videoPath(video.id)}`, { headers })).json()).video;
    }
    expect(after).toMatchObject({ status: "failed", errorCode: "unavailable:video_interrupted", frames: [] });
    // Failed once, and it stays failed: nothing runs it again behind the creator's back.
    const again = videoResponseSchema.parse(await (await fetch(`${second.url}${videoPath(video.id)}`, { headers })).json()).video;
    expect(again.status).toBe("failed");
  }, 240_000);
});
