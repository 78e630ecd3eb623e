import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { desc, eq } from "drizzle-orm";
import type { OpenDb } from "../../db/open-db.ts";
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
    latestCode: (email: string) => latestCode(database, email),
    async close() {
      await services.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The newest one-time code the dev mailbox of a database holds for an address. */
export async function latestCode(database: OpenDb, email: string): Promise<string> {
  const [mail] = await database.db.select().from(devMails).where(eq(devMails.to, email.toLowerCase())).orderBy(desc(devMails.sentAt)).limit(1);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

export interface FakeReply {
  content?: string;
  flags?: number;
  files?: { attachment: Buffer; name: string }[];
  allowedMentions?: { users?: string[]; parse?: [] };
  /** Discord's action rows, as JSON: see `buttonsOf`. */
  components?: readonly unknown[];
}

/** The buttons of a reply's action rows: their custom ids and labels. */
export function buttonsOf(payload: FakeReply | undefined): { customId: string; label: string }[] {
  const rows = (payload?.components ?? []) as { components?: { custom_id?: string; label?: string }[] }[];
  return rows.flatMap((row) => (row.components ?? []).map((c) => ({ customId: c.custom_id ?? "", label: c.label ?? "" })));
}

/**
 * An interaction that behaves like discord.js's ChatInputCommandInteraction where the commands touch it: one reply
 * or one deferral, within 3 seconds of the command (Discord drops it after that), then edits only once answered.
 */
export function fakeInteraction(init: { commandName: string; userId: string; locale?: string; options?: Record<string, string | boolean>; channelId?: string; deadlineMs?: number }) {
  const createdAt = Date.now();
  const deadlineMs = init.deadlineMs ?? 3000;
  type Method = "reply" | "deferReply" | "editReply" | "followUp";
  /** `visible`: whether the channel sees the message this call made or changed (else only the member does). */
  const calls: { method: Method; payload: FakeReply; atMs: number; visible: boolean }[] = [];
  // `answered`: the first reply's message holds an answer (a deferral's "thinking…" does not yet).
  const state = { deferred: false, replied: false, ephemeral: false, answered: false };
  const record = (method: Method, payload: FakeReply, visible = !state.ephemeral) => calls.push({ method, payload, atMs: Date.now() - createdAt, visible });
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
    options: {
      getString: (name: string) => {
        const value = init.options?.[name];
        return typeof value === "string" ? value : null;
      },
      getBoolean: (name: string) => {
        const value = init.options?.[name];
        return typeof value === "boolean" ? value : null;
      },
    },
    async reply(payload: FakeReply) {
      firstAnswer("reply");
      state.replied = true;
      state.answered = true;
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
      state.answered = true;
      record("editReply", payload);
    },
    /**
     * A further message. As Discord does, the first one after a deferral answers the deferred message (and is as
     * private as the deferral was); later ones are their own messages, private only with the ephemeral flag.
     */
    async followUp(payload: FakeReply) {
      if (!state.deferred && !state.replied) throw new Error("followUp: the interaction has not been answered");
      const visible = state.answered ? ((payload.flags ?? 0) & 64) === 0 : !state.ephemeral;
      state.answered = true;
      record("followUp", payload, visible);
    },
    calls,
    /** Whether only the member sees the answer. */
    get ephemeral() {
      return state.ephemeral;
    },
    /** What the channel was shown (every member there sees these). */
    get publicPayloads(): FakeReply[] {
      return calls.filter((c) => c.visible && c.method !== "deferReply").map((c) => c.payload);
    },
    /** The text the member reads last. */
    get lastText(): string {
      return calls.at(-1)?.payload.content ?? "";
    },
  };
}

export type FakeInteraction = ReturnType<typeof fakeInteraction>;

/**
 * A press of a message button as discord.js hands it over: answered once (a reply, an update of the message, or a
 * deferral within 3 seconds), then edited or followed up.
 */
export function fakeButtonPress(init: { customId: string; userId: string; locale?: string; deadlineMs?: number; guildId?: string | null; messageId?: string }) {
  const createdAt = Date.now();
  const deadlineMs = init.deadlineMs ?? 3000;
  type Method = "reply" | "update" | "deferUpdate" | "editReply" | "followUp";
  const calls: { method: Method; payload: FakeReply; atMs: number }[] = [];
  const state = { deferred: false, replied: false };
  const first = (method: Method, payload: FakeReply) => {
    if (state.deferred || state.replied) throw new Error(`${method}: the interaction has already been acknowledged`);
    if (Date.now() - createdAt > deadlineMs) throw new Error(`${method}: Unknown interaction (not answered within 3 seconds)`);
    calls.push({ method, payload, atMs: Date.now() - createdAt });
  };
  const later = (method: Method, payload: FakeReply) => {
    if (!state.deferred && !state.replied) throw new Error(`${method}: the interaction has not been answered`);
    calls.push({ method, payload, atMs: Date.now() - createdAt });
  };
  return {
    customId: init.customId,
    user: { id: init.userId },
    locale: init.locale ?? "en-US",
    guildId: init.guildId === undefined ? "111111111111111111" : init.guildId,
    channelId: "222222222222222222",
    message: { id: init.messageId ?? "555555555555555555" },
    get deferred() {
      return state.deferred;
    },
    get replied() {
      return state.replied;
    },
    async reply(payload: FakeReply) {
      first("reply", payload);
      state.replied = true;
    },
    async update(payload: FakeReply) {
      first("update", payload);
      state.replied = true;
    },
    async deferUpdate() {
      first("deferUpdate", {});
      state.deferred = true;
    },
    async editReply(payload: FakeReply) {
      later("editReply", payload);
    },
    async followUp(payload: FakeReply) {
      later("followUp", payload);
    },
    calls,
    /** The text the member reads last. */
    get lastText(): string {
      return calls.at(-1)?.payload.content ?? "";
    },
  };
}

/** A member typing in an option that offers suggestions: what the bot answered, once. */
export function fakeAutocomplete(init: { commandName: string; userId: string; option: string; typed: string; locale?: string }) {
  const answers: { name: string; value: string }[][] = [];
  return {
    commandName: init.commandName,
    user: { id: init.userId },
    locale: init.locale ?? "en-US",
    options: { getFocused: (_withType: true) => ({ name: init.option, value: init.typed }) },
    async respond(choices: { name: string; value: string }[]) {
      if (answers.length > 0) throw new Error("respond: already answered");
      answers.push(choices);
    },
    answers,
  };
}
