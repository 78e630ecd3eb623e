// The search (docs/product/search.md): GET /api/search over 10,000 conversations (30,000 messages) and 50,000 images
// of one user on PostgreSQL, one request at a time, p50 and p99 next to /api/health. The words come from a fixed
// vocabulary with a seeded generator, so a common word is in thousands of documents and a rare one in a few.
import { eq, sql } from "drizzle-orm";
import { chatMessages, conversations } from "../db/schema/conversations.ts";
import { images, type NewImageRow } from "../db/schema/images.ts";
import { personas } from "../db/schema/personas.ts";
import { users } from "../db/schema/users.ts";
import { createSessionStore } from "../server/auth/session-store.ts";
import { createSessions } from "../server/auth/sessions.ts";
import type { GalleryClientTask } from "./gallery-client.ts";
import { openDb } from "../db/open-db.ts";
import { median, openBenchDatabase, percentile, startBenchApp } from "./lib.ts";
import { Worker } from "node:worker_threads";

const CONVERSATIONS = 10_000;
const IMAGES = 50_000;
const ROUNDS = 200;

const topics = ["cooking", "gaming", "fitness", "travel", "coding", "music", "finance", "science", "fashion", "pets", "cars", "movies"];
const words = ["amazing", "secret", "challenge", "ultimate", "reaction", "tutorial", "review", "budget", "epic", "fails", "hacks", "beginner", "morning", "routine", "vlog", "unboxing", "versus", "ranking", "mistakes", "truth", "build", "journey", "experiment", "tested", "cheap", "expensive", "giant", "tiny", "night", "summer"];
const foreign = ["recetas fáciles de cocina", "les meilleures astuces de voyage", "die größten Fehler beim Training", "我喜欢早上喝咖啡的频道", "東京タワーの夜景チャレンジ"];

/** A seeded generator (mulberry32): the same data on every run. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The bench user of a kept database: its data is seeded once. */
const KEPT_EMAIL = "bench-search-kept@example.com";

/** SEARCH_BENCH_DATABASE_URL's database, migrated, which the bench never drops. */
async function keptDatabase(url: string) {
  const migrator = await openDb({ url });
  await migrator.migrate();
  await migrator.close();
  return { url, drop: async () => {} };
}

function runClient(task: GalleryClientTask): Promise<Record<string, number[]>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./gallery-client.ts", import.meta.url), { workerData: task });
    worker.once("message", resolve);
    worker.once("error", reject);
    worker.once("exit", (code) => code !== 0 && reject(new Error(`the bench client exited with ${code}`)));
  });
}

export async function benchSearch(): Promise<void> {
  const section = `GET /api/search, ${CONVERSATIONS.toLocaleString("en")} conversations and ${IMAGES.toLocaleString("en")} images of one user`;
  // SEARCH_BENCH_DATABASE_URL: a database of one's own, seeded on the first run and kept (EXPLAIN it between runs).
  const kept = process.env.SEARCH_BENCH_DATABASE_URL;
  const scratch = kept ? await keptDatabase(kept) : await openBenchDatabase(section, "tf_bench_search");
  if (!scratch) return;
  // The rate limit is for people; the bench asks thousands of times a minute.
  const { app, base, stop } = await startBenchApp("search", { databaseUrl: scratch.url, env: { SEARCHES_PER_USER_PER_MINUTE: "1000000" } });
  const db = app.database.db;
  const random = seeded(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const phrase = (n: number) => Array.from({ length: n }, () => pick(words)).join(" ");
  try {
    const [seededOwner] = kept ? await db.select().from(users).where(eq(users.email, KEPT_EMAIL)) : [];
    const [owner] = seededOwner ? [seededOwner] : await db.insert(users).values({ email: kept ? KEPT_EMAIL : `bench-search-${Date.now()}@example.com` }).returning();
    if (!owner) throw new Error("bench user not created");
    if (!seededOwner) {
      const started = performance.now();
      const now = Date.now();
      const chatIds: string[] = [];
      for (let i = 0; i < CONVERSATIONS; i += 1000) {
        const batch = Array.from({ length: Math.min(1000, CONVERSATIONS - i) }, (_, j) => {
          const n = i + j;
          const said = [`Make a ${pick(topics)} thumbnail: ${phrase(4)}`, `Now the headline ${phrase(2)}${n % 10 === 0 ? ` ${pick(foreign)}` : ""}`];
          // One conversation alone holds a word nothing else has.
          if (n === 4321) said.push("the saffron risotto episode");
          return { id: crypto.randomUUID(), userId: owner.id, title: `${pick(topics)} ${phrase(2)}`, userWords: said.join(" "), said, updatedAt: new Date(now - n * 60_000), createdAt: new Date(now - n * 60_000) };
        });
        await db.insert(conversations).values(batch.map(({ said: _said, ...row }) => row));
        chatIds.push(...batch.map((c) => c.id));
        await db.insert(chatMessages).values(
          batch.flatMap((c) => [
            { id: `${c.id}-1`, conversationId: c.id, role: "user" as const, parts: [{ type: "text", text: c.said[0] }] },
            { id: `${c.id}-2`, conversationId: c.id, role: "assistant" as const, parts: [{ type: "text", text: `Here is your thumbnail with a ${phrase(3)} look.` }] },
            { id: `${c.id}-3`, conversationId: c.id, role: "user" as const, parts: [{ type: "text", text: c.said.slice(1).join(" ") }] },
          ]),
        );
      }
      for (let i = 0; i < IMAGES; i += 1000) {
        const rows: NewImageRow[] = Array.from({ length: Math.min(1000, IMAGES - i) }, (_, j) => {
          const n = i + j;
          const pack = n % 10 < 3 ? Math.floor(n / 10) : null;
          return {
            userId: owner.id,
            kind: "generated",
            status: "ready",
            prompt: `${pick(topics)} thumbnail ${phrase(5)}${n % 20 === 0 ? ` ${pick(foreign)}` : ""}`,
            scene: { text: [{ text: phrase(3).toUpperCase() }] },
            conversationId: n % 2 === 0 ? (chatIds[n % CONVERSATIONS] ?? null) : null,
            packId: pack === null ? null : `00000000-0000-4000-8000-${String(pack).padStart(12, "0")}`,
            packVariant: pack === null ? null : n % 10,
            model: "studio",
            width: 1280,
            height: 720,
            originalKey: `images/${owner.id}/${n}/original.png`,
            thumbKey: `images/${owner.id}/${n}/thumb.webp`,
            createdAt: new Date(now - n * 30_000),
          };
        });
        await db.insert(images).values(rows);
      }
      await db.insert(personas).values(Array.from({ length: 20 }, (_, i) => ({ userId: owner.id, name: `${pick(topics)} host ${i}`, handle: `host${i}`, role: "artist" as const, description: phrase(4), cutoutKey: "k" })));
      // As autovacuum leaves it: statistics read and the GIN indexes' pending lists merged.
      await db.execute(sql`vacuum analyze search_documents`);
      const [count] = (await app.database.query<{ n: string }>("select count(*) as n from search_documents", [])) as { n: string }[];
      console.log(`\n(seeded ${count?.n} search documents in ${((performance.now() - started) / 1000).toFixed(0)} s)`);
    }

    const token = (await createSessions({ store: createSessionStore(db), clock: Date.now }).create(owner.id)).token;
    const q = (text: string, extra = "") => `/api/search?q=${encodeURIComponent(text)}${extra}`;
    const targets = {
      "/api/health": "/api/health",
      "'thumbnail' (in every image)": q("thumbnail"),
      "'cooking' (a twelfth of everything)": q("cooking"),
      "'epic challenge' (two words)": q("epic challenge"),
      "'sec' (a prefix as typed)": q("sec"),
      "'saffron' (one conversation)": q("saffron"),
      "'Fehler' in German": q("Fehler", "&lang=de"),
      "'咖啡' (Chinese pairs)": q("咖啡"),
      "'タワー' (Japanese pairs)": q("タワー"),
      "'chalenge' (typo: trigram fallback)": q("chalenge"),
      "'zebra' (nothing, then trigram)": q("zebra"),
    };
    const times = await runClient({ base, token, targets, rounds: ROUNDS + 1 });
    const health = median((times["/api/health"] ?? []).slice(1));
    console.log(`\n## ${section}, one request at a time, ${ROUNDS} rounds (app on ${app.database.kind})`);
    console.log("| query | p50 ms | p99 ms | ratio of p50 to /api/health |");
    console.log("|---|---:|---:|---:|");
    for (const name of Object.keys(targets)) {
      const values = (times[name] ?? []).slice(1);
      console.log(`| ${name} | ${median(values).toFixed(1)} | ${percentile(values, 99).toFixed(1)} | ${(median(values) / health).toFixed(2)} |`);
    }
    if (!kept) await db.delete(users).where(eq(users.id, owner.id));
  } finally {
    await stop();
    await scratch.drop();
  }
}
