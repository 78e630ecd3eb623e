// The gallery (docs/product/images.md, Gallery): a page of 60 out of 10,000 images of one user, one request at a time,
// p50 and p99 next to /api/health, on PGlite and (with BENCH_DATABASE_URL) on PostgreSQL; then the peak resident memory
// of a real server process streaming a zip of 200 originals of ~2.7 MB each.
import { mkdtempSync, rmSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { Worker } from "node:worker_threads";
import { eq } from "drizzle-orm";
import { IMAGE_ZIP_PATH } from "../contract/images.ts";
import { conversations } from "../db/schema/conversations.ts";
import { images, type NewImageRow } from "../db/schema/images.ts";
import { users } from "../db/schema/users.ts";
import { createSessionStore } from "../server/auth/session-store.ts";
import { createSessions } from "../server/auth/sessions.ts";
import { signInThroughMailbox, startChildServer } from "../server/testing/child-server.ts";
import { seedGallery } from "../server/testing/gallery-seed.ts";
import type { GalleryClientTask } from "./gallery-client.ts";
import { median, percentile, startBenchApp } from "./lib.ts";

const IMAGES = 10_000;
const ROUNDS = 300;
const ZIP_IMAGES = 200;
/** Half the images come from 200 chats; one chat's words hold a word no prompt has. */
const CONVERSATIONS = 200;

function runClient(task: GalleryClientTask): Promise<Record<string, number[]>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./gallery-client.ts", import.meta.url), { workerData: task });
    worker.once("message", resolve);
    worker.once("error", reject);
    worker.once("exit", (code) => code !== 0 && reject(new Error(`the bench client exited with ${code}`)));
  });
}

export async function benchPages(databaseUrl: string): Promise<void> {
  const { app, base, stop } = await startBenchApp("gallery", { databaseUrl });
  const db = app.database.db;
  const [owner] = await db.insert(users).values({ email: `bench-gallery-${Date.now()}@example.com` }).returning();
  if (!owner) throw new Error("bench user not created");
  try {
    const now = Date.now();
    const chats = await db
      .insert(conversations)
      .values(Array.from({ length: CONVERSATIONS }, (_, i) => ({ userId: owner.id, title: `Chat ${i}`, userWords: `Make a thumbnail for video ${i} ${i === 137 ? "about saffron risotto" : "about my week"} and make it pop` })))
      .returning({ id: conversations.id });
    const rows: NewImageRow[] = Array.from({ length: IMAGES }, (_, i) => ({
      userId: owner.id,
      kind: i % 5 === 0 ? "subject-replaced" : i % 7 === 0 ? "edited" : "generated",
      conversationId: i % 2 === 0 ? (chats[(i / 2) % CONVERSATIONS]?.id ?? null) : null,
      status: i % 97 === 0 ? "failed" : "ready",
      prompt: `Bench thumbnail ${i}: ${["neon chef", "jazz trumpet", "mountain bike", "coding marathon"][i % 4]}`,
      style: "realistic",
      aspect: "16:9",
      model: i % 3 === 0 ? "flux-kontext-pro" : "studio",
      width: 1280,
      height: 720,
      originalKey: `images/${owner.id}/${crypto.randomUUID()}/original.png`,
      previewKey: null,
      thumbKey: null,
      creditsSpent: 1,
      createdAt: new Date(now - i * 60_000),
    }));
    for (let i = 0; i < rows.length; i += 1000) await db.insert(images).values(rows.slice(i, i + 1000));
    const token = (await createSessions({ store: createSessionStore(db), clock: Date.now }).create(owner.id)).token;
    const first = (await (await fetch(`${base}/api/users/${owner.id}/gallery?limit=60`, { headers: { "x-session-token": token } })).json()) as { nextCursor: string };
    // A cursor deep in the list: page 84 of 167.
    let cursor = first.nextCursor;
    for (let i = 0; i < 83; i++) {
      const page = (await (await fetch(`${base}/api/users/${owner.id}/gallery?limit=60&cursor=${cursor}`, { headers: { "x-session-token": token } })).json()) as { nextCursor: string };
      cursor = page.nextCursor;
    }
    const gallery = `/api/users/${owner.id}/gallery`;
    const targets = {
      "/api/health": "/api/health",
      "first page of 60 (with tab counts)": `${gallery}?limit=60`,
      "page 84 of 167 (cursor)": `${gallery}?limit=60&cursor=${cursor}`,
      "Subject Replaced, model, first page": `${gallery}?limit=60&kind=subject-replaced&model=studio`,
      "prompt search 'jazz', first page": `${gallery}?limit=60&q=jazz`,
      "search 'saffron' (one chat's words, 25 images), first page": `${gallery}?limit=60&q=saffron`,
      "Chat Edits, first page": `${gallery}?limit=60&kind=chat-edited`,
    };
    // One round more than measured: the first warms the JIT, the prepared statements and the pools.
    const times = await runClient({ base, token, targets, rounds: ROUNDS + 1 });
    const health = median((times["/api/health"] ?? []).slice(1));
    console.log(`\n## GET /api/users/:id/gallery, ${IMAGES.toLocaleString("en")} images of one user, one request at a time, ${ROUNDS} rounds (app on ${app.database.kind})`);
    console.log("| target | p50 ms | p99 ms | ratio of p50 to /api/health |");
    console.log("|---|---:|---:|---:|");
    for (const name of Object.keys(targets)) {
      const values = (times[name] ?? []).slice(1);
      console.log(`| ${name} | ${median(values).toFixed(1)} | ${percentile(values, 99).toFixed(1)} | ${(median(values) / health).toFixed(2)} |`);
    }
  } finally {
    await db.delete(users).where(eq(users.id, owner.id));
    await stop();
  }
}

const kb = async (pid: number, field: "VmRSS" | "VmHWM") => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(await readFile(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;

/** A zip of 200 photo-like originals from a real server process, read by this process as it comes and dropped. */
async function benchZip(): Promise<void> {
  const dataDir = mkdtempSync(`${tmpdir()}/tf-bench-zip-`);
  const email = "zip.bench@example.com";
  const now = Date.now();
  await seedGallery(dataDir, [
    {
      email,
      noisy: true,
      // Four originals on disk, each listed 50 times: the server reads 200 files' worth of bytes all the same.
      sharedFiles: true,
      images: Array.from({ length: ZIP_IMAGES }, (_, i) => ({ kind: "generated" as const, aspect: "16:9" as const, model: "studio", prompt: `Zip ${i}`, createdAt: new Date(now - i * 1000) })),
    },
  ]);
  const server = await startChildServer({ DATA_DIR: dataDir });
  const pid = server.process.pid ?? 0;
  try {
    const { userId, token } = await signInThroughMailbox(server.url, email);
    console.log(`\n(zip bench server: ${((await kb(pid, "VmRSS")) / 1048576).toFixed(0)} MB resident after start and sign-in)`);
    const headers = { "x-session-token": token, "content-type": "application/json" };
    const page = (await (await fetch(`${server.url}/api/users/${userId}/gallery?limit=60`, { headers })).json()) as { images: { id: string }[]; nextCursor: string | null };
    const ids = page.images.map((i) => i.id);
    for (let cursor = page.nextCursor; cursor; ) {
      const next = (await (await fetch(`${server.url}/api/users/${userId}/gallery?limit=60&cursor=${cursor}`, { headers })).json()) as typeof page;
      ids.push(...next.images.map((i) => i.id));
      cursor = next.nextCursor;
    }
    const zip = async () => {
      const started = performance.now();
      const res = await fetch(`${server.url}${IMAGE_ZIP_PATH}`, { method: "POST", headers, body: JSON.stringify({ ids }) });
      let bytes = 0;
      for await (const chunk of res.body ?? []) bytes += (chunk as Uint8Array).length;
      return { bytes, ms: performance.now() - started, status: res.status };
    };
    const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;
    console.log(`\n## POST ${IMAGE_ZIP_PATH}: ${ids.length} originals in one streamed zip (real server process)`);
    console.log("| zip | answer | size | seconds | resident before | peak during | growth |");
    console.log("|---|---:|---:|---:|---:|---:|---:|");
    // The first one also loads the route's code and fills the file system cache; the second is the steady state.
    for (const label of ["first", "second"]) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const before = await kb(pid, "VmRSS");
      await writeFile(`/proc/${pid}/clear_refs`, "5");
      const result = await zip();
      const peak = await kb(pid, "VmHWM");
      console.log(`| ${label} | ${result.status} | ${mb(result.bytes)} | ${(result.ms / 1000).toFixed(1)} | ${mb(before)} | ${mb(peak)} | +${mb(peak - before)} |`);
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchGallery(): Promise<void> {
  await benchPages("");
  if (process.env.BENCH_DATABASE_URL) await benchPages(process.env.BENCH_DATABASE_URL);
  else console.log("\n(BENCH_DATABASE_URL not set: the PostgreSQL gallery figures are skipped)");
  await benchZip();
}
