import { type APIMessage, type ButtonInteraction, Locale, Routes } from "discord.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { EARLY_BIRD_ACCOUNTS } from "../contract/credits.ts";
import { jobs } from "../db/schema/jobs.ts";
import type { ImageEngine } from "../server/generation/engine.ts";
import { commandDefinitions } from "./command-list.ts";
import { helpText } from "./commands/help.ts";
import { botMessages } from "./i18n.ts";
import { EPHEMERAL } from "./interaction.ts";
import { registerCommands } from "./register-commands.ts";
import { EARLY_BIRD, GUILD, linkThroughDiscord, memberIds, nextInteraction, type Rig, startRig, THUMBNAILS, TOKEN, WELCOME } from "./testing/real-client-rig.ts";

// discord.js's real Client, wired by runBot as `npm run bot` wires it, against a local Discord (gateway and REST),
// with the app's services on the real database (the rig: testing/real-client-rig.ts).

const newMemberId = memberIds();

describe("the bot's discord.js client against a local Discord", () => {
  let rig: Rig;
  beforeAll(async () => {
    rig = await startRig();
  });
  afterAll(async () => {
    await rig?.close();
  });

  it("connects: fetches the gateway from REST, identifies with the Guilds and Server Members intents, and gets the server", async () => {
    const identify = await rig.discord.waitForGateway((p) => p.op === 2, "IDENTIFY");
    expect(identify.d).toMatchObject({ token: TOKEN, intents: (1 << 0) | (1 << 1), compress: false, shard: [0, 1] });
    expect(rig.discord.requests.find((r) => r.path === "/gateway/bot")?.headers.authorization).toBe(`Bot ${TOKEN}`);
    expect(rig.discord.connections[0]?.query.get("v")).toBe("10");
    expect(rig.bot.client.guilds.cache.get(GUILD)?.channels.cache.get(WELCOME)?.name).toBe("welcome");
    // Heartbeats are acknowledged: discord.js measures the round trip.
    await rig.discord.waitForGateway((p) => p.op === 1, "a heartbeat");
    await vi.waitFor(() => expect(rig.bot.client.ws.ping).toBeGreaterThanOrEqual(0), { timeout: 20_000, interval: 25 });
  });

  it("npm run bot:commands registers every command on the server; the commands members use then carry those ids", async () => {
    const names = await registerCommands({ token: TOKEN, guildId: GUILD, api: rig.discord.api });
    expect(names).toEqual(commandDefinitions().map((c) => c.name));
    const put = rig.discord.requests.find((r) => r.method === "PUT" && r.path === `/applications/${rig.discord.applicationId}/guilds/${GUILD}/commands`);
    expect(put?.body).toEqual(JSON.parse(JSON.stringify(commandDefinitions())));
    expect(put?.status).toBe(200);
    const seen = nextInteraction(rig);
    rig.discord.command({ name: "help", userId: newMemberId() });
    const help = await seen;
    expect(help.isChatInputCommand() && help.commandId).toBe(rig.discord.commandId("help"));
    expect(rig.discord.commandId("help")).toMatch(/^\d{17,20}$/);
  });

  it("welcomes a member who joins, in the welcome channel, in the server's language, pinging only them", async () => {
    const id = newMemberId();
    const placesLeft = await rig.bot.services.discord.earlyBirdPlacesLeft();
    rig.discord.memberJoins({ id, username: "newcomer" });
    const posted = await rig.discord.waitForRequest((r) => r.method === "POST" && r.path === `/channels/${WELCOME}/messages`, "the welcome message");
    expect(posted.status).toBe(200);
    expect(posted.body).toMatchObject({
      content: botMessages.de.welcome({ mention: `<@${id}>`, placesLeft, total: EARLY_BIRD_ACCOUNTS }),
      allowed_mentions: { users: [id] },
    });
  });

  it("does not welcome a bot that joins", async () => {
    const otherBot = newMemberId();
    const human = newMemberId();
    rig.discord.memberJoins({ id: otherBot, username: "another-bot", bot: true });
    rig.discord.memberJoins({ id: human, username: "human" });
    // Dispatches are handled in order: once the human's welcome is posted, the bot's join has been seen.
    await rig.discord.waitForRequest((r) => r.path === `/channels/${WELCOME}/messages` && JSON.stringify(r.body).includes(`<@${human}>`), "the human's welcome");
    expect(rig.discord.requests.some((r) => JSON.stringify(r.body ?? null).includes(`<@${otherBot}>`))).toBe(false);
  });

  it("/link and /verify: the member gets the Early Bird role through Discord's REST API, and reads that they did", async () => {
    const id = newMemberId();
    const verify = await linkThroughDiscord(rig, id, "early@example.com");
    const deferral = await verify.callback();
    expect(deferral.body).toEqual({ type: 5, data: { flags: EPHEMERAL } });
    const granted = await rig.discord.waitForRequest((r) => r.method === "PUT" && r.path === `/guilds/${GUILD}/members/${id}/roles/${EARLY_BIRD}`, "the Early Bird role grant");
    expect(granted.status).toBe(204);
    expect(granted.headers["x-audit-log-reason"]).toBe(encodeURIComponent("One of the first 50 Thumbforge accounts"));
    expect(rig.discord.rolesOf(id)).toContain(EARLY_BIRD);
    // The role is found by its name: the server's roles are read through REST.
    expect(rig.discord.requests.some((r) => r.method === "GET" && r.path === `/guilds/${GUILD}/roles`)).toBe(true);
    expect(verify.original()?.content).toBe(botMessages.en.linked({ email: "early@example.com", earlyBird: true, roleGiven: true, waitlisted: false }));
    expect(verify.original()?.flags).toBe(EPHEMERAL);
  });

  it("/thumbnail: defers at once, then posts the finished PNG as an attachment of a follow-up", async () => {
    const id = newMemberId();
    await linkThroughDiscord(rig, id, "maker@example.com");
    const userId = await rig.bot.services.discord.accountOf(id);
    const before = (await rig.bot.services.credits.balance(userId)) ?? 0;
    const asked = rig.discord.command({ name: "thumbnail", userId: id, locale: Locale.SpanishES, channelId: THUMBNAILS, options: { prompt: "100 days of coding", style: "cartoon" } });
    const deferral = await asked.callback();
    expect(deferral.body).toEqual({ type: 5, data: { flags: EPHEMERAL } });
    expect(deferral.status).toBe(204);
    await asked.request((r) => r.method === "PATCH" && r.path.endsWith("/messages/@original"), "the working message");
    expect(asked.original()?.content).toBe(botMessages.es.working({ model: "Thumbforge Studio", cost: 1 }));

    const post = await asked.request((r) => r.method === "POST" && r.path === `/webhooks/${rig.discord.applicationId}/${asked.token}`, "the thumbnail's follow-up");
    expect(post.status).toBe(200);
    // Follow-ups are the interaction's webhook: no bot token is sent.
    expect(post.headers.authorization).toBeUndefined();
    expect(post.body).toMatchObject({ content: botMessages.es.posted({ mention: `<@${id}>`, prompt: "100 days of coding", creditsLeft: before - 1 }), flags: EPHEMERAL, allowed_mentions: { users: [id] } });
    expect(post.files).toHaveLength(1);
    const [file] = post.files;
    expect(file?.field).toBe("files[0]");
    expect(file?.contentType).toBe("image/png");
    expect(file?.name).toMatch(/^thumbnail-[0-9a-f-]{36}\.png$/);
    expect(file?.bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(asked.followUps()[0]?.attachments[0]?.size).toBe(file?.bytes.length);
  });

  it("offers suggestions through an autocomplete result (callback type 8)", async () => {
    const typed = rig.discord.autocomplete({ name: "thumbnail", userId: newMemberId(), options: { prompt: "a cat", persona: "ma" }, focused: "persona" });
    const answer = await typed.callback();
    expect(answer.status).toBe(204);
    expect(answer.body).toMatchObject({ type: 8, data: { choices: expect.any(Array) } });
  });

  it("a press of a button on a message the bot posted reaches discord.js as that button, on that message, and can update it", async () => {
    const row = { type: 1, components: [{ type: 2, style: 1, label: "A", custom_id: "test:a" }] };
    const message = (await rig.bot.client.rest.post(Routes.channelMessages(THUMBNAILS), { body: { content: "Pick one", components: [row] } })) as APIMessage;
    const seen = nextInteraction(rig);
    const pressed = rig.discord.button({ customId: "test:a", userId: newMemberId(), locale: Locale.Japanese });
    const press = (await seen) as ButtonInteraction;
    expect(press.isButton()).toBe(true);
    expect({ id: press.id, customId: press.customId, message: press.message.id, channel: press.channelId, locale: press.locale }).toEqual({
      id: pressed.id,
      customId: "test:a",
      message: message.id,
      channel: THUMBNAILS,
      locale: "ja",
    });
    // No button of the bot's has the prefix "test": the test answers as a button's handler would.
    await press.update({ content: "Thanks", components: [] });
    expect((await pressed.callback()).body).toMatchObject({ type: 7, data: { content: "Thanks", components: [] } });
    expect(rig.discord.messages.get(message.id)).toMatchObject({ content: "Thanks", components: [] });
  });

  it("a dropped connection resumes the session, and an interaction sent while the bot was away is still answered", async () => {
    const sessionId = rig.discord.sessionId();
    const identifies = rig.discord.received.filter((p) => p.op === 2).length;
    const connectionCount = rig.discord.connections.length;
    await rig.discord.dropConnection();
    // Sent while the bot is disconnected: Discord keeps it and replays it on the resume.
    const asked = rig.discord.command({ name: "help", userId: newMemberId(), locale: Locale.French });
    const resumed = await rig.discord.waitForConnection(connectionCount);
    expect(resumed.path).toBe("/resume");
    const resume = await rig.discord.waitForGateway((p) => p.op === 6, "RESUME");
    expect(resume.d).toMatchObject({ token: TOKEN, session_id: sessionId });
    const answer = await asked.callback();
    expect(answer.status).toBe(204);
    expect(answer.body).toMatchObject({ type: 4, data: { content: helpText(botMessages.fr), flags: EPHEMERAL } });
    expect(rig.discord.received.filter((p) => p.op === 2)).toHaveLength(identifies);
    expect(rig.discord.sessionId()).toBe(sessionId);
  });

  it("told to reconnect (op 7), it closes with 4200 and resumes the same session", async () => {
    const sessionId = rig.discord.sessionId();
    const connectionCount = rig.discord.connections.length;
    const resumes = rig.discord.received.filter((p) => p.op === 6).length;
    const previous = rig.discord.connections.at(-1);
    rig.discord.requestReconnect();
    expect((await previous?.closed)?.code).toBe(4200);
    expect((await rig.discord.waitForConnection(connectionCount)).path).toBe("/resume");
    const resumesSent = () => rig.discord.received.filter((p) => p.op === 6);
    await vi.waitFor(() => expect(resumesSent()).toHaveLength(resumes + 1), { timeout: 20_000, interval: 25 });
    expect(resumesSent().at(-1)?.d).toMatchObject({ token: TOKEN, session_id: sessionId });
    const asked = rig.discord.command({ name: "help", userId: newMemberId() });
    expect((await asked.callback()).status).toBe(204);
  });

  it("answers only known routes", () => {
    expect(rig.discord.unknownRoutes.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });
});

describe("starting the bot", () => {
  it("fails, saying why, when the Server Members intent is not switched on in the Developer Portal", async () => {
    await expect(startRig({ membersIntent: false })).rejects.toThrow("Used disallowed intents");
  });
});

describe("stopping the bot (what SIGINT and SIGTERM call)", () => {
  it("hands the post in progress back to the queue and closes the gateway connection cleanly", async () => {
    // An engine that works until it is told to stop: the image is still being made when the bot stops.
    const endless: ImageEngine = {
      id: "studio",
      generate: ({ signal }) => new Promise((_, reject) => signal?.addEventListener("abort", () => reject(signal.reason), { once: true })),
    };
    const rig = await startRig({ engines: new Map([["studio", endless]]), appWorker: false });
    try {
      const id = newMemberId();
      await linkThroughDiscord(rig, id, "stopped@example.com");
      const asked = rig.discord.command({ name: "thumbnail", userId: id, options: { prompt: "never finished" } });
      await asked.request((r) => r.method === "PATCH" && r.path.endsWith("/messages/@original"), "the working message");
      const postJob = async () => (await rig.database.db.select().from(jobs).where(eq(jobs.kind, "discord-post")))[0];
      await vi.waitFor(async () => expect((await postJob())?.status).toBe("running"), { timeout: 20_000, interval: 50 });

      const connection = rig.discord.connections.at(-1);
      await rig.bot.stop();
      expect(await connection?.closed).toEqual({ code: 1000, reason: "Manager was destroyed" });
      expect(await postJob()).toMatchObject({ status: "queued", lockedBy: null });
      const running = await rig.database.db.select().from(jobs).where(eq(jobs.status, "running"));
      expect(running).toEqual([]);
      expect(rig.discord.requests.some((r) => r.path === `/webhooks/${rig.discord.applicationId}/${asked.token}` && r.method === "POST")).toBe(false);
    } finally {
      // stop() is safe to call twice: close() calls it again.
      await rig.close();
    }
  });
});
