import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { desc, eq } from "drizzle-orm";
import { devMails } from "../../db/schema/dev-mails.ts";
import { createServices, type Services } from "../compose/services.ts";
import { loadConfig } from "../config.ts";
import type { EngineSet } from "../generation/engine.ts";
import { createLogger } from "../logger.ts";
import { openTestDb } from "./test-db.ts";

/**
 * The bot's services on a fresh real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), with the dev mailbox
 * and a clock the test can move. Nothing talks to Discord: commands get `fakeInteraction`s.
 */
export async function botTestServices(options: { engines?: EngineSet; env?: Record<string, string> } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), "tf-bot-"));
  const database = await openTestDb();
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, ...options.env }, "test");
  let offsetMs = 0;
  const services: Services = createServices({ config, database, logger: createLogger(config), clock: () => Date.now() + offsetMs, ...(options.engines ? { engines: options.engines } : {}) });
  return {
    services,
    database,
    /** Moves the services' clock forward (codes expire by it). */
    advance(ms: number) {
      offsetMs += ms;
    },
    /** The newest one-time code the dev mailbox holds for an address. */
    async latestCode(email: string): Promise<string> {
      const [mail] = await database.db.select().from(devMails).where(eq(devMails.to, email.toLowerCase())).orderBy(desc(devMails.sentAt)).limit(1);
      const code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1];
      if (!code) throw new Error(`no code mailed to ${email}`);
      return code;
    },
    async close() {
      await services.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface FakeReply {
  content?: string;
  flags?: number;
  files?: { attachment: Buffer; name: string }[];
}

/**
 * An interaction that behaves like discord.js's ChatInputCommandInteraction where the commands touch it: one reply
 * or one deferral, within 3 seconds of the command (Discord drops it after that), then edits only once answered.
 */
export function fakeInteraction(init: { commandName: string; userId: string; locale?: string; options?: Record<string, string>; channelId?: string; deadlineMs?: number }) {
  const createdAt = Date.now();
  const deadlineMs = init.deadlineMs ?? 3000;
  const calls: { method: "reply" | "deferReply" | "editReply"; payload: FakeReply; atMs: number }[] = [];
  const state = { deferred: false, replied: false, ephemeral: false };
  const record = (method: "reply" | "deferReply" | "editReply", payload: FakeReply) => calls.push({ method, payload, atMs: Date.now() - createdAt });
  const firstAnswer = (method: "reply" | "deferReply") => {
    if (state.deferred || state.replied) throw new Error(`${method}: the interaction has already been acknowledged`);
    if (Date.now() - createdAt > deadlineMs) throw new Error(`${method}: Unknown interaction (not answered within 3 seconds)`);
  };
  return {
    commandName: init.commandName,
    user: { id: init.userId },
    locale: init.locale ?? "en-US",
    channelId: init.channelId ?? "222222222222222222",
    applicationId: "333333333333333333",
    token: "interaction-token",
    get deferred() {
      return state.deferred;
    },
    get replied() {
      return state.replied;
    },
    options: { getString: (name: string) => init.options?.[name] ?? null },
    async reply(payload: FakeReply) {
      firstAnswer("reply");
      state.replied = true;
      state.ephemeral = ((payload.flags ?? 0) & 64) !== 0;
      record("reply", payload);
    },
    async deferReply(payload: { flags?: number } = {}) {
      firstAnswer("deferReply");
      state.deferred = true;
      state.ephemeral = ((payload.flags ?? 0) & 64) !== 0;
      record("deferReply", payload);
    },
    async editReply(payload: FakeReply) {
      if (!state.deferred && !state.replied) throw new Error("editReply: the reply has not been sent or deferred");
      record("editReply", payload);
    },
    calls,
    /** Whether only the member sees the answer. */
    get ephemeral() {
      return state.ephemeral;
    },
    /** The text the member reads last. */
    get lastText(): string {
      return calls.at(-1)?.payload.content ?? "";
    },
  };
}

export type FakeInteraction = ReturnType<typeof fakeInteraction>;

/**
 * A press of a message button that behaves like discord.js's ButtonInteraction where the buttons touch it: one first
 * answer (a reply, an update of the message, or a deferral) within 3 seconds, then follow-ups and edits.
 */
export function fakeButtonPress(init: { customId: string; userId: string; locale?: string; guildId?: string | null; messageId?: string }) {
  const createdAt = Date.now();
  const calls: { method: "reply" | "update" | "deferUpdate" | "editReply" | "followUp"; payload: FakeReply & { components?: unknown[] } }[] = [];
  const state = { deferred: false, replied: false };
  const firstAnswer = (method: string) => {
    if (state.deferred || state.replied) throw new Error(`${method}: the interaction has already been acknowledged`);
    if (Date.now() - createdAt > 3000) throw new Error(`${method}: Unknown interaction (not answered within 3 seconds)`);
  };
  return {
    customId: init.customId,
    user: { id: init.userId },
    locale: init.locale ?? "en-US",
    guildId: init.guildId === undefined ? "111111111111111111" : init.guildId,
    channelId: "222222222222222222",
    message: { id: init.messageId ?? "900000000000000000" },
    get deferred() {
      return state.deferred;
    },
    get replied() {
      return state.replied;
    },
    async reply(payload: FakeReply) {
      firstAnswer("reply");
      state.replied = true;
      calls.push({ method: "reply", payload });
    },
    async update(payload: FakeReply) {
      firstAnswer("update");
      state.replied = true;
      calls.push({ method: "update", payload });
    },
    async deferUpdate() {
      firstAnswer("deferUpdate");
      state.deferred = true;
      calls.push({ method: "deferUpdate", payload: {} });
    },
    async editReply(payload: FakeReply) {
      if (!state.deferred && !state.replied) throw new Error("editReply: the interaction has not been answered");
      calls.push({ method: "editReply", payload });
    },
    async followUp(payload: FakeReply) {
      if (!state.deferred && !state.replied) throw new Error("followUp: the interaction has not been answered");
      calls.push({ method: "followUp", payload });
    },
    calls,
  };
}
