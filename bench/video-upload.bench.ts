// Video uploads (docs/product/videos.md, Uploading a video): a large real video sent through tus to the real server
// (raw PATCHes of 8 MB on one connection, then the probe and the move into storage) against a plain fs write of the
// same bytes, as medians of interleaved rounds and their ratio. `VIDEO_UPLOAD_BENCH_FILE` names another video to
// send; `VIDEO_UPLOAD_BENCH_ROUNDS` sets the rounds (default 3).
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { signInThroughMailbox, startChildServer } from "../server/testing/child-server.ts";
import { testFfmpeg } from "../server/testing/test-videos.ts";
import { uploadedVideo, uploadWhole } from "../server/testing/tus.ts";
import { videoPath } from "../contract/videos.ts";
import { median } from "./lib.ts";
import { makeBenchVideo } from "./videos.bench.ts";

const CHUNK = 8 * 1024 * 1024;

export async function benchVideoUpload(): Promise<void> {
  if (!testFfmpeg) {
    console.log("\n## Video upload: skipped (no FFmpeg build installed)");
    return;
  }
  const path = process.env.VIDEO_UPLOAD_BENCH_FILE ?? (await makeBenchVideo());
  const bytes = await readFile(path);
  const rounds = Number(process.env.VIDEO_UPLOAD_BENCH_ROUNDS ?? 3);
  const dataDir = mkdtempSync(join(tmpdir(), "tf-bench-video-upload-"));
  const server = await startChildServer({ DATA_DIR: dataDir, VIDEO_MAX_BYTES: String(bytes.length + 1), VIDEO_STORAGE_QUOTA_BYTES: String(bytes.length * 2) });
  try {
    const { token } = await signInThroughMailbox(server.url, "bench-video@example.com");
    const headers = { "x-session-token": token };
    console.log(`\n## Video upload — ${(bytes.length / 1e6).toFixed(0)} MB through tus (${CHUNK / 1024 / 1024} MB PATCHes) vs a raw fs write`);
    const tusMs: number[] = [];
    const fsMs: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const started = performance.now();
      const video = await uploadedVideo(await uploadWhole(server.url, token, bytes, { filename: "bench.mp4", filetype: "video/mp4" }, CHUNK));
      tusMs.push(performance.now() - started);
      // The next round's quota: this one's video (and its frame finder) goes.
      await fetch(`${server.url}${videoPath(video.id)}`, { method: "DELETE", headers });

      const target = join(dataDir, `raw-${round}.bin`);
      const written = performance.now();
      await writeFile(target, bytes);
      fsMs.push(performance.now() - written);
      await rm(target);
      console.log(`round ${round + 1}: tus ${(tusMs.at(-1)! / 1000).toFixed(2)} s, fs ${(fsMs.at(-1)! / 1000).toFixed(2)} s`);
    }
    const mbps = (ms: number) => `${(bytes.length / 1e6 / (ms / 1000)).toFixed(0)} MB/s`;
    const tus = median(tusMs);
    const raw = median(fsMs);
    console.log(`| path | median | throughput |\n|---|---|---|`);
    console.log(`| tus upload (HTTP, probe, move into storage) | ${(tus / 1000).toFixed(2)} s | ${mbps(tus)} |`);
    console.log(`| fs.writeFile of the same bytes | ${(raw / 1000).toFixed(2)} s | ${mbps(raw)} |`);
    console.log(`tus / raw: ${(tus / raw).toFixed(2)}× (file ${(statSync(path).size / 1e6).toFixed(0)} MB)`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
