import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Interaction } from "discord.js";
import { describe, expect, it } from "vitest";
import { fakeInteraction } from "../server/testing/discord.ts";
import type { BotContext } from "./context.ts";
import { dispatch } from "./dispatch.ts";
import { botMessages } from "./i18n.ts";
import { routeInteraction } from "./route-interaction.ts";

const guildId = "111111111111111111";

/** A context whose commands here touch no service; the log lines are kept to be read. */
function quietContext() {
  const logged: { level: string; obj: unknown; msg: string }[] = [];
  const log = (level: string) => (obj: unknown, msg: string) => void logged.push({ level, obj, msg });
  const logger = { error: log("error"), warn: log("warn"), info: log("info") } as unknown as BotContext["logger"];
  return { ctx: { services: {}, posts: {}, roles: { give: async () => false }, logger } as unknown as BotContext, logged };
}

/** A slash command Discord refuses every answer to (the interaction expired, or Discord is unreachable). */
function unanswerable(commandName: string) {
  const interaction = fakeInteraction({ commandName, userId: "123456789012345678" });
  const refused = () => Promise.reject(new Error("Unknown interaction"));
  return Object.assign(interaction, { reply: refused, editReply: refused, deferReply: refused, followUp: refused });
}

describe("dispatching a slash command", () => {
  it("answers a command this build does not know, in the member's language", async () => {
    const { ctx } = quietContext();
    const asked = fakeInteraction({ commandName: "retired", userId: "123456789012345678", locale: "ja" });
    await dispatch(asked, ctx);
    expect(asked.calls).toMatchObject([{ method: "reply", payload: { content: botMessages.ja.errors.unexpected, flags: 64 } }]);
  });

  it("never rejects when Discord refuses the answer, for an unknown command or a known one, and logs it", async () => {
    const { ctx, logged } = quietContext();
    await expect(dispatch(unanswerable("retired"), ctx)).resolves.toBeUndefined();
    await expect(dispatch(unanswerable("help"), ctx)).resolves.toBeUndefined();
    expect(logged.filter((l) => l.msg === "could not answer a Discord command")).toHaveLength(2);
  });

  it("routes a slash command whose reply throws without rejecting", async () => {
    const { ctx, logged } = quietContext();
    const interaction = Object.assign(unanswerable("help"), { guildId, isChatInputCommand: () => true, isAutocomplete: () => false, isButton: () => false });
    await expect(routeInteraction(interaction as unknown as Interaction, ctx, guildId)).resolves.toBeUndefined();
    expect(logged.map((l) => l.msg)).toContain("could not answer a Discord command");
  });
});

describe("the bot's process", () => {
  it("logs a rejection nobody handled and keeps running", () => {
    const guards = fileURLToPath(new URL("./process-guards.ts", import.meta.url));
    const logger = fileURLToPath(new URL("../server/logger.ts", import.meta.url));
    const script = [
      `import { keepRunningOnRejection } from ${JSON.stringify(guards)};`,
      `import { createLogger } from ${JSON.stringify(logger)};`,
      `keepRunningOnRejection(process, createLogger({ logLevel: "info", isProduction: true }));`,
      `Promise.reject(new Error("a reply Discord refused"));`,
      `setTimeout(() => console.log("still running"), 50);`,
    ].join("\n");
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", timeout: 20_000 });
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split("\n");
    expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({ level: 50, msg: "an unhandled rejection in the Discord bot; it keeps running", err: { message: "a reply Discord refused" } });
    expect(lines.at(-1)).toBe("still running");
  });
});
