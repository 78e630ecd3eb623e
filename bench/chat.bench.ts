// The chat on the offline assistant: time to the first streamed byte of an answer with 50 chats at once, next to
// /api/health under the same concurrency; and the conversation list of an account with 1,000 conversations.
import { conversations } from "../db/schema/conversations.ts";
import { users } from "../db/schema/users.ts";
import { createSessionStore } from "../server/auth/session-store.ts";
import { createSessions } from "../server/auth/sessions.ts";
import { compare, median, printTable, startBenchApp } from "./lib.ts";

const CONCURRENT = 50;
const ROUNDS = 5;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Milliseconds from sending the request to the first body bytes; the rest of the answer is read and dropped. */
async function firstByte(url: string, init: RequestInit): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, init);
  const reader = res.body?.getReader();
  const first = await reader?.read();
  const elapsed = performance.now() - started;
  if (res.status !== 200 || !first || first.done) throw new Error(`${url} answered ${res.status}`);
  while (!(await reader?.read())?.done);
  return elapsed;
}

export async function benchChat(): Promise<void> {
  const { app, base, stop } = await startBenchApp("chat");
  try {
    const db = app.database.db;
    const [user] = await db.insert(users).values({ email: `bench-chat-${Date.now()}@example.com` }).returning();
    if (!user) throw new Error("bench user not created");
    const { token } = await createSessions({ store: createSessionStore(db), clock: Date.now }).create(user.id);
    const headers = { "x-session-token": token, "content-type": "application/json" };

    // One conversation per chat in flight: a conversation answers one message at a time.
    const ids = (await db.insert(conversations).values(Array.from({ length: CONCURRENT * ROUNDS }, (_, i) => ({ userId: user.id, title: `bench ${i}` }))).returning()).map((c) => c.id);
    const chatTimes: number[] = [];
    const healthTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const batch = ids.slice(round * CONCURRENT, (round + 1) * CONCURRENT);
      chatTimes.push(
        ...(await Promise.all(
          batch.map((id, i) =>
            firstByte(`${base}/api/chat`, {
              method: "POST",
              headers,
              // Answered in words only (no image is made): the figure is the assistant and the stream, not Studio.
              body: JSON.stringify({ id, message: { id: `bench-${round}-${i}`, role: "user", parts: [{ type: "text", text: "What can you do?" }] } }),
            }),
          ),
        )),
      );
      healthTimes.push(...(await Promise.all(Array.from({ length: CONCURRENT }, () => firstByte(`${base}/api/health`, {})))));
    }
    console.log(`\n## Chat: time to the first streamed byte, ${CONCURRENT} at once, ${ROUNDS} rounds (app on ${app.database.kind})`);
    console.log("| target | p50 ms | p99 ms | ratio of p50 to /api/health |");
    console.log("|---|---:|---:|---:|");
    const healthP50 = median(healthTimes);
    console.log(`| /api/health | ${healthP50.toFixed(1)} | ${percentile(healthTimes, 99).toFixed(1)} | 1.00 |`);
    console.log(`| POST /api/chat (offline assistant) | ${median(chatTimes).toFixed(1)} | ${percentile(chatTimes, 99).toFixed(1)} | ${(median(chatTimes) / healthP50).toFixed(2)} |`);

    // The list of an account with 1,000 conversations (their first page).
    const [lister] = await db.insert(users).values({ email: `bench-list-${Date.now()}@example.com` }).returning();
    if (!lister) throw new Error("bench user not created");
    await db.insert(conversations).values(
      Array.from({ length: 1000 }, (_, i) => ({ userId: lister.id, title: `Conversation ${i}`, updatedAt: new Date(Date.now() - i * 60_000) })),
    );
    const listToken = (await createSessions({ store: createSessionStore(db), clock: Date.now }).create(lister.id)).token;
    printTable(
      `GET /api/conversations (1,000 conversations, first page of 30) vs /api/health (app on ${app.database.kind})`,
      await compare({
        "app /api/health": { url: `${base}/api/health` },
        "app /api/conversations": { url: `${base}/api/conversations`, headers: { "x-session-token": listToken } },
      }),
      "app /api/health",
    );
  } finally {
    await stop();
  }
}
