import { eq } from "drizzle-orm";
import sharp from "sharp";
import { withTransaction } from "../../db/open-db.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CommunityPoll,
  communityPollListResponseSchema,
  communityPollResponseSchema,
} from "../../contract/community-polls.ts";
import { imageResponseSchema, type Pack, packResponseSchema } from "../../contract/images.ts";
import { createShareResponseSchema, shareListResponseSchema } from "../../contract/shares.ts";
import { communityPolls } from "../../db/schema/community-polls.ts";
import { discordLinks } from "../../db/schema/discord-links.ts";
import { images } from "../../db/schema/images.ts";
import { jobs } from "../../db/schema/jobs.ts";
import { shareLinks, shareVotes } from "../../db/schema/share-links.ts";
import { createDiscordPosts, type DiscordPosts } from "../compose/discord-posts.ts";
import { endEarlyBird, settled, testPhoto, tokenHeaders, upload } from "../testing/images.ts";
import { itOnPostgres } from "../testing/on-postgres.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import type { PollFile, PollMessageState } from "./jobs.ts";
import { createCommunityPollService, discordVoterKeyOf } from "./service.ts";
import { until } from "../testing/until.ts";

const GUILD = "111111111111111111";
const CHANNEL = "222222222222222222";

/** The poll service as the server composes it, on this server's parts, with its own Discord ids and limits. */
function pollServiceWith(o: {
  limits: { post: number; postWindowMs: number; serverPost: number; memberVote: number; serverVote: number };
  guildId?: string;
  feedbackChannelId?: string | undefined;
  db?: Parameters<typeof createCommunityPollService>[0]["db"];
  clock?: () => number;
}) {
  const { limits } = o;
  return createCommunityPollService({
    db: o.db ?? server.database.db,
    storage: server.services.storage,
    realtime: server.services.realtime,
    rateLimiter: server.services.rateLimiter,
    discord: { guildId: o.guildId ?? GUILD, feedbackChannelId: "feedbackChannelId" in o ? o.feedbackChannelId : CHANNEL },
    rules: {
      post: { name: "community-poll", limit: limits.post, windowMs: limits.postWindowMs },
      serverPost: { name: "community-poll-server", limit: limits.serverPost, windowMs: 3600_000 },
      memberVote: { name: "poll-vote-member", limit: limits.memberVote, windowMs: 60_000 },
      serverVote: { name: "poll-vote-server", limit: limits.serverVote, windowMs: 60_000 },
    },
    clock: o.clock ?? Date.now,
    logger: server.services.logger,
  });
}
const VOTES_PER_MEMBER = 6;

let server: TestServer;
let offsetMs = 0;
let bot: DiscordPosts;
let owner: { token: string; userId: string; discordUserId: string };
let pack: Pack;
/** What the bot's Discord client was asked to do. */
const posted: { channelId: string; state: PollMessageState; files: PollFile[]; messageId: string }[] = [];
const edited: { channelId: string; messageId: string; state: PollMessageState }[] = [];
let refuse = false;
/** Closing edits Discord refuses (a 5xx) per poll, as many as the count says. */
const failEdits = new Map<string, number>();
let nextMessage = 900000000000000000n;
const heard: CommunityPoll[] = [];

async function readyPack(token: string, prompt: string): Promise<Pack> {
  const res = await fetch(`${server.url}/api/generate-pack`, {
    method: "POST",
    headers: { "content-type": "application/json", ...tokenHeaders(token) },
    body: JSON.stringify({ prompt, style: "cartoon", seed: 3 }),
  });
  expect(res.status).toBe(202);
  const made = packResponseSchema.parse(await res.json()).pack;
  return { id: made.id, images: await Promise.all(made.images.map((image) => settled(server, token, image.id))) };
}

let members = 300000000000000000n;
async function linkedOwner(email: string): Promise<{ token: string; userId: string; discordUserId: string }> {
  const signed = await signInByCode(server, email);
  const discordUserId = String(members++);
  await server.database.db.insert(discordLinks).values({ discordUserId, userId: signed.user.id, linkedAt: new Date() });
  return { token: signed.sessionToken, userId: signed.user.id, discordUserId };
}

function createPoll(token: string, body: unknown, key?: string): Promise<Response> {
  return fetch(`${server.url}/api/community-polls`, {
    method: "POST",
    headers: { "content-type": "application/json", ...tokenHeaders(token), ...(key ? { "Idempotency-Key": key } : {}) },
    body: JSON.stringify(body),
  });
}

async function made(res: Response): Promise<CommunityPoll> {
  expect(res.status).toBe(201);
  return communityPollResponseSchema.parse(await res.json()).poll;
}

async function list(token: string, query: string) {
  const res = await fetch(`${server.url}/api/community-polls?${query}`, { headers: tokenHeaders(token) });
  expect(res.status).toBe(200);
  return communityPollListResponseSchema.parse(await res.json());
}

const pollRow = async (id: string) => (await server.database.db.select().from(communityPolls).where(eq(communityPolls.id, id)))[0];
const openPoll = (id: string) => until(async () => ((await pollRow(id))?.status === "open" ? pollRow(id) : undefined), "the poll to open");
const press = (pollId: string, label: string, discordUserId: string, guildId = GUILD) => server.services.communityPolls.vote({ pollId, label, discordUserId, guildId });
const codeOf = (promise: Promise<unknown>) => promise.then(() => "ok", (err: unknown) => (err as { code?: string }).code);

beforeAll(async () => {
  server = await startTestServer({
    env: { FREE_SIGNUP_CREDITS: "20", DISCORD_GUILD_ID: GUILD, DISCORD_FEEDBACK_CHANNEL_ID: CHANNEL, POLL_VOTES_PER_MEMBER_PER_MINUTE: String(VOTES_PER_MEMBER), COMMUNITY_POLLS_PER_USER_PER_HOUR: "12" },
    deps: { clock: () => Date.now() + offsetMs },
  });
  await endEarlyBird(server);
  // The bot's job door on the same database, its Discord client replaced by a recorder.
  bot = createDiscordPosts(
    server.services,
    {
      post: async () => undefined,
      polls: {
        async post(channelId, state, files) {
          if (refuse) throw new Error("Missing Permissions");
          const messageId = String(nextMessage++);
          posted.push({ channelId, state, files, messageId });
          return { messageId };
        },
        async edit(channelId, messageId, state) {
          const failing = failEdits.get(state.pollId) ?? 0;
          if (failing > 0) {
            failEdits.set(state.pollId, failing - 1);
            throw new Error("Discord refused the poll's edit: 503 0 Service Unavailable");
          }
          edited.push({ channelId, messageId, state });
        },
      },
    },
    { jobSettings: { pollMs: 50 }, pollSweepMs: 100 },
  );
  await bot.start();
  server.services.realtime.listen((message) => {
    if (message.type === "event" && message.event === "community:poll") heard.push(message.payload.poll);
  });
  const linked = await linkedOwner("poller@example.com");
  owner = linked;
  pack = await readyPack(owner.token, '"Which one?" a cat');
}, 120_000);
afterAll(async () => {
  await bot?.stop();
  await server?.close();
});

describe("posting a poll", () => {
  it("puts a ready pack to the vote: 201 posting, then the bot posts its images in label order and it opens, live", async () => {
    const poll = await made(await createPoll(owner.token, { kind: "pack", targetId: pack.id }));
    expect(poll).toMatchObject({ kind: "pack", targetId: pack.id, status: "posting", messageUrl: null, closedAt: null, winnerImageId: null });
    expect(poll.imageIds).toEqual(pack.images.map((i) => i.id));
    expect(poll.tally.map((t) => [t.label, t.total])).toEqual([["A", 0], ["B", 0], ["C", 0]]);
    expect(new Date(poll.closesAt).getTime() - new Date(poll.createdAt).getTime()).toBe(24 * 3600_000);

    const row = await openPoll(poll.id);
    const post = posted.find((p) => p.state.pollId === poll.id);
    expect(post?.channelId).toBe(CHANNEL);
    expect(post?.files.map((f) => f.name)).toEqual(["a.png", "b.png", "c.png"]);
    expect(post?.files.every((f) => f.contentType === "image/png" && f.data.subarray(1, 4).toString() === "PNG")).toBe(true);
    // Asked by the owner's linked member, in the owner's language.
    expect(post?.state).toMatchObject({ askedBy: owner.discordUserId, language: "en", status: "posting" });
    expect(row?.messageId).toBe(post?.messageId);
    // Posted from the web: no member typed /vote.
    expect(row?.postedByDiscordUserId).toBeNull();
    const open = await until(() => heard.find((p) => p.id === poll.id && p.status === "open"), "the open event");
    expect(open.messageUrl).toBe(`https://discord.com/channels/${GUILD}/${CHANNEL}/${post?.messageId}`);
    // Polls cost nothing.
    const credits = await fetch(`${server.url}/api/users/${owner.userId}/credits`, { headers: tokenHeaders(owner.token) });
    expect(((await credits.json()) as { transactions: { reason: string; ref: string }[] }).transactions.some((t) => t.ref === poll.id)).toBe(false);
  });

  it("is idempotent under an Idempotency-Key: one poll, one post job", async () => {
    const first = await made(await createPoll(owner.token, { kind: "images", imageIds: [pack.images[2]!.id, pack.images[0]!.id], hours: 2 }, "poll-key-0001"));
    const again = await createPoll(owner.token, { kind: "images", imageIds: [pack.images[2]!.id, pack.images[0]!.id], hours: 2 }, "poll-key-0001");
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(communityPollResponseSchema.parse(await again.json()).poll.id).toBe(first.id);
    expect(first).toMatchObject({ kind: "images", targetId: null, imageIds: [pack.images[2]!.id, pack.images[0]!.id] });
    const rows = await server.database.db.select().from(communityPolls).where(eq(communityPolls.userId, owner.userId));
    expect(rows.filter((r) => r.imageIds[0] === pack.images[2]!.id)).toHaveLength(1);
    const postJobs = (await server.database.db.select().from(jobs).where(eq(jobs.kind, "community-poll-post"))).filter((j) => (j.payload as { pollId: string }).pollId === first.id);
    expect(postJobs).toHaveLength(1);
    await openPoll(first.id);
  });

  it("attaches an original too big for Discord (over 8 MiB) as its preview", async () => {
    const noise = await sharp({ create: { width: 2200, height: 2200, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } } })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(8 * 1024 * 1024);
    const uploaded = await upload(server, owner.token, noise, "noise.png");
    expect(uploaded.status).toBe(201);
    const big = imageResponseSchema.parse(await uploaded.json()).image;
    const poll = await made(await createPoll(owner.token, { kind: "images", imageIds: [big.id, pack.images[0]!.id] }));
    await openPoll(poll.id);
    const post = posted.find((p) => p.state.pollId === poll.id);
    const [row] = await server.database.db.select().from(images).where(eq(images.id, big.id));
    const preview = await server.services.storage.get(row?.previewKey ?? "");
    expect(post?.files[0]?.data.equals(preview ?? Buffer.alloc(0))).toBe(true);
    expect(post?.files[0]?.name).toBe(`a.${row?.previewKey?.split(".").at(-1)}`);
    expect(post?.files[1]).toMatchObject({ name: "b.png", contentType: "image/png" });
  });

  it("refuses someone else's images, unfinished ones, and a member who has not linked Discord", async () => {
    const stranger = await signInByCode(server, "stranger@example.com");
    // Not linked: told how to link, nothing made.
    const unlinked = await createPoll(stranger.sessionToken, { kind: "pack", targetId: pack.id });
    expect(unlinked.status).toBe(409);
    expect(((await unlinked.json()) as { code: string }).code).toBe("conflict:discord_not_linked");
    const other = await linkedOwner("other@example.com");
    for (const body of [{ kind: "pack", targetId: pack.id }, { kind: "images", imageIds: [pack.images[0]!.id, pack.images[1]!.id] }]) {
      const res = await createPoll(other.token, body);
      expect(res.status).toBe(404);
    }
    const [pending] = await server.database.db.insert(images).values({ userId: owner.userId, kind: "generated", status: "pending" }).returning();
    const notReady = await createPoll(owner.token, { kind: "images", imageIds: [pack.images[0]!.id, pending!.id] });
    expect(notReady.status).toBe(422);
    expect(((await notReady.json()) as { code: string }).code).toBe("unprocessable:community_poll_images");
    const twice = await createPoll(owner.token, { kind: "images", imageIds: [pack.images[0]!.id, pack.images[0]!.id] });
    expect(twice.status).toBe(422);
    expect((await createPoll(owner.token, { kind: "images", imageIds: [pack.images[0]!.id] })).status).toBe(400);
    expect((await createPoll(owner.token, { kind: "pack", targetId: pack.id, hours: 169 })).status).toBe(400);
    expect((await list(stranger.sessionToken, `kind=pack&targetId=${pack.id}`)).cannotPostReason).toBe("not_linked");
  });

  it("answers 503 where no feedback channel is set up, and the list says so", async () => {
    const unconfigured = pollServiceWith({ feedbackChannelId: undefined, limits: { post: 5, postWindowMs: 60_000, serverPost: 50, memberVote: 5, serverVote: 5 } });
    expect(await codeOf(unconfigured.create(owner.userId, { kind: "pack", targetId: pack.id }))).toBe("unavailable:discord_feedback");
    expect(await unconfigured.list(owner.userId, { kind: "pack", targetId: pack.id })).toMatchObject({ canPost: false, cannotPostReason: "not_configured" });
  });

  it("limits polls per account (429 rate_limited:community-poll), making nothing past it", async () => {
    const poster = await linkedOwner("limited@example.com");
    const ids: string[] = [];
    for (const size of [320, 360]) {
      const res = await upload(server, poster.token, await testPhoto(size, 180));
      ids.push(imageResponseSchema.parse(await res.json()).image.id);
    }
    const once = pollServiceWith({ limits: { post: 1, postWindowMs: 3600_000, serverPost: 50, memberVote: 5, serverVote: 5 } });
    await once.create(poster.userId, { kind: "images", imageIds: ids });
    expect(await codeOf(once.create(poster.userId, { kind: "images", imageIds: [ids[1]!, ids[0]!] }))).toBe("rate_limited:community-poll");
    expect(await server.database.db.select().from(communityPolls).where(eq(communityPolls.userId, poster.userId))).toHaveLength(1);
  });

  it("fails the poll, live, when Discord refuses the post", async () => {
    refuse = true;
    try {
      const poll = await made(await createPoll(owner.token, { kind: "images", imageIds: [pack.images[0]!.id, pack.images[1]!.id] }));
      const failed = await until(() => heard.find((p) => p.id === poll.id && p.status === "failed"), "the failed event");
      expect(failed.messageUrl).toBeNull();
      expect((await pollRow(poll.id))?.status).toBe("failed");
    } finally {
      refuse = false;
    }
  });

  it("lists a pack's polls and an image's, newest first, with whether the user can post", async () => {
    const byPack = await list(owner.token, `kind=pack&targetId=${pack.id}`);
    expect(byPack).toMatchObject({ canPost: true, cannotPostReason: null });
    expect(byPack.polls.every((p) => p.kind === "pack" && p.targetId === pack.id)).toBe(true);
    const byImage = await list(owner.token, `imageId=${pack.images[2]!.id}`);
    expect(byImage.polls.some((p) => p.kind === "images")).toBe(true);
    expect(byImage.polls.some((p) => p.kind === "pack")).toBe(true);
    const times = byImage.polls.map((p) => p.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect((await fetch(`${server.url}/api/community-polls?kind=pack`, { headers: tokenHeaders(owner.token) })).status).toBe(400);
    const other = await signInByCode(server, "lister@example.com");
    expect((await list(other.sessionToken, `imageId=${pack.images[2]!.id}`)).polls).toEqual([]);
  });
});

describe("votes", () => {
  let poll: CommunityPoll;
  beforeAll(async () => {
    const second = await readyPack(owner.token, '"Vote on me" a dog');
    poll = await made(await createPoll(owner.token, { kind: "pack", targetId: second.id }));
    await openPoll(poll.id);
  }, 60_000);

  it("counts one vote per member, which they may change; a member need not be linked", async () => {
    await press(poll.id, "A", "400000000000000001");
    await press(poll.id, "A", "400000000000000002");
    const changed = await press(poll.id, "B", "400000000000000001");
    expect(changed.state.choices).toEqual([{ label: "A", total: 1 }, { label: "B", total: 1 }, { label: "C", total: 0 }]);
    const votes = await server.database.db.select().from(shareVotes).where(eq(shareVotes.voterKey, discordVoterKeyOf("400000000000000001")));
    expect(votes).toHaveLength(1);
    expect(votes[0]).toMatchObject({ source: "discord", imageId: poll.imageIds[1] });
    const live = await until(() => heard.findLast((p) => p.id === poll.id && p.tally[1]?.discord === 1 && p.tally[0]?.discord === 1), "the vote's event");
    expect(live.status).toBe("open");
    // The member's id is kept only as a hash.
    const raw = JSON.stringify(await server.database.db.select().from(shareVotes));
    expect(raw).not.toContain("400000000000000001");
  });

  it("adds the share page's votes on the same images to Discord's in one tally, each source shown; the share dialog shows both", async () => {
    const share = createShareResponseSchema.parse(
      await (
        await fetch(`${server.url}/api/shares`, { method: "POST", headers: { "content-type": "application/json", ...tokenHeaders(owner.token) }, body: JSON.stringify({ kind: "pack", targetId: poll.targetId }) })
      ).json(),
    );
    const token = share.path.slice("/s/".length);
    const voted = await fetch(`${server.url}/api/s/${token}/vote`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ imageId: poll.imageIds[1] }) });
    expect(voted.status).toBe(200);
    const [listed] = (await list(owner.token, `kind=pack&targetId=${poll.targetId}`)).polls;
    expect(listed?.tally).toEqual([
      { imageId: poll.imageIds[0], label: "A", web: 0, discord: 1, total: 1 },
      { imageId: poll.imageIds[1], label: "B", web: 1, discord: 1, total: 2 },
      { imageId: poll.imageIds[2], label: "C", web: 0, discord: 0, total: 0 },
    ]);
    // The page's vote reached the poll's owner live too.
    await until(() => heard.findLast((p) => p.id === poll.id && p.tally[1]?.web === 1), "the web vote's poll event");
    const shares = shareListResponseSchema.parse(await (await fetch(`${server.url}/api/shares?kind=pack&targetId=${poll.targetId}`, { headers: tokenHeaders(owner.token) })).json()).shares;
    // The poll's hidden link is not one of the owner's links; the dialog's Discord column counts the poll's votes.
    expect(shares).toHaveLength(1);
    expect(shares[0]?.tally.map((t) => [t.label, t.web, t.discord])).toEqual([["A", 0, 1], ["B", 1, 1], ["C", 0, 0]]);
    const hidden = await server.database.db.select().from(shareLinks).where(eq(shareLinks.purpose, "poll"));
    expect(hidden.length).toBeGreaterThan(0);
  });

  it("limits votes per member (429 rate_limited:poll-vote-member) and refuses another server's press", async () => {
    const member = "400000000000000009";
    for (let i = 0; i < VOTES_PER_MEMBER; i++) await press(poll.id, i % 2 === 0 ? "A" : "C", member);
    expect(await codeOf(press(poll.id, "B", member))).toBe("rate_limited:poll-vote-member");
    expect(await codeOf(press(poll.id, "A", "400000000000000010", "999999999999999999"))).toBe("not_found:community_poll");
    expect(await codeOf(press(poll.id, "D", "400000000000000010"))).toBe("not_found:community_poll");
  });

  it("limits votes per server (429 rate_limited:poll-vote-server)", async () => {
    const otherGuild = "555555555555555555";
    const small = pollServiceWith({ guildId: otherGuild, limits: { post: 50, postWindowMs: 60_000, serverPost: 50, memberVote: 50, serverVote: 2 } });
    const there = await small.create(owner.userId, { kind: "images", imageIds: [pack.images[0]!.id, pack.images[1]!.id] });
    await openPoll(there.id);
    await small.vote({ pollId: there.id, label: "A", discordUserId: "410000000000000001", guildId: otherGuild });
    await small.vote({ pollId: there.id, label: "A", discordUserId: "410000000000000002", guildId: otherGuild });
    expect(await codeOf(small.vote({ pollId: there.id, label: "B", discordUserId: "410000000000000003", guildId: otherGuild }))).toBe("rate_limited:poll-vote-server");
  });

  itOnPostgres("two presses of one member at once count once", async () => {
    const member = "420000000000000001";
    await Promise.all([press(poll.id, "A", member), press(poll.id, "C", member)]);
    const rows = await server.database.db.select().from(shareVotes).where(eq(shareVotes.voterKey, discordVoterKeyOf(member)));
    expect(rows).toHaveLength(1);
  });

  it("closes early for its owner only: the bot's close job changes the message, and later presses are refused", async () => {
    const stranger = await signInByCode(server, "closer@example.com");
    const close = (token: string) => fetch(`${server.url}/api/community-polls/${poll.id}/close`, { method: "POST", headers: tokenHeaders(token) });
    expect((await close(stranger.sessionToken)).status).toBe(404);
    expect((await fetch(`${server.url}/api/community-polls/not-a-uuid/close`, { method: "POST", headers: tokenHeaders(owner.token) })).status).toBe(404);
    const before = (await list(owner.token, `kind=pack&targetId=${poll.targetId}`)).polls[0]!;
    const res = await close(owner.token);
    expect(res.status).toBe(200);
    const closed = communityPollResponseSchema.parse(await res.json()).poll;
    expect(closed.status).toBe("closed");
    expect(closed.closedAt).not.toBeNull();
    const top = Math.max(...before.tally.map((t) => t.total));
    const leaders = before.tally.filter((t) => t.total === top);
    expect(closed.winnerImageId).toBe(leaders.length === 1 ? leaders[0]!.imageId : null);
    const edit = await until(() => edited.find((e) => e.state.pollId === poll.id), "the message's edit");
    expect(edit.state.status).toBe("closed");
    expect(edit.messageId).toBe((await pollRow(poll.id))?.messageId);
    expect(await codeOf(press(poll.id, "A", "430000000000000001"))).toBe("conflict:community_poll_closed");
    // Closing again answers the poll as it is.
    expect(communityPollResponseSchema.parse(await (await close(owner.token)).json()).poll.closedAt).toBe(closed.closedAt);
  });
});

describe("a press racing the closing", () => {
  itOnPostgres("is refused once the closing commits, so the result counts every vote it holds", async () => {
    const poll = await made(await createPoll(owner.token, { kind: "images", imageIds: [pack.images[0]!.id, pack.images[1]!.id] }));
    await openPoll(poll.id);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const closingLocked = new Promise<void>((resolve) => (locked = resolve));
    // The owner's close, held open after its UPDATE (the row locked) until the press is waiting on it.
    const closing = withTransaction(server.database.db, async (tx) => {
      await tx.update(communityPolls).set({ status: "closed", closedAt: new Date() }).where(eq(communityPolls.id, poll.id));
      locked();
      await held;
    });
    await closingLocked;
    const member = "450000000000000001";
    const voting = codeOf(press(poll.id, "A", member));
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await closing;
    expect(await voting).toBe("conflict:community_poll_closed");
    expect(await server.database.db.select().from(shareVotes).where(eq(shareVotes.voterKey, discordVoterKeyOf(member)))).toEqual([]);
  });
});

describe("closing on time", () => {
  it("the bot's sweep closes a poll once its hours are up, with its result, and the message shows it", async () => {
    const poll = await made(await createPoll(owner.token, { kind: "pack", targetId: pack.id, hours: 1 }));
    await openPoll(poll.id);
    await press(poll.id, "C", "440000000000000001");
    await press(poll.id, "C", "440000000000000002");
    await press(poll.id, "A", "440000000000000003");
    // A vote after the time is up is refused even before the sweep runs.
    offsetMs += 3600_000;
    expect(await codeOf(press(poll.id, "B", "440000000000000004"))).toBe("conflict:community_poll_closed");
    const closed = await until(() => heard.find((p) => p.id === poll.id && p.status === "closed"), "the sweep");
    expect(closed.winnerImageId).toBe(poll.imageIds[2]);
    expect(closed.closedAt).toBe(poll.closesAt);
    const edit = await until(() => edited.find((e) => e.state.pollId === poll.id), "the message's edit");
    expect(edit.state).toMatchObject({ status: "closed", winnerLabel: "C" });
    // Closed once, however often the sweep runs.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(edited.filter((e) => e.state.pollId === poll.id)).toHaveLength(1);
  });
});

/** A share link of the owner's on this pack, and a vote on its page from one browser. */
async function sharePage(targetId: string) {
  const share = createShareResponseSchema.parse(
    await (await fetch(`${server.url}/api/shares`, { method: "POST", headers: { "content-type": "application/json", ...tokenHeaders(owner.token) }, body: JSON.stringify({ kind: "pack", targetId }) })).json(),
  );
  const token = share.path.slice("/s/".length);
  return (imageId: string, voter: string) => server.services.shares.vote(token, imageId, voter, "203.0.113.7");
}

describe("a closed poll's result", () => {
  it("stays as it closed: share-page votes after the closing change neither its tally nor its winner", async () => {
    const fresh = await readyPack(owner.token, '"Frozen" a bird');
    const poll = await made(await createPoll(owner.token, { kind: "images", imageIds: [fresh.images[0]!.id, fresh.images[1]!.id] }));
    await openPoll(poll.id);
    await press(poll.id, "A", "460000000000000001");
    const closed = await server.services.communityPolls.close(owner.userId, poll.id);
    expect(closed.winnerImageId).toBe(poll.imageIds[0]);
    const atClose = closed.tally.map((t) => [t.label, t.web, t.discord, t.total]);
    expect(atClose).toEqual([["A", 0, 1, 1], ["B", 0, 0, 0]]);
    const vote = await sharePage(fresh.id);
    await vote(poll.imageIds[1]!, "frozen-voter-1");
    await vote(poll.imageIds[1]!, "frozen-voter-2");
    const read = await server.services.communityPolls.read(owner.userId, poll.id);
    expect(read.tally.map((t) => [t.label, t.web, t.discord, t.total])).toEqual(atClose);
    expect(read.winnerImageId).toBe(poll.imageIds[0]);
    // What the message says once closed is that same result.
    const edit = await until(() => edited.find((e) => e.state.pollId === poll.id), "the closing edit");
    expect(edit.state).toMatchObject({ status: "closed", winnerLabel: "A", choices: [{ label: "A", total: 1 }, { label: "B", total: 0 }] });
  });
});

describe("a press and a closing one after the other", () => {
  it("answers the poll as it is after the vote: a closing that came right after it is drawn closed, never open again", async () => {
    const poll = await made(await createPoll(owner.token, { kind: "images", imageIds: [pack.images[0]!.id, pack.images[1]!.id] }));
    await openPoll(poll.id);
    let afterCommit: (() => Promise<unknown>) | undefined;
    // The vote's transaction commits, then the owner's close lands before the vote reads the poll again.
    const db = new Proxy(server.database.db, {
      get(target, key, receiver) {
        if (key !== "transaction") return Reflect.get(target, key, receiver) as unknown;
        return async (fn: Parameters<typeof target.transaction>[0]) => {
          const result = await target.transaction(fn);
          const hook = afterCommit;
          afterCommit = undefined;
          await hook?.();
          return result;
        };
      },
    });
    const racing = pollServiceWith({ db, limits: { post: 50, postWindowMs: 60_000, serverPost: 50, memberVote: 50, serverVote: 500 }, clock: () => Date.now() + offsetMs });
    const heardBefore = heard.length;
    afterCommit = () => server.services.communityPolls.close(owner.userId, poll.id);
    const { state } = await racing.vote({ pollId: poll.id, label: "B", discordUserId: "470000000000000001", guildId: GUILD });
    expect(state).toMatchObject({ status: "closed", winnerLabel: "B", choices: [{ label: "A", total: 0 }, { label: "B", total: 1 }] });
    const told = heard.slice(heardBefore).filter((p) => p.id === poll.id);
    expect(told.at(-1)?.status).toBe("closed");
  });
});

describe("a closing edit Discord refused", () => {
  it("is queued again by a later sweep until the message shows the poll closed, a few times at most", async () => {
    const retried = await made(await createPoll(owner.token, { kind: "images", imageIds: [pack.images[0]!.id, pack.images[2]!.id] }));
    const given = await made(await createPoll(owner.token, { kind: "images", imageIds: [pack.images[1]!.id, pack.images[2]!.id] }));
    await openPoll(retried.id);
    await openPoll(given.id);
    failEdits.set(retried.id, 1);
    failEdits.set(given.id, 100);
    await server.services.communityPolls.close(owner.userId, retried.id);
    await server.services.communityPolls.close(owner.userId, given.id);
    await until(async () => ((await pollRow(retried.id))?.closeEdits === 1 && failEdits.get(retried.id) === 0 ? true : undefined), "the refused edit");
    await until(async () => (failEdits.get(given.id) === 99 ? true : undefined), "the other refused edit");
    expect((await pollRow(retried.id))?.closedDrawnAt).toBeNull();
    // Past the retry's wait, the sweep queues the edit again; this time Discord takes it.
    for (let round = 0; round < 4; round++) {
      offsetMs += 3 * 60_000;
      await until(async () => ((await pollRow(given.id))?.closeEdits === Math.min(round + 2, 3) && failEdits.get(given.id) === 100 - Math.min(round + 2, 3) ? true : undefined), "the retry");
    }
    const drawn = await until(() => edited.find((e) => e.state.pollId === retried.id), "the retried edit");
    expect(drawn.state.status).toBe("closed");
    expect((await pollRow(retried.id))?.closedDrawnAt).not.toBeNull();
    expect((await pollRow(retried.id))?.closeEdits).toBe(2);
    // Three edits at most for a message Discord keeps refusing: the sweep then leaves it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await pollRow(given.id))?.closeEdits).toBe(3);
    expect(failEdits.get(given.id)).toBe(97);
    failEdits.delete(given.id);
  });
});

describe("a poll whose time passed before it was posted", () => {
  it("is closed without a message, its owner told, and never posted late", async () => {
    // Made an hour and a half ago for one hour: its post job finds its time gone.
    const late = pollServiceWith({ limits: { post: 50, postWindowMs: 60_000, serverPost: 50, memberVote: 5, serverVote: 5 }, clock: () => Date.now() + offsetMs - 90 * 60_000 });
    const poll = await late.create(owner.userId, { kind: "images", imageIds: [pack.images[0]!.id, pack.images[1]!.id], hours: 1 });
    const closed = await until(() => heard.find((p) => p.id === poll.id && p.status === "closed"), "the closing");
    expect(closed).toMatchObject({ messageUrl: null, closedAt: poll.closesAt });
    const row = await pollRow(poll.id);
    expect(row).toMatchObject({ status: "closed", messageId: null });
    expect(row?.finalTally).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(posted.some((p) => p.state.pollId === poll.id)).toBe(false);
    expect(edited.some((e) => e.state.pollId === poll.id)).toBe(false);
  });
});

describe("the server's limit on posts", () => {
  it("refuses more polls in the feedback channel than the server's rule allows, whoever posts them (429 rate_limited:community-poll-server)", async () => {
    const otherGuild = "666666666666666666";
    const busy = pollServiceWith({ guildId: otherGuild, limits: { post: 50, postWindowMs: 60_000, serverPost: 1, memberVote: 5, serverVote: 5 } });
    const second = await linkedOwner("second-poster@example.com");
    const ids: string[] = [];
    for (const size of [300, 340]) ids.push(imageResponseSchema.parse(await (await upload(server, second.token, await testPhoto(size, 180))).json()).image.id);
    await busy.create(owner.userId, { kind: "images", imageIds: [pack.images[0]!.id, pack.images[1]!.id] });
    expect(await codeOf(busy.create(second.userId, { kind: "images", imageIds: ids }))).toBe("rate_limited:community-poll-server");
    expect(await server.database.db.select().from(communityPolls).where(eq(communityPolls.userId, second.userId))).toHaveLength(0);
  });
});

describe("a changed share-page vote", () => {
  it("tells the owner's open polls showing the previous choice too", async () => {
    const fresh = await readyPack(owner.token, '"Changed" a horse');
    const poll = await made(await createPoll(owner.token, { kind: "images", imageIds: [fresh.images[0]!.id, fresh.images[1]!.id] }));
    await openPoll(poll.id);
    const vote = await sharePage(fresh.id);
    await vote(fresh.images[0]!.id, "changing-voter");
    await until(() => heard.find((p) => p.id === poll.id && p.tally[0]?.web === 1), "the first vote's event");
    const before = heard.length;
    // From A to the pack's C, which this poll does not show: its A lost a vote.
    await vote(fresh.images[2]!.id, "changing-voter");
    const told = await until(() => heard.slice(before).find((p) => p.id === poll.id), "the changed vote's event");
    expect(told.tally.map((t) => t.web)).toEqual([0, 0]);
  });
});

describe("the message's counts", () => {
  it("count Discord's votes while the poll is open, and the result's, both sources, once closed", async () => {
    const fresh = await readyPack(owner.token, '"Counted" a fish');
    const poll = await made(await createPoll(owner.token, { kind: "images", imageIds: [fresh.images[0]!.id, fresh.images[1]!.id] }));
    await openPoll(poll.id);
    const vote = await sharePage(fresh.id);
    await vote(poll.imageIds[1]!, "counted-voter-1");
    await vote(poll.imageIds[1]!, "counted-voter-2");
    const { state } = await press(poll.id, "A", "480000000000000001");
    // The share page's votes never redraw the message, so its buttons show only what a press redraws.
    expect(state.choices).toEqual([{ label: "A", total: 1 }, { label: "B", total: 0 }]);
    await server.services.communityPolls.close(owner.userId, poll.id);
    const edit = await until(() => edited.find((e) => e.state.pollId === poll.id), "the closing edit");
    expect(edit.state).toMatchObject({ winnerLabel: "B", choices: [{ label: "A", total: 1 }, { label: "B", total: 2 }] });
  });
});

describe("an image gone before its poll was posted", () => {
  it("fails the poll instead of posting it", async () => {
    await bot.stop();
    let poll: CommunityPoll;
    try {
      poll = await made(await createPoll(owner.token, { kind: "images", imageIds: [pack.images[0]!.id, pack.images[2]!.id] }));
      await server.database.db.update(images).set({ expiresAt: new Date(Date.now() + offsetMs - 1000) }).where(eq(images.id, pack.images[2]!.id));
    } finally {
      await bot.start();
    }
    try {
      await until(async () => ((await pollRow(poll.id))?.status === "failed" ? true : undefined), "the poll to fail");
      expect(posted.some((p) => p.state.pollId === poll.id)).toBe(false);
    } finally {
      await server.database.db.update(images).set({ expiresAt: null }).where(eq(images.id, pack.images[2]!.id));
    }
  });
});
