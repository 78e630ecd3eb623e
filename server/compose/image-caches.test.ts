import { afterEach, expect, it } from "vitest";
import { AUTH_PATHS } from "../../contract/auth.ts";
import { imageResponseSchema } from "../../contract/images.ts";
import { openDb } from "../../db/open-db.ts";
import { createLogger } from "../logger.ts";
import { loadConfig } from "../config.ts";
import { openCrossNodeRealtime } from "../realtime/cross-node.ts";
import type { Storage } from "../storage/storage.ts";
import { testPhoto, tokenHeaders, upload } from "../testing/images.ts";
import { describeOnPostgres } from "../testing/on-postgres.ts";
import { createScratchDatabase } from "../testing/scratch-database.ts";
import { postJson, signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

// Two nodes on one PostgreSQL, each keeping sessions and ready images a few seconds for byte requests: what one node
// ends or deletes, the other stops serving well within those seconds, through the same channel as socket events.

const logger = createLogger(loadConfig({ LOG_LEVEL: "silent" }, "test"));
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function twoNodes(redisUrl: string | undefined): Promise<[TestServer, TestServer]> {
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? "", "tf_caches");
  cleanups.push(() => scratch.drop());
  const database = await openDb({ url: scratch.url });
  await database.migrate();
  cleanups.push(() => database.close());
  const node = async (storage?: Storage) => {
    const crossNode = await openCrossNodeRealtime({ databaseUrl: scratch.url, redisUrl, logger });
    cleanups.push(async () => crossNode?.close());
    const server = await startTestServer({ database, deps: { crossNode, ...(storage ? { storage } : {}) } });
    cleanups.push(() => server.close());
    return server;
  };
  const a = await node();
  // One store of files for both, as a bucket would be: node B serves what node A wrote.
  const b = await node(a.services.storage);
  return [a, b];
}

/** Well inside the caches' five seconds: passing means the news crossed, not that the entry expired. */
async function within(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 20))) {
    if (await check()) return true;
  }
  return false;
}

const kinds = [
  ["PostgreSQL", () => undefined],
  ["Redis", () => process.env.TEST_REDIS_URL],
] as const;

describeOnPostgres("image byte caches across nodes", () => {
  for (const [kind, redisUrl] of kinds) {
    it(`through ${kind}: a logout or a deletion on one node stops the other serving the bytes it just served`, async (ctx) => {
      if (kind === "Redis" && !redisUrl()) {
        if (process.env.CI === "true") throw new Error("needs Redis: set TEST_REDIS_URL");
        ctx.skip();
      }
      const [a, b] = await twoNodes(redisUrl());
      const owner = await signInByCode(a, `caches-${kind}@example.test`);
      const second = await signInByCode(a, `caches-${kind}@example.test`);
      const stranger = await signInByCode(a, `caches-stranger-${kind}@example.test`);
      const res = await upload(a, owner.sessionToken, await testPhoto(320, 180));
      const { image } = imageResponseSchema.parse(await res.json());
      const thumb = `${b.url}${image.urls?.thumb}`;
      const status = async (token: string) => (await fetch(thumb, { headers: tokenHeaders(token) })).status;

      // Node B checks both sessions and the image once, and keeps them.
      expect(await status(owner.sessionToken)).toBe(200);
      expect(await status(second.sessionToken)).toBe(200);
      expect(await status(stranger.sessionToken)).toBe(404);

      expect((await postJson(a, AUTH_PATHS.logout, undefined, tokenHeaders(second.sessionToken))).status).toBe(200);
      expect(await within(1000, async () => (await status(second.sessionToken)) === 401)).toBe(true);

      expect((await fetch(`${a.url}/api/images/${image.id}`, { method: "DELETE", headers: tokenHeaders(owner.sessionToken) })).status).toBe(204);
      expect(await within(1000, async () => (await status(owner.sessionToken)) === 404)).toBe(true);
    }, 30_000);
  }
});
