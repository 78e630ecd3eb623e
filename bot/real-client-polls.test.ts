import { type APIButtonComponentWithCustomId, type APIMessage, Locale } from "discord.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { CommunityPoll } from "../contract/community-polls.ts";
import { generatePackRequestSchema } from "../contract/images.ts";
import type { RealtimeMessage } from "../server/realtime/publisher.ts";
import { botMessages } from "./i18n.ts";
import { EPHEMERAL } from "./interaction.ts";
import { FEEDBACK, GUILD, linkThroughDiscord, memberIds, type Rig, startRig } from "./testing/real-client-rig.ts";

// Community polls end to end through discord.js's real client and a local Discord: /vote posts the message, members'
// presses arrive over the gateway and are answered by interaction callbacks, the close edits the message over REST.

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const newMemberId = memberIds(310000000000000000n);
const WAIT = { timeout: 30_000, interval: 25 };

type Button = Pick<APIButtonComponentWithCustomId, "label" | "custom_id" | "disabled">;
/** The buttons of a message or of a callback's message data. */
const buttonsOf = (message: { components?: unknown } | undefined): Button[] =>
  ((message?.components ?? []) as { components?: Button[] }[]).flatMap((row) => row.components ?? []);
const labelsOf = (message: { components?: unknown } | undefined) => buttonsOf(message).map((b) => b.label);

describe("community polls through the bot's discord.js client", () => {
  let rig: Rig;
  const heard: Extract<RealtimeMessage, { type: "event"; event: "community:poll" }>[] = [];
  let stopListening: (() => void) | undefined;
  beforeAll(async () => {
    // Discord's own three seconds: a press is acknowledged before the vote's work.
    rig = await startRig();
    // What the owner's open tabs are sent.
    stopListening = rig.bot.services.realtime.listen((message) => {
      if (message.type === "event" && message.event === "community:poll") heard.push(message);
    });
  }, 60_000);
  afterAll(async () => {
    stopListening?.();
    await rig?.close();
  });

  let owner: { id: string; userId: string };
  let packId: string;
  let poll: CommunityPoll;
  let messageId: string;
  /** What everyone sees in the feedback channel (members' private notes are there too, for them alone). */
  const feedbackMessages = () => [...rig.discord.messages.values()].filter((m) => m.channel_id === FEEDBACK && ((m.flags ?? 0) & EPHEMERAL) === 0);
  const message = (): APIMessage => {
    const found = rig.discord.messages.get(messageId);
    if (!found) throw new Error("the poll's message is gone");
    return found;
  };
  const tally = async () => (await rig.bot.services.communityPolls.read(owner.userId, poll.id)).tally.map((t) => [t.label, t.web, t.discord]);

  it("/vote posts a linked member's finished pack in the feedback channel: one message, three PNGs and A/B/C buttons; the answer links to it", async () => {
    const { services } = rig.bot;
    const id = newMemberId();
    await linkThroughDiscord(rig, id, "poller@example.com");
    owner = { id, userId: await services.discord.accountOf(id) };
    // A pack made by the Studio engine, on this machine.
    const pack = await services.generation.requestPack(owner.userId, generatePackRequestSchema.parse({ prompt: '"Pick me" a fox', style: "cartoon", seed: 5 }));
    packId = pack.id;
    services.queue.wake();
    await vi.waitFor(async () => {
      for (const image of pack.images) expect((await services.images.record(owner.userId, image.id)).status).toBe("ready");
    }, WAIT);

    const asked = rig.discord.command({ name: "vote", userId: id, locale: Locale.French, options: { hours: "24" } });
    expect((await asked.callback()).body).toEqual({ type: 5, data: { flags: EPHEMERAL } });
    const post = await rig.discord.waitForRequest((r) => r.method === "POST" && r.path === `/channels/${FEEDBACK}/messages`, "the poll's message", 30_000);
    expect(post.status).toBe(200);
    // Posted by the bot itself, with its token: the poll outlives the member's interaction.
    expect(post.headers.authorization).toMatch(/^Bot /);
    expect(post.files.map((f) => [f.field, f.name, f.contentType])).toEqual([
      ["files[0]", "a.png", "image/png"],
      ["files[1]", "b.png", "image/png"],
      ["files[2]", "c.png", "image/png"],
    ]);
    for (const file of post.files) expect(file.bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(post.body).toMatchObject({
      content: expect.stringContaining(botMessages.fr.polls.question({ mention: `<@${id}>` })),
      // The mention names the poster without pinging anyone.
      allowed_mentions: { parse: [] },
    });

    const [posted] = feedbackMessages();
    if (!posted) throw new Error("no message in the feedback channel");
    messageId = posted.id;
    const url = `https://discord.com/channels/${GUILD}/${FEEDBACK}/${messageId}`;
    // The answer first says it is posting, then gives the message's link, in the member's language.
    await asked.request((r) => r.method === "PATCH" && r.path.endsWith("/messages/@original") && (r.body as { content?: unknown }).content === botMessages.fr.polls.posted({ channel: `<#${FEEDBACK}>`, url }), "the answer with the link");
    expect(asked.original()).toMatchObject({ content: botMessages.fr.polls.posted({ channel: `<#${FEEDBACK}>`, url }), flags: EPHEMERAL });

    const polls = (await services.communityPolls.list(owner.userId, { kind: "pack", targetId: packId })).polls;
    expect(polls).toHaveLength(1);
    poll = polls[0]!;
    expect(poll).toMatchObject({ status: "open", messageUrl: url });
    expect(posted.attachments.map((a) => [a.filename, a.size])).toEqual(post.files.map((f) => [f.name, f.bytes.length]));
    expect(buttonsOf(posted).map((b) => [b.label, b.custom_id, b.disabled])).toEqual([
      ["A · 0", `vote:${poll.id}:A`, false],
      ["B · 0", `vote:${poll.id}:B`, false],
      ["C · 0", `vote:${poll.id}:C`, false],
    ]);
    expect(feedbackMessages()).toHaveLength(1);
    expect(rig.discord.requests.filter((r) => r.path.startsWith(`/channels/${FEEDBACK}/`) && r.method === "POST")).toHaveLength(1);
  });

  it("members' presses are acknowledged at once (type 6), then the message is redrawn with the live counts and a private note follows; a second press changes the vote", async () => {
    const first = newMemberId();
    const second = newMemberId();
    const heardBefore = heard.length;
    const press = async (userId: string, label: string, locale: Locale) => {
      const pressed = rig.discord.button({ customId: `vote:${poll.id}:${label}`, userId, locale, messageId });
      const answer = await pressed.callback();
      expect(answer.status).toBe(204);
      // The message the button is on, edited through the interaction's webhook.
      const redraw = await pressed.request((r) => r.method === "PATCH" && r.path === `/webhooks/${rig.discord.applicationId}/${pressed.token}/messages/@original`, "the message's redraw");
      expect(redraw.status).toBe(200);
      const note = await pressed.request((r) => r.method === "POST" && r.path === `/webhooks/${rig.discord.applicationId}/${pressed.token}`, "the private note");
      expect(note.body).toMatchObject({ flags: EPHEMERAL });
      return { answer: { type: (answer.body as { type: number }).type, data: redraw.body as { content: string; components: unknown } }, note: pressed.followUps()[0] };
    };

    // Neither has linked an account: anyone on the server may vote.
    const b = await press(first, "B", Locale.German);
    expect(b.answer.type).toBe(6);
    expect(labelsOf(b.answer.data)).toEqual(["A · 0", "B · 1", "C · 0"]);
    // The message stays in the poster's language; the note is in the member's.
    expect(b.answer.data.content).toContain(botMessages.fr.polls.votes({ count: 1 }));
    expect(b.note).toMatchObject({ content: botMessages.de.polls.youVoted({ label: "B" }), flags: EPHEMERAL });

    const c = await press(second, "C", Locale.Japanese);
    expect(c.answer.type).toBe(6);
    expect(labelsOf(c.answer.data)).toEqual(["A · 0", "B · 1", "C · 1"]);
    expect(c.note?.content).toBe(botMessages.ja.polls.youVoted({ label: "C" }));

    const changed = await press(first, "C", Locale.German);
    expect(changed.answer.type).toBe(6);
    expect(labelsOf(changed.answer.data)).toEqual(["A · 0", "B · 0", "C · 2"]);
    expect(changed.answer.data.content).toContain(botMessages.fr.polls.votes({ count: 2 }));

    // Everyone sees the message as the last press left it; the images stay attached.
    expect(labelsOf(message())).toEqual(["A · 0", "B · 0", "C · 2"]);
    expect(message().attachments.map((a) => a.filename)).toEqual(["a.png", "b.png", "c.png"]);
    expect(await tally()).toEqual([
      ["A", 0, 0],
      ["B", 0, 0],
      ["C", 0, 2],
    ]);
    // The owner's tabs heard each vote, the last with the tally as it is now.
    const toOwner = heard.slice(heardBefore).filter((m) => m.userId === owner.userId && m.payload.poll.id === poll.id);
    expect(toOwner.length).toBeGreaterThanOrEqual(3);
    expect(toOwner.at(-1)?.payload.poll.tally.map((t) => [t.label, t.discord])).toEqual([
      ["A", 0],
      ["B", 0],
      ["C", 2],
    ]);
  });

  it("closed by its owner, the bot edits the message (result in, buttons off); a press after that is refused privately and changes nothing", async () => {
    const closed = await rig.bot.services.communityPolls.close(owner.userId, poll.id);
    expect(closed.status).toBe("closed");
    const edit = await rig.discord.waitForRequest((r) => r.method === "PATCH" && r.path === `/channels/${FEEDBACK}/messages/${messageId}`, "the poll's closing edit", 30_000);
    expect(edit.status).toBe(200);
    expect(edit.files).toEqual([]);
    const content = (edit.body as { content: string }).content;
    expect(content).toContain(botMessages.fr.polls.closed);
    expect(content).toContain(botMessages.fr.polls.winner({ label: "C", votes: 2, total: 2 }));
    expect(buttonsOf(message()).map((b) => [b.label, b.disabled])).toEqual([
      ["A · 0", true],
      ["B · 0", true],
      ["C · 2", true],
    ]);
    expect(message().content).toBe(content);
    expect(message().attachments).toHaveLength(3);

    // A member whose Discord still showed the buttons.
    const before = structuredClone(message());
    const late = rig.discord.button({ customId: `vote:${poll.id}:A`, userId: newMemberId(), locale: Locale.SpanishES, messageId });
    const refusal = await late.callback();
    expect(refusal.body).toMatchObject({ type: 6 });
    await late.request((r) => r.method === "POST" && r.path === `/webhooks/${rig.discord.applicationId}/${late.token}`, "the refusal");
    expect(late.followUps()).toMatchObject([{ content: botMessages.es.polls.closed, flags: EPHEMERAL }]);
    expect(message()).toEqual(before);
    expect(await tally()).toEqual([
      ["A", 0, 0],
      ["B", 0, 0],
      ["C", 0, 2],
    ]);
    expect(feedbackMessages()).toHaveLength(1);
  });

  it("answers only known routes", () => {
    expect(rig.discord.unknownRoutes.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });
});
