import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../server/config.ts";
import { createLogger } from "../server/logger.ts";
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
