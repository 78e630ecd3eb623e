import { afterAll, beforeAll, expect, it } from "vitest";
import { conversationResponseSchema } from "../../contract/chat.ts";
import type { OpenDb } from "../../db/open-db.ts";
import { createLogger } from "../logger.ts";
import { describeOnRedisAndPostgres } from "../testing/on-postgres.ts";
import { scriptedModel } from "../testing/scripted-model.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { openTestDb } from "../testing/test-db.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { createRedisLiveStreams } from "./redis-live-streams.ts";

// Two app nodes on one PostgreSQL and one Redis: an answer runs on the first, a reload lands on the second.
let database: OpenDb;
const nodes: TestServer[] = [];
const words = Array.from({ length: 80 }, (_, i) => `word${i}`).join(" ");

async function node(): Promise<TestServer> {
  const logger = createLogger({ logLevel: "silent", isProduction: false });
  const liveStreams = await createRedisLiveStreams({ url: process.env.TEST_REDIS_URL ?? "", logger });
  const server = await startTestServer({
    database,
    env: { AUTH_SECRET: "two-nodes-share-this-secret-0123456789" },
    deps: { liveStreams, chatModel: () => scriptedModel(() => ({ text: words }), { chunkDelayMs: 10 }) },
  });
  nodes.push(server);
  return server;
}

beforeAll(async () => {
  database = await openTestDb();
});
afterAll(async () => {
  for (const server of nodes) await server.close();
  await database?.close();
});

describeOnRedisAndPostgres("live answers in Redis", () => {
  it("are followed from another node from the first word, once each, and stopped from there", async () => {
    const first = await node();
    const second = await node();
    const { sessionToken } = await signInByCode(first, "two-nodes@example.com");
    const headers = { "x-session-token": sessionToken, "content-type": "application/json" };
    const created = await fetch(`${first.url}/api/conversations`, { method: "POST", headers, body: "{}" });
    const { id } = conversationResponseSchema.parse(await created.json()).conversation;

    const started = await fetch(`${first.url}/api/chat`, {
      method: "POST",
      headers,
      body: JSON.stringify({ id, message: { id: "u1", role: "user", parts: [{ type: "text", text: "talk" }] } }),
    });
    const reader = started.body?.getReader();
    await reader?.read();
    await reader?.cancel();
    // One answer at a time, whichever node is asked.
    const busy = await fetch(`${second.url}/api/chat`, {
      method: "POST",
      headers,
      body: JSON.stringify({ id, message: { id: "u2", role: "user", parts: [{ type: "text", text: "again" }] } }),
    });
    expect(busy.status).toBe(409);

    const resumed = await fetch(`${second.url}/api/chat/${id}/stream`, { headers });
    expect(resumed.status).toBe(200);
    const follower = resumed.body?.getReader();
    let seen = "";
    while (!seen.includes('"word20 "')) {
      const chunk = await follower?.read();
      if (!chunk || chunk.done) break;
      seen += new TextDecoder().decode(chunk.value);
    }
    expect(seen.match(/"delta":"word0 "/g)).toHaveLength(1);
    const stop = await fetch(`${second.url}/api/chat/${id}/stop`, { method: "POST", headers });
    expect(await stop.json()).toEqual({ stopped: true });
    for (;;) {
      const chunk = await follower?.read();
      if (!chunk || chunk.done) break;
      seen += new TextDecoder().decode(chunk.value);
    }
    expect(seen).not.toContain("word79");

    // The partial answer is saved by the node that ran it, and nothing is live any more on either node.
    let saved = "";
    for (let i = 0; i < 100 && !saved; i++) {
      const messages = (await (await fetch(`${second.url}/api/conversations/${id}/messages`, { headers })).json()) as { messages: { role: string; parts: { type: string; text?: string }[] }[] };
      saved = messages.messages.find((m) => m.role === "assistant")?.parts.find((p) => p.type === "text")?.text ?? "";
      if (!saved) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(saved).toContain("word20");
    expect(saved).not.toContain("word79");
    expect((await fetch(`${first.url}/api/chat/${id}/stream`, { headers })).status).toBe(204);
    expect((await fetch(`${second.url}/api/chat/${id}/stream`, { headers })).status).toBe(204);
  });
});

describeOnRedisAndPostgres("a live answer's tag in Redis", () => {
  it("is read from another node while the answer runs, and is gone once it ends", async () => {
    const logger = createLogger({ logLevel: "silent", isProduction: false });
    const [running, other] = await Promise.all([createRedisLiveStreams({ url: process.env.TEST_REDIS_URL ?? "", logger }), createRedisLiveStreams({ url: process.env.TEST_REDIS_URL ?? "", logger })]);
    try {
      const key = `tag-${Math.random()}`;
      let end: () => void = () => undefined;
      const sse = new ReadableStream<string>({ start: (controller) => void (end = () => controller.close()) });
      expect(await running.start(key, sse, new AbortController(), "question-1")).toBe(true);
      expect(await other.liveTag(key)).toBe("question-1");
      // A second answer under the same key is refused while the first runs.
      expect(await other.start(key, new ReadableStream<string>(), new AbortController(), "question-2")).toBe(false);
      end();
      for (let i = 0; i < 100 && (await other.liveTag(key)) !== undefined; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await other.liveTag(key)).toBeUndefined();
    } finally {
      await Promise.all([running.close(), other.close()]);
    }
  });
});
