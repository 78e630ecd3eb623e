import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../server/config.ts";
import { createEmitOnlySocketServer, socketDeliverer } from "../server/http/socket-server.ts";
import { createLogger } from "../server/logger.ts";
import { openCrossNodeRealtime } from "../server/realtime/cross-node.ts";
import type { RealtimeMessage } from "../server/realtime/publisher.ts";
import { describeOnPostgres } from "../server/testing/on-postgres.ts";
import { openTestDb } from "../server/testing/test-db.ts";
import { startBot } from "./start-bot.ts";

const dataDir = mkdtempSync(join(tmpdir(), "tf-bot-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("the bot's door", () => {
  it("builds the app's services on the app's database, with no HTTP server", async () => {
    const database = await openTestDb();
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, DISCORD_TOKEN: "bot-token" }, "test");
    const bot = await startBot(config, createLogger(config), database);
    try {
      expect(bot.services.registry.list().find((m) => m.id === "studio")).toMatchObject({ available: true });
      expect(await bot.services.credits.statement("00000000-0000-4000-8000-000000000000")).toMatchObject({ credits: 0, transactions: [], nextCursor: null });
      expect(Object.keys(bot.services)).not.toContain("app");
      expect(Object.keys(bot.services)).not.toContain("io");
    } finally {
      await bot.stop();
      await database.close();
    }
  });
});

describeOnPostgres("the bot hears the app's nodes", () => {
  const kinds = [
    ["PostgreSQL", () => undefined],
    ["Redis", () => process.env.TEST_REDIS_URL],
  ] as const;
  for (const [kind, redisUrl] of kinds) {
    it(`through ${kind}: an image's update published by a worker process reaches the bot's listeners, with no socket server in the bot`, async (ctx) => {
      const redis = redisUrl();
      if (kind === "Redis" && !redis) {
        if (process.env.CI === "true") throw new Error("needs Redis: set TEST_REDIS_URL");
        ctx.skip();
      }
      const databaseUrl = process.env.TEST_DATABASE_URL ?? "";
      const database = await openTestDb();
      const env = { NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, DISCORD_TOKEN: "bot-token", DATABASE_URL: databaseUrl, ...(redis ? { REDIS_URL: redis } : {}) };
      const config = loadConfig(env, "test");
      const logger = createLogger(config);
      const bot = await startBot(config, logger, database);
      // A worker process: an emit-only Socket.IO server on the same channel.
      const crossNode = await openCrossNodeRealtime({ databaseUrl, redisUrl: redis, logger });
      if (!crossNode) throw new Error("no cross-node realtime");
      const workerIo = createEmitOnlySocketServer(crossNode);
      try {
        const heard: RealtimeMessage[] = [];
        bot.services.realtime.listen((message) => void heard.push(message));
        const image = { id: "img-1", kind: "generated", status: "ready", prompt: "p", style: null, aspect: null, model: "studio", width: 1280, height: 720, creditsSpent: 1, error: null, errorCode: null, parentId: null, packId: null, createdAt: new Date(0).toISOString(), urls: null } as const;
        const publish = socketDeliverer(workerIo, true);
        for (let i = 0; i < 200 && heard.length === 0; i++) {
          publish({ type: "event", userId: "u1", event: "image:update", payload: { image } });
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        expect(heard[0]).toEqual({ type: "event", userId: "u1", event: "image:update", payload: { image } });
      } finally {
        await workerIo.of("/").adapter.close();
        await crossNode.close();
        await bot.stop();
        await database.close();
      }
    }, 30_000);
  }
});
