// Processing a 12 MP JPEG upload (p50, next to a bare decode of the same file), the PNG-bomb refusal,
// and thumbnail serving through the app (session and owner check, bytes from memory) next to bare node:http sending the
// same bytes; `npm run bench -- thumbs` runs that one alone.
import { mkdtempSync, rmSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import sharp from "sharp";
import { imageResponseSchema } from "../contract/images.ts";
import { loadConfig } from "../server/config.ts";
import { processUpload } from "../server/images/processing.ts";
import { createLogger } from "../server/logger.ts";
import { startNode } from "../server/compose/start-node.ts";
import { signInThroughMailbox, startChildServer } from "../server/testing/child-server.ts";
import { pngBomb } from "../server/testing/png-bomb.ts";
import { compare, median, printTable } from "./lib.ts";

const ROUNDS = 9;

/** 4000×3000 with photo-like detail: smoothed noise over a gradient (flat test cards compress unrealistically well). */
async function twelveMegapixelJpeg(): Promise<Buffer> {
  const noise = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#808080", noise: { type: "gaussian" as const, mean: 128, sigma: 40 } } })
    .blur(1.2)
    .png()
    .toBuffer();
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000"><defs><linearGradient id="g"><stop offset="0" stop-color="#1d4ed8"/><stop offset="1" stop-color="#f97316"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)" opacity="0.6"/></svg>`,
  );
  return sharp(noise).composite([{ input: gradient }]).jpeg({ quality: 88 }).toBuffer();
}

async function benchUploads(): Promise<void> {
  const jpeg = await twelveMegapixelJpeg();
  const bomb = pngBomb(20_000, 20_000);
  const samples: Record<string, number[]> = { decode: [], upload: [], bomb: [] };
  const timed = async (name: string, run: () => Promise<unknown>) => {
    const t = performance.now();
    await run().catch(() => undefined);
    samples[name]?.push(performance.now() - t);
  };
  await processUpload(jpeg);
  for (let i = 0; i < ROUNDS; i++) {
    await timed("decode", () => sharp(jpeg).raw().toBuffer());
    await timed("upload", () => processUpload(jpeg));
    await timed("bomb", () => processUpload(bomb));
  }
  const base = median(samples.decode ?? []);
  console.log(`\n## Upload processing (${ROUNDS} rounds, interleaved): a ${(jpeg.length / 1024 / 1024).toFixed(1)} MB 12 MP JPEG`);
  console.log("| target | p50 ms | ratio to bare decode |");
  console.log("|---|---:|---:|");
  for (const [label, name] of [["bare sharp decode to raw", "decode"], ["processUpload: sniff, one decode, original kept less metadata + WebP preview + thumb", "upload"], ["20000×20000 PNG bomb refused (422)", "bomb"]] as const) {
    const p50 = median(samples[name] ?? []);
    console.log(`| ${label} | ${p50.toFixed(1)} | ${(p50 / base).toFixed(2)} |`);
  }
}

export async function benchThumbServing(): Promise<void> {
  const dataDir = mkdtempSync(`${tmpdir()}/tf-bench-`);
  const config = loadConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "silent", DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "" }, "bench");
  const app = await startNode(config, createLogger(config));
  const base = `http://127.0.0.1:${app.port}`;
  const bare = createServer();
  try {
    const { token } = await signInThroughMailbox(base, `bench-${Date.now()}@example.com`);
    const headers = { "x-session-token": token, "content-type": "application/json" };
    const res = await fetch(`${base}/api/generate-kontext-image`, { method: "POST", headers, body: JSON.stringify({ prompt: "Bench thumbnail" }) });
    const { image } = imageResponseSchema.parse(await res.json());
    let ready = image;
    while (ready.status !== "ready") {
      await new Promise((resolve) => setTimeout(resolve, 50));
      ready = imageResponseSchema.parse(await (await fetch(`${base}/api/images/${image.id}`, { headers })).json()).image;
      if (ready.status === "failed") throw new Error("bench generation failed");
    }
    const thumbUrl = `${base}${ready.urls?.thumb}`;
    const bytes = Buffer.from(await (await fetch(thumbUrl, { headers })).arrayBuffer());
    bare.on("request", (_req, res) => {
      res.writeHead(200, { "content-type": "image/webp", "content-length": bytes.length });
      res.end(bytes);
    });
    await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
    printTable(
      `GET a thumb the browser does not have (${bytes.length} bytes, app on ${app.database.kind}) vs bare node:http sending the same bytes`,
      await compare({
        "bare node:http": { url: `http://127.0.0.1:${(bare.address() as AddressInfo).port}/` },
        "app, versioned URL (the record's; cached for good once fetched)": { url: thumbUrl, headers: { "x-session-token": token } },
      }),
      "bare node:http",
    );
    console.log("A warm gallery now sends none of these: the browser keeps the versioned URL's bytes (e2e/image-cache.spec.ts).");
  } finally {
    bare.close();
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Peak resident memory of the process, in bytes (VmHWM), after `clear_refs` reset it to the current size. */
async function peakRss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** 24 uploads of ~18 MB at once from one account, against a real server process: how much its peak memory grows. */
async function benchUploadBurst(): Promise<void> {
  const photo = await sharp({ create: { width: 4900, height: 3700, channels: 3, background: "#808080", noise: { type: "gaussian" as const, mean: 128, sigma: 50 } } })
    .jpeg({ quality: 97 })
    .toBuffer();
  const dataDir = mkdtempSync(`${tmpdir()}/tf-bench-burst-`);
  const server = await startChildServer({ DATA_DIR: dataDir });
  const pid = server.process.pid ?? 0;
  try {
    const { token } = await signInThroughMailbox(server.url, "burst@example.com");
    const send = async () => {
      const form = new FormData();
      form.append("image", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "big.jpg");
      const res = await fetch(`${server.url}/api/upload-temp-image`, { method: "POST", headers: { "x-session-token": token }, body: form }).catch(() => undefined);
      return res?.status ?? 0;
    };
    await send(); // warm-up: sharp and the routes are loaded
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = Number(/VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
    await writeFile(`/proc/${pid}/clear_refs`, "5");
    const statuses = await Promise.all(Array.from({ length: 24 }, send));
    const peak = await peakRss(pid);
    const counts = statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
    console.log(`\n## 24 uploads of ${(photo.length / 1024 / 1024).toFixed(1)} MB at once from one account (real server process)`);
    console.log(`answers: ${Object.entries(counts).map(([s, n]) => `${n} × ${s}`).join(", ")}`);
    console.log(`resident memory: ${(before / 1048576).toFixed(0)} MB before, peak ${(peak / 1048576).toFixed(0)} MB, growth +${((peak - before) / 1048576).toFixed(0)} MB`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchImages(): Promise<void> {
  await benchUploads();
  await benchUploadBurst();
  await benchThumbServing();
}
