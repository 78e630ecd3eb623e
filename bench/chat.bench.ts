// The chat on the offline assistant: time to the first streamed byte of an answer with 50 chats at once, next to
// /api/health under the same concurrency; and the first page of an account with 1,000 conversations, one request at a
// time (the server's time per request) and 20 at once. The client runs in a worker thread (bench/chat-client.ts).
import { Worker } from "node:worker_threads";
import { chatMessages, conversations } from "../db/schema/conversations.ts";
import { users } from "../db/schema/users.ts";
import { createSessionStore } from "../server/auth/session-store.ts";
import { createSessions } from "../server/auth/sessions.ts";
import type { ChatClientTask, ChatClientTimes } from "./chat-client.ts";
import { probeChat } from "./chat-probe.ts";
import { median, percentile, startBenchApp } from "./lib.ts";

const CONCURRENT = 50;
const ROUNDS = 5;
const LIST_REQUESTS = 400;

function runClient(task: ChatClientTask): Promise<ChatClientTimes> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./chat-client.ts", import.meta.url), { workerData: task });
    worker.once("message", (times: ChatClientTimes) => resolve(times));
    worker.once("error", reject);
    worker.once("exit", (code) => code !== 0 && reject(new Error(`the bench client exited with ${code}`)));
  });
}

function row(name: string, values: number[], baseline: number[]): string {
  return `| ${name} | ${median(values).toFixed(1)} | ${percentile(values, 99).toFixed(1)} | ${(median(values) / median(baseline)).toFixed(2)} |`;
}

export async function benchChat(): Promise<void> {
  const { app, base, stop } = await startBenchApp("chat");
  const probe = probeChat(app);
  try {
    const db = app.database.db;
    const sessions = createSessions({ store: createSessionStore(db), clock: Date.now });
    const [chatter, lister] = await db
      .insert(users)
      .values([{ email: `bench-chat-${Date.now()}@example.com` }, { email: `bench-list-${Date.now()}@example.com` }])
      .returning();
    if (!chatter || !lister) throw new Error("bench users not created");
    // One conversation per chat in flight: a conversation answers one message at a time.
    // One more round than measured: the first warms the JIT, the prepared statements and the pools, and is dropped.
    const conversationIds = (
      await db.insert(conversations).values(Array.from({ length: CONCURRENT * (ROUNDS + 1) }, (_, i) => ({ userId: chatter.id, title: `bench ${i}` }))).returning()
    ).map((c) => c.id);
    const listed = await db
      .insert(conversations)
      .values(Array.from({ length: 1000 }, (_, i) => ({ userId: lister.id, title: `Conversation ${i}`, updatedAt: new Date(Date.now() - i * 60_000) })))
      .returning({ id: conversations.id });
    // The list shows conversations that hold a message: each gets its first one.
    await db.insert(chatMessages).values(listed.map(({ id }) => ({ id: "m1", conversationId: id, role: "user" as const, parts: [{ type: "text", text: "hello" }] })));
    const times = await runClient({
      base,
      chatToken: (await sessions.create(chatter.id)).token,
      conversationIds,
      concurrent: CONCURRENT,
      listToken: (await sessions.create(lister.id)).token,
      listRequests: LIST_REQUESTS,
    });

    console.log(`\n## Chat: time to the first streamed byte, ${CONCURRENT} at once, ${ROUNDS} rounds after one to warm up (app on ${app.database.kind})`);
    console.log("| target | p50 ms | p99 ms | ratio of p50 to /api/health |");
    console.log("|---|---:|---:|---:|");
    const measured = (values: number[]) => values.slice(CONCURRENT);
    console.log(row("/api/health", measured(times.health), measured(times.health)));
    console.log(row("POST /api/chat (offline assistant)", measured(times.chat), measured(times.health)));

    console.log(`\n### Where the first byte goes, inside the server (p50 of each step, ms; the client saw ${median(measured(times.chat)).toFixed(1)})`);
    console.log("| step | p50 ms |");
    console.log("|---|---:|");
    for (const step of probe.rows("bench-chat-")) console.log(`| ${step.step} | ${step.p50.toFixed(1)} |`);
    console.log(`| arrival to the first write, whole | ${probe.total("bench-chat-").toFixed(1)} |`);

    console.log(`\n## GET /api/conversations, first page of 30 of 1,000 conversations (app on ${app.database.kind})`);
    console.log("| target | p50 ms | p99 ms | ratio of p50 to /api/health one at a time |");
    console.log("|---|---:|---:|---:|");
    console.log(row("/api/health, one at a time", times.healthOneAtATime, times.healthOneAtATime));
    console.log(row("/api/conversations, one at a time", times.listOneAtATime, times.healthOneAtATime));
    console.log(row("/api/conversations, 20 at once", times.listConcurrent, times.healthOneAtATime));
  } finally {
    await stop();
  }
}
