import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { REST } from "discord.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { CommunityPoll } from "../contract/community-polls.ts";
import { communityPolls } from "../db/schema/community-polls.ts";
import { createDiscordPosts, type DiscordPosts } from "../server/compose/discord-posts.ts";
import { createWorker, type Worker } from "../server/compose/worker.ts";
import { botTestServices, buttonsOf, fakeButtonPress, type FakeReply, fakeInteraction } from "../server/testing/discord.ts";
import { buttonFor } from "./button-list.ts";
import { commands } from "./command-list.ts";
import type { BotContext } from "./context.ts";
import { createDiscordPoster } from "./discord-poster.ts";
import { dispatch } from "./dispatch.ts";
import { botMessages } from "./i18n.ts";
import { errorText } from "./replies.ts";
import { until } from "../server/testing/until.ts";

const GUILD = "111111111111111111";
const FEEDBACK = "444444444444444444";

// A local server speaking the part of Discord's REST API polls use: a new channel message (multipart, with the
// images) answered with its id, and edits of it.
const seen: { method: string; url: string; contentType: string; body: string }[] = [];
let nextMessage = 700000000000000000n;
const discord = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    seen.push({ method: req.method ?? "", url: req.url ?? "", contentType: req.headers["content-type"] ?? "", body: Buffer.concat(chunks).toString("latin1") });
    res.setHeader("content-type", "application/json");
    const edit = /\/messages\/(\d+)$/.exec(req.url ?? "");
    res.end(JSON.stringify({ id: edit?.[1] ?? String(nextMessage++), channel_id: FEEDBACK }));
  });
});

let kit: Awaited<ReturnType<typeof botTestServices>>;
let ctx: BotContext;
let posts: DiscordPosts;
let worker: Worker;

beforeAll(async () => {
  discord.listen(0, "127.0.0.1");
  await once(discord, "listening");
  const rest = new REST({ api: `http://127.0.0.1:${(discord.address() as AddressInfo).port}`, retries: 0 }).setToken("bot-token");
  kit = await botTestServices({ env: { DISCORD_GUILD_ID: GUILD, DISCORD_FEEDBACK_CHANNEL_ID: FEEDBACK } });
  posts = createDiscordPosts(kit.services, createDiscordPoster(rest, kit.services.logger), { jobSettings: { pollMs: 50 }, pollSweepMs: 100 });
  worker = createWorker(kit.services, { jobSettings: { pollMs: 50 } });
  await Promise.all([worker.start(), posts.start()]);
  ctx = { services: kit.services, posts, roles: { give: async () => true }, logger: kit.services.logger };
}, 60_000);
afterAll(async () => {
  await Promise.all([posts?.stop(), worker?.stop()]);
  await kit?.close();
  discord.close();
});

let nextMember = 500000000000000000n;
async function linkedMember(email: string): Promise<{ id: string; userId: string }> {
  const id = String(nextMember++);
  await dispatch(fakeInteraction({ commandName: "link", userId: id, options: { email } }), ctx);
  await dispatch(fakeInteraction({ commandName: "verify", userId: id, options: { code: await kit.latestCode(email) } }), ctx);
  return { id, userId: await kit.services.discord.accountOf(id) };
}

async function readyPack(userId: string): Promise<string> {
  const pack = await kit.services.generation.requestPack(userId, { prompt: '"Pick me" a fox', style: "cartoon", seed: 5 } as Parameters<typeof kit.services.generation.requestPack>[1]);
  kit.services.queue.wake();
  for (const image of pack.images) await until(async () => ((await kit.services.images.record(userId, image.id)).status === "ready" ? true : undefined), "the pack's images");
  return pack.id;
}

const utf8 = (latin1: string) => Buffer.from(latin1, "latin1").toString("utf8");
/** The button labels a recorded answer shows. */
const labelsOf = (payload: FakeReply | undefined) => buttonsOf(payload).map((b) => b.label);

type MessageBody = { content: string; components: { components: { label: string; custom_id: string; disabled?: boolean }[] }[] };
/** The message's JSON: the `payload_json` part of a multipart post. */
function payloadOf(body: string): MessageBody {
  const part = /name="payload_json"\r\n(?:[^\r\n]+\r\n)*\r\n([\s\S]*?)\r\n--/.exec(utf8(body))?.[1];
  if (!part) throw new Error("no payload_json part");
  return JSON.parse(part) as MessageBody;
}

describe("/vote and the poll message", () => {
  let member: { id: string; userId: string };
  let poll: CommunityPoll;

  it("posts a linked member's latest pack in the feedback channel, images attached and A/B/C buttons, and answers with the link in their language", async () => {
    member = await linkedMember("voter@example.com");
    const packId = await readyPack(member.userId);
    const asked = fakeInteraction({ commandName: "vote", userId: member.id, locale: "fr", options: { hours: "72" } });
    await dispatch(asked, ctx);
    expect(asked.calls[0]).toMatchObject({ method: "deferReply" });
    expect(asked.ephemeral).toBe(true);
    const polls = await kit.services.communityPolls.list(member.userId, { kind: "pack", targetId: packId });
    poll = polls.polls[0]!;
    expect(poll.status).toBe("open");
    expect(new Date(poll.closesAt).getTime() - new Date(poll.createdAt).getTime()).toBe(72 * 3600_000);
    expect(asked.lastText).toBe(botMessages.fr.polls.posted({ channel: `<#${FEEDBACK}>`, url: poll.messageUrl ?? "" }));

    const post = seen.find((r) => r.method === "POST" && r.url === `/v10/channels/${FEEDBACK}/messages`);
    expect(post?.contentType).toMatch(/^multipart\/form-data/);
    for (const name of ["a.png", "b.png", "c.png"]) expect(post?.body).toContain(`filename="${name}"`);
    expect(post?.body).toContain("\x89PNG");
    const message = payloadOf(post?.body ?? "");
    // The channel reads the poster's language; the mention does not ping.
    expect(message.content).toContain(botMessages.fr.polls.question({ mention: `<@${member.id}>` }));
    const [row] = await kit.database.db.select().from(communityPolls).where(eq(communityPolls.id, poll.id));
    expect(row?.postedByDiscordUserId).toBe(member.id);
    expect(utf8(post?.body ?? "")).toContain('"allowed_mentions":{"parse":[]}');
    expect(message.components[0]?.components.map((b) => [b.label, b.custom_id])).toEqual([
      ["A · 0", `vote:${poll.id}:A`],
      ["B · 0", `vote:${poll.id}:B`],
      ["C · 0", `vote:${poll.id}:C`],
    ]);
  });

  it("takes a press: the message shows the new counts for everyone, the member alone reads their choice; a second press changes it", async () => {
    const button = buttonFor(`vote:${poll.id}:B`);
    expect(button?.prefix).toBe("vote");
    // Someone who never linked an account may vote.
    const first = fakeButtonPress({ customId: `vote:${poll.id}:B`, userId: "600000000000000001", locale: "de" });
    await button!.press(first, ctx);
    // Acknowledged first (Discord's three seconds), then the message redrawn and the member told.
    expect(first.calls.map((c) => c.method)).toEqual(["deferUpdate", "editReply", "followUp"]);
    expect(labelsOf(first.calls[1]?.payload)).toEqual(["A · 0", "B · 1", "C · 0"]);
    // The message stays in the poster's language; the answer is in the member's.
    expect(first.calls[1]?.payload.content).toContain(botMessages.fr.polls.votes({ count: 1 }));
    expect(first.calls[2]?.payload).toMatchObject({ content: botMessages.de.polls.youVoted({ label: "B" }), flags: 64 });

    const again = fakeButtonPress({ customId: `vote:${poll.id}:C`, userId: "600000000000000001", locale: "ja" });
    await button!.press(again, ctx);
    expect(labelsOf(again.calls[1]?.payload)).toEqual(["A · 0", "B · 0", "C · 1"]);
    expect(again.calls[2]?.payload.content).toBe(botMessages.ja.polls.youVoted({ label: "C" }));
    const tally = (await kit.services.communityPolls.read(member.userId, poll.id)).tally;
    expect(tally.map((t) => [t.label, t.discord, t.total])).toEqual([["A", 0, 0], ["B", 0, 0], ["C", 1, 1]]);
  });

  it("answers a custom id that is not a vote of ours, and a press from elsewhere, with 'no longer exists' to the member alone", async () => {
    for (const press of [fakeButtonPress({ customId: "vote:not-a-poll:A", userId: "600000000000000002" }), fakeButtonPress({ customId: `vote:${poll.id}:A`, userId: "600000000000000002", guildId: null })]) {
      await buttonFor(press.customId)!.press(press, ctx);
      expect(press.calls.map(({ method, payload }) => ({ method, payload }))).toEqual([{ method: "reply", payload: { content: botMessages.en.polls.gone, flags: 64 } }]);
    }
  });

  it("closes: the bot edits the message (result in, buttons off), and a later press is refused to the member alone, changing nothing", async () => {
    await kit.services.communityPolls.close(member.userId, poll.id);
    const messageId = poll.messageUrl?.split("/").at(-1);
    const edit = await until(() => seen.find((r) => r.method === "PATCH" && r.url === `/v10/channels/${FEEDBACK}/messages/${messageId}`), "the edit");
    const body = JSON.parse(utf8(edit.body)) as MessageBody;
    expect(body.content).toContain(botMessages.fr.polls.closed);
    expect(body.content).toContain(botMessages.fr.polls.winner({ label: "C", votes: 1, total: 1 }));
    expect(body.components[0]?.components.every((b) => b.disabled === true)).toBe(true);

    const late = fakeButtonPress({ customId: `vote:${poll.id}:A`, userId: "600000000000000003", locale: "es" });
    const refused = await buttonFor(late.customId)!.press(late, ctx).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(errorText(refused, botMessages.es)).toBe(botMessages.es.polls.closed);
    // Acknowledged, never redrawn: the refusal is the member's alone (route-interaction.ts follows up).
    expect(late.calls.map((c) => c.method)).toEqual(["deferUpdate"]);
    expect((await kit.services.communityPolls.read(member.userId, poll.id)).tally.map((t) => t.total)).toEqual([0, 0, 1]);
  });

  it("suggests the member's recent packs as they type, and posts the one picked", async () => {
    let offered: { name: string; value: string }[] = [];
    const request = (value: string) => ({
      commandName: "vote",
      user: { id: member.id },
      locale: "es-ES",
      options: { getFocused: () => ({ name: "item", value }) },
      respond: async (choices: { name: string; value: string }[]) => void (offered = choices),
    });
    await commands.get("vote")!.autocomplete!(request("fox"), ctx);
    expect(offered[0]?.name).toBe(botMessages.es.polls.pack({ prompt: '"Pick me" a fox' }));
    expect(offered[0]?.value).toBe(`pack:${poll.targetId}`);
    await commands.get("vote")!.autocomplete!(request("nothing like it"), ctx);
    expect(offered).toEqual([]);

    const asked = fakeInteraction({ commandName: "vote", userId: member.id, options: { item: `pack:${poll.targetId}` } });
    await dispatch(asked, ctx);
    expect(asked.lastText).toMatch(/^Posted in <#444444444444444444>: https:\/\/discord\.com\/channels\/111111111111111111\/444444444444444444\/\d+$/);
  });

  it("tells a member who has not linked how to, and a linked member with nothing to post what to make", async () => {
    const stranger = fakeInteraction({ commandName: "vote", userId: "600000000000000009", locale: "ja" });
    await dispatch(stranger, ctx);
    expect(stranger.lastText).toBe(botMessages.ja.notLinked);
    const fresh = await linkedMember("fresh@example.com");
    const empty = fakeInteraction({ commandName: "vote", userId: fresh.id, locale: "zh-CN", options: { what: "latest-comparison" } });
    await dispatch(empty, ctx);
    expect(empty.lastText).toBe(botMessages.zh.polls.nothingToPost);
    const wrong = fakeInteraction({ commandName: "vote", userId: fresh.id, options: { hours: "5" } });
    await dispatch(wrong, ctx);
    expect(wrong.lastText).toBe(botMessages.en.errors.invalidInput({ fields: "`hours`" }));
  });
});

describe("/vote and the vote button, under strain", () => {
  let member: { id: string; userId: string };
  beforeAll(async () => {
    member = await linkedMember("strained@example.com");
  }, 60_000);

  it("answers a malformed id with the invalid-input message, and a malformed vote button with 'no longer exists'", async () => {
    const asked = fakeInteraction({ commandName: "vote", userId: member.id, options: { item: "pack:000000000000000000000000000000000000" } });
    await dispatch(asked, ctx);
    expect(asked.lastText).toBe(botMessages.en.errors.invalidInput({ fields: "`item`" }));
    const press = fakeButtonPress({ customId: "vote:000000000000000000000000000000000000:A", userId: "610000000000000001" });
    await buttonFor(press.customId)!.press(press, ctx);
    expect(press.calls.map(({ method, payload }) => ({ method, payload }))).toEqual([{ method: "reply", payload: { content: botMessages.en.polls.gone, flags: 64 } }]);
  });

  it("tells a member whose typed pack or comparison is not theirs that it is not, in their language", async () => {
    const other = await linkedMember("owner-of-pack@example.com");
    const packId = await readyPack(other.userId);
    for (const [item, locale, language] of [[`pack:${packId}`, "fr", "fr"], ["comparison:7d1f1a52-5b8e-4c3e-9f0a-2f6f7a0d9c11", "de", "de"]] as const) {
      const asked = fakeInteraction({ commandName: "vote", userId: member.id, locale, options: { item } });
      await dispatch(asked, ctx);
      expect(asked.lastText).toBe(botMessages[language].polls.itemGone);
    }
  });

  it("acknowledges a press before the vote's work, so a vote slower than Discord's three seconds is still answered", async () => {
    const owner = await linkedMember("slow@example.com");
    const packId = await readyPack(owner.userId);
    const poll = await kit.services.communityPolls.create(owner.userId, { kind: "pack", targetId: packId });
    await until(async () => ((await kit.services.communityPolls.read(owner.userId, poll.id)).status === "open" ? true : undefined), "the poll to open");
    const vote = kit.services.communityPolls.vote;
    const slow = vi.spyOn(kit.services.communityPolls, "vote").mockImplementation(async (press) => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      return vote(press);
    });
    try {
      const press = fakeButtonPress({ customId: `vote:${poll.id}:A`, userId: "610000000000000002", deadlineMs: 50 });
      await buttonFor(press.customId)!.press(press, ctx);
      expect(press.calls.map((c) => c.method)).toEqual(["deferUpdate", "editReply", "followUp"]);
      expect(labelsOf(press.calls[1]?.payload)).toEqual(["A · 1", "B · 0", "C · 0"]);
    } finally {
      slow.mockRestore();
    }
  });

  it("draws the message closed again when the poll closed while its redraw was on its way", async () => {
    const owner = await linkedMember("closing@example.com");
    const packId = await readyPack(owner.userId);
    const poll = await kit.services.communityPolls.create(owner.userId, { kind: "pack", targetId: packId });
    await until(async () => ((await kit.services.communityPolls.read(owner.userId, poll.id)).status === "open" ? true : undefined), "the poll to open");
    const press = fakeButtonPress({ customId: `vote:${poll.id}:B`, userId: "610000000000000003" });
    // The owner's close lands while the press's redraw (drawn open) is being sent.
    const editReply = press.editReply.bind(press);
    press.editReply = async (payload) => {
      await editReply(payload);
      if (press.calls.filter((c) => c.method === "editReply").length === 1) await kit.services.communityPolls.close(owner.userId, poll.id);
    };
    await buttonFor(press.customId)!.press(press, ctx);
    expect(press.calls.map((c) => c.method)).toEqual(["deferUpdate", "editReply", "editReply", "followUp"]);
    const drawn = (press.calls[2]?.payload.components ?? []) as { components: { label: string; disabled: boolean }[] }[];
    expect(drawn.flatMap((row) => row.components.map((b) => [b.label, b.disabled]))).toEqual([["A · 0", true], ["B · 1", true], ["C · 0", true]]);
    expect(press.calls[2]?.payload.content).toContain(botMessages.en.polls.closed);
  });

  it("says what became of a poll closed before it was posted, and that one still on its way will appear in the channel", { timeout: 60_000 }, async () => {
    const packId = await readyPack(member.userId);
    await posts.stop();
    try {
      // Closed by its owner on the web while the bot had not posted it yet.
      const stop = kit.services.realtime.listen((message) => {
        if (message.type === "event" && message.event === "community:poll" && message.payload.poll.status === "posting" && message.userId === member.userId) {
          void kit.services.communityPolls.close(member.userId, message.payload.poll.id);
        }
      });
      const closed = fakeInteraction({ commandName: "vote", userId: member.id, locale: "es-ES", options: { item: `pack:${packId}` } });
      await dispatch(closed, ctx);
      stop();
      expect(closed.lastText).toBe(botMessages.es.polls.closedBeforePosted);

      const waiting = fakeInteraction({ commandName: "vote", userId: member.id, locale: "fr", options: { item: `pack:${packId}` } });
      await dispatch(waiting, ctx);
      expect(waiting.lastText).toBe(botMessages.fr.polls.stillPosting({ channel: `<#${FEEDBACK}>` }));
    } finally {
      await posts.start();
    }
  });

  it("a stop during the start leaves no sweep running", async () => {
    // This bot's own sweep, counted apart from the file's running bot.
    const closeDue = vi.fn(async () => 0);
    const services = { ...kit.services, communityPolls: { ...kit.services.communityPolls, closeDue } };
    const other = createDiscordPosts(services, createDiscordPoster(new REST({ api: "http://127.0.0.1:9", retries: 0 }).setToken("bot-token"), kit.services.logger), {
      jobSettings: { pollMs: 20 },
      pollSweepMs: 20,
    });
    const starting = other.start();
    await other.stop();
    await starting;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(closeDue).not.toHaveBeenCalled();
  });
});
