import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { conversationResponseSchema } from "../../../contract/chat.ts";
import { openDb, type OpenDb } from "../../../db/open-db.ts";
import { type App, createApp } from "../../compose/app.ts";
import { loadConfig } from "../../config.ts";
import { createLogger } from "../../logger.ts";
import { openCrossNodeRealtime } from "../../realtime/cross-node.ts";
import { describeOnPostgres } from "../../testing/on-postgres.ts";
import { createScratchDatabase } from "../../testing/scratch-database.ts";
import { signInByCode } from "../../testing/sign-in.ts";
import type { TestServer } from "../../testing/test-server.ts";

// A chat on a web node whose image a worker node makes: the tool card waits for the worker's events, carried across
// nodes, and reads the image's record only once, when it starts waiting.

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const kinds = [
  ["PostgreSQL", () => undefined],
  ["Redis", () => process.env.TEST_REDIS_URL],
] as const;

async function node(role: "web" | "worker", database: OpenDb, databaseUrl: string, redisUrl: string | undefined): Promise<App> {
  const dataDir = mkdtempSync(join(tmpdir(), `tf-chat-${role}-`));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, ROLE: role, DATABASE_URL: databaseUrl, AUTH_SECRET: "a-secret-the-two-nodes-share-0123456789" };
  const config = loadConfig(env, "test");
  const logger = createLogger(config);
  const crossNode = await openCrossNodeRealtime({ databaseUrl, redisUrl, logger });
  cleanups.push(() => crossNode?.close());
  const app = createApp({ config, database, logger, crossNode, jobSettings: { pollMs: 50 } });
  cleanups.push(() => app.stop());
  return app;
}

describeOnPostgres("a chat's image made on another node", () => {
  for (const [kind, redisUrl] of kinds) {
    it(`through ${kind}: the tool card finishes on the worker's event, after one read of the image`, async (ctx) => {
      if (kind === "Redis" && !redisUrl()) {
        if (process.env.CI === "true") throw new Error("needs Redis: set TEST_REDIS_URL");
        ctx.skip();
      }
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? "", "tf_chat_wait");
      cleanups.push(() => scratch.drop());
      const database = await openDb({ url: scratch.url });
      cleanups.push(() => database.close());
      await database.migrate();

      const web = await node("web", database, scratch.url, redisUrl());
      const http = web.web?.http;
      if (!http) throw new Error("no web door");
      await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
      await web.startBackground();
      const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
      const worker = await node("worker", database, scratch.url, redisUrl());
      await worker.startBackground();

      const signedIn = await signInByCode({ url, database } as TestServer, `chat-wait-${kind}@example.com`);
      const headers = { "x-session-token": signedIn.sessionToken, "content-type": "application/json" };
      const created = await fetch(`${url}/api/conversations`, { method: "POST", headers, body: "{}" });
      const conversationId = conversationResponseSchema.parse(await created.json()).conversation.id;

      // Every read of an image's status the web node makes while the chat waits.
      const reads: string[] = [];
      const record = web.services.images.record;
      web.services.images.record = (userId, id) => (reads.push(id), record(userId, id));

      const res = await fetch(`${url}/api/chat`, {
        method: "POST",
        headers,
        body: JSON.stringify({ id: conversationId, message: { id: "m1", role: "user", parts: [{ type: "text", text: "make a cartoon thumbnail for 'two nodes, one chat'" }] } }),
      });
      expect(res.status).toBe(200);
      const outputs = (await res.text())
        .split("\n\n")
        .map((block) => block.replace(/^data: /, "").trim())
        .filter((data) => data.startsWith("{"))
        .map((data) => JSON.parse(data) as { type: string; output?: { images: { id: string; status: string }[] } })
        .filter((chunk) => chunk.type === "tool-output-available");
      const images = outputs.at(-1)?.output?.images ?? [];
      expect(images).toHaveLength(1);
      expect(images[0]?.status).toBe("ready");
      // The worker made it: the web node runs no jobs.
      expect(web.worker).toBeUndefined();
      // One read when the wait began (an image may finish before anyone listens); none after.
      expect(reads).toEqual([images[0]?.id]);
    }, 60_000);
  }
});
