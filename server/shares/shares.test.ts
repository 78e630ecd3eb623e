import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { eq, inArray } from "drizzle-orm";
import { pino } from "pino";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Pack, packResponseSchema } from "../../contract/images.ts";
import {
  createShareResponseSchema,
  publicShareResponseSchema,
  type Share,
  shareListResponseSchema,
  shareResponseSchema,
} from "../../contract/shares.ts";
import { comparisons } from "../../db/schema/comparisons.ts";
import { images } from "../../db/schema/images.ts";
import { shareLinks, shareVotes } from "../../db/schema/share-links.ts";
import { endEarlyBird, openSocket, settled, tokenHeaders } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

const VOTES_PER_HOUR = 14;
let server: TestServer;
let offsetMs = 0;
let owner: { token: string; userId: string; email: string };
let pack: Pack;
let otherPack: Pack;
const heard: unknown[] = [];
/** Every line the server logs, as written. */
const logged: string[] = [];
/** Every share token this file made or used: none may reach the log. */
const tokensSeen = new Set<string>();

/** The web app's shell as the build writes it: its own title, description and Open Graph/Twitter tags. */
function shellWithCardsWebDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "tf-web-shell-"));
  writeFileSync(
    join(dir, "index.html"),
    '<!doctype html><html lang="en"><head><title>Thumbforge</title><meta name="description" content="site"><meta property="og:title" content="site"><meta property="og:image" content="/og.png"><meta name="twitter:card" content="summary_large_image"></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

async function readyPack(token: string, prompt: string): Promise<Pack> {
  const res = await fetch(`${server.url}/api/generate-pack`, {
    method: "POST",
    headers: { "content-type": "application/json", ...tokenHeaders(token) },
    body: JSON.stringify({ prompt, style: "cartoon", seed: 7 }),
  });
  expect(res.status).toBe(202);
  const made = packResponseSchema.parse(await res.json()).pack;
  const done = await Promise.all(made.images.map((image) => settled(server, token, image.id)));
  expect(done.map((i) => i.status)).toEqual(["ready", "ready", "ready"]);
  return { id: made.id, images: done };
}

function createShare(token: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}/api/shares`, { method: "POST", headers: { "content-type": "application/json", ...tokenHeaders(token) }, body: JSON.stringify(body) });
}

async function made(res: Response): Promise<{ share: Share; token: string; path: string }> {
  expect(res.status).toBe(201);
  const body = createShareResponseSchema.parse(await res.json());
  tokensSeen.add(body.path.slice("/s/".length));
  return { ...body, token: body.path.slice("/s/".length) };
}

function vote(token: string, imageId: string, cookie?: string, forwardedFor?: string): Promise<Response> {
  return fetch(`${server.url}/api/s/${token}/vote`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}), ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) },
    body: JSON.stringify({ imageId }),
  });
}

/** Everything of the account a visitor must never see. */
function expectNoLeak(text: string) {
  expect(text).not.toContain(owner.email);
  expect(text).not.toContain(owner.userId);
  expect(text).not.toContain("personas/");
  expect(text).not.toContain("images/" + owner.userId);
  expect(text).not.toContain("Mystery");
  for (const image of otherPack.images) expect(text).not.toContain(image.id);
  expect(text).not.toContain(otherPack.id);
}

beforeAll(async () => {
  server = await startTestServer({
    // One proxy in front, so a test can vote from IPv6 addresses (X-Forwarded-For); without the header it is 127.0.0.1.
    env: { FREE_SIGNUP_CREDITS: "10", SHARE_VOTES_PER_IP_PER_HOUR: String(VOTES_PER_HOUR), TRUST_PROXY: "1" },
    deps: {
      webDir: shellWithCardsWebDir(),
      clock: () => Date.now() + offsetMs,
      logger: pino(
        { level: "info" },
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            logged.push(chunk.toString("utf8"));
            done();
          },
        }),
      ),
    },
  });
  await endEarlyBird(server);
  const signed = await signInByCode(server, "sharer@example.com");
  owner = { token: signed.sessionToken, userId: signed.user.id, email: "sharer@example.com" };
  pack = await readyPack(owner.token, '"Mystery of the lost city" secret prompt');
  otherPack = await readyPack(owner.token, '"Another video" other prompt');
  server.services.realtime.listen((message) => {
    if (message.type === "event" && message.event === "share:votes") heard.push(message.payload);
  });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe("share links", () => {
  let link: { share: Share; token: string; path: string };

  it("makes an unguessable link whose token is kept only as its SHA-256", async () => {
    link = await made(await createShare(owner.token, { kind: "pack", targetId: pack.id, expiry: "7d" }));
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.share).toMatchObject({ kind: "pack", targetId: pack.id, status: "active", revokedAt: null });
    expect(link.share.tally.map((row) => row.label)).toEqual(["A", "B", "C"]);
    const rows = await server.database.db.select().from(shareLinks).where(eq(shareLinks.id, link.share.id));
    expect(rows[0]?.tokenHash).toBe(createHash("sha256").update(link.token).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(link.token);
    // Seven days from now, give or take the request.
    expect(new Date(link.share.expiresAt ?? 0).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
  });

  it("refuses to share what is not the user's, or is not there", async () => {
    const stranger = await signInByCode(server, "stranger@example.com");
    const res = await createShare(stranger.sessionToken, { kind: "pack", targetId: pack.id });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "not_found:share_target" });
    expect((await createShare(owner.token, { kind: "comparison", targetId: pack.id })).status).toBe(404);
    expect((await createShare(owner.token, { kind: "album", targetId: pack.id })).status).toBe(400);
    const list = await fetch(`${server.url}/api/shares?kind=pack&targetId=${pack.id}`, { headers: tokenHeaders(stranger.sessionToken) });
    expect(shareListResponseSchema.parse(await list.json()).shares).toEqual([]);
    const revoke = await fetch(`${server.url}/api/shares/${link.share.id}/revoke`, { method: "POST", headers: tokenHeaders(stranger.sessionToken) });
    expect(revoke.status).toBe(404);
  });

  it("serves the page signed out with its Open Graph and Twitter card, noindex, in the visitor's language, and nothing else of the account", async () => {
    const res = await fetch(`${server.url}${link.path}`, { headers: { "accept-language": "de-DE,de;q=0.9" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain(`<meta property="og:image" content="/s/${link.token}/images/${pack.images[0]?.id}/original">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<meta property="og:title" content="Welches Thumbnail würdest du anklicken? Stimme für A, B oder C">');
    expect(html).toContain('<html lang="de"');
    // The shell's own title and cards (the build's) are replaced, not added to.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/property="og:image"/g)).toHaveLength(1);
    expect(html.match(/name="twitter:card"/g)).toHaveLength(1);
    expect(html).not.toContain("/og.png");
    expectNoLeak(html);
  });

  it("answers the page's data and its images under the share's own path, uncached", async () => {
    const res = await fetch(`${server.url}/api/s/${link.token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const text = await res.text();
    expectNoLeak(text);
    const page = publicShareResponseSchema.parse(JSON.parse(text));
    expect(page).toMatchObject({ kind: "pack", voting: true, myVote: null });
    expect(page.images.map((i) => [i.id, i.label])).toEqual(pack.images.map((i, n) => [i.id, "ABC"[n]]));
    for (const image of page.images) {
      for (const url of [image.urls.preview, image.urls.original]) {
        const bytes = await fetch(`${server.url}${url}`);
        expect(bytes.status).toBe(200);
        expect(bytes.headers.get("content-type")).toMatch(/^image\//);
        expect(bytes.headers.get("cache-control")).toBe("private, no-store");
        expect((await bytes.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      }
    }
    // Another image of the owner's is not reachable through this link.
    expect((await fetch(`${server.url}/s/${link.token}/images/${otherPack.images[0]?.id}/original`)).status).toBe(404);
    expect((await fetch(`${server.url}/s/${link.token}/images/${pack.images[0]?.id}/thumb`)).status).toBe(404);
  });

  it("takes one vote per browser (a second changes it), tallies per source and tells the owner at once", async () => {
    const [a, b, c] = pack.images.map((i) => i.id) as [string, string, string];
    const second = await signInByCode(server, "second-user@example.com");
    const sockets: Socket[] = [await openSocket(server, owner.token), await openSocket(server, second.sessionToken)];
    const [ownerSocket, secondSocket] = sockets as [Socket, Socket];
    const secondHeard: unknown[] = [];
    secondSocket.on("share:votes", (payload: unknown) => secondHeard.push(payload));
    const ownerHears = new Promise((resolve) => ownerSocket.once("share:votes", resolve));
    const first = await vote(link.token, a);
    expect(first.status).toBe(200);
    const setCookie = first.headers.getSetCookie().find((v) => v.startsWith("share_voter="));
    expect(setCookie).toContain(`Path=/api/s/${link.token}`);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    const cookie = setCookie?.split(";")[0] ?? "";
    const mine = publicShareResponseSchema.parse(await (await fetch(`${server.url}/api/s/${link.token}`, { headers: { cookie } })).json());
    expect(mine.myVote).toBe(a);
    expect(await ownerHears).toMatchObject({ shareId: link.share.id, targetId: pack.id });
    // A marker sent to the second user after the vote: it arrives after anything sent to them before it, so hearing
    // only the marker proves the vote's tally never reached them.
    const marker = { shareId: "marker", targetId: "marker", tally: [] };
    const secondHearsMarker = new Promise((resolve) => secondSocket.once("share:votes", resolve));
    server.services.realtime.toUser(second.user.id, "share:votes", marker);
    await secondHearsMarker;
    expect(secondHeard).toEqual([marker]);
    for (const socket of sockets) socket.disconnect();

    // The same browser votes again: its vote moves, it is not added.
    expect((await vote(link.token, b, cookie)).status).toBe(200);
    // Another browser.
    expect((await vote(link.token, c)).status).toBe(200);
    const stored = await server.database.db.select().from(shareVotes).where(eq(shareVotes.shareId, link.share.id));
    expect(stored).toHaveLength(2);

    // A Discord vote (the bot's later) adds up in the same tally, shown per source.
    await server.database.db.insert(shareVotes).values({ shareId: link.share.id, imageId: b, source: "discord", voterKey: "discord-member-1" });
    const list = shareListResponseSchema.parse(await (await fetch(`${server.url}/api/shares?kind=pack&targetId=${pack.id}`, { headers: tokenHeaders(owner.token) })).json());
    expect(list.shares[0]?.tally).toEqual([
      { imageId: a, label: "A", web: 0, discord: 0, total: 0 },
      { imageId: b, label: "B", web: 1, discord: 1, total: 2 },
      { imageId: c, label: "C", web: 1, discord: 0, total: 1 },
    ]);
    expect(heard.at(-1)).toEqual({
      shareId: link.share.id,
      targetId: pack.id,
      tally: [
        { imageId: a, label: "A", web: 0, discord: 0, total: 0 },
        { imageId: b, label: "B", web: 1, discord: 0, total: 1 },
        { imageId: c, label: "C", web: 1, discord: 0, total: 1 },
      ],
    });
  });

  it("refuses a vote for an image that is not one of the page's choices, and votes on a single image", async () => {
    const res = await vote(link.token, otherPack.images[0]?.id ?? "");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "invalid:share_vote" });
    const single = await made(await createShare(owner.token, { kind: "image", targetId: pack.images[0]?.id }));
    const page = publicShareResponseSchema.parse(await (await fetch(`${server.url}/api/s/${single.token}`)).json());
    expect(page).toMatchObject({ kind: "image", voting: false });
    expect(page.images).toHaveLength(1);
    expect((await vote(single.token, pack.images[0]?.id ?? "")).status).toBe(400);
  });

  it("shares a comparison's images, read by its id and owner", async () => {
    const [comparison] = await server.database.db.insert(comparisons).values({ userId: owner.userId, prompt: "p" }).returning();
    const ids = otherPack.images.slice(0, 2).map((i) => i.id);
    await server.database.db.update(images).set({ comparisonId: comparison?.id }).where(inArray(images.id, ids));
    const compared = await made(await createShare(owner.token, { kind: "comparison", targetId: comparison?.id }));
    const page = publicShareResponseSchema.parse(await (await fetch(`${server.url}/api/s/${compared.token}`)).json());
    expect(page).toMatchObject({ kind: "comparison", voting: true });
    expect(page.images.map((i) => i.label)).toEqual(["A", "B"]);
    expect(page.images.map((i) => i.id).sort()).toEqual([...ids].sort());
  });

  it("stops working past its expiry", async () => {
    const brief = await made(await createShare(owner.token, { kind: "pack", targetId: pack.id, expiry: "1d" }));
    const forGood = await made(await createShare(owner.token, { kind: "pack", targetId: pack.id, expiry: "never" }));
    expect(forGood.share.expiresAt).toBeNull();
    expect((await fetch(`${server.url}/api/s/${brief.token}`)).status).toBe(200);
    offsetMs = 86_400_000 + 60_000;
    try {
      expect((await fetch(`${server.url}/api/s/${brief.token}`)).status).toBe(404);
      expect((await fetch(`${server.url}${brief.path}`)).status).toBe(404);
      expect((await fetch(`${server.url}/s/${brief.token}/images/${pack.images[0]?.id}/preview`)).status).toBe(404);
      const list = shareListResponseSchema.parse(await (await fetch(`${server.url}/api/shares?kind=pack&targetId=${pack.id}`, { headers: tokenHeaders(owner.token) })).json());
      expect(list.shares.find((s) => s.id === brief.share.id)?.status).toBe("expired");
      // The link made for good still works.
      expect((await fetch(`${server.url}/api/s/${forGood.token}`)).status).toBe(200);
      expect((await fetch(`${server.url}${forGood.path}`)).status).toBe(200);
      expect((await fetch(`${server.url}/s/${forGood.token}/images/${pack.images[0]?.id}/preview`)).status).toBe(200);
    } finally {
      offsetMs = 0;
    }
  });

  it("answers a malformed or unknown token like a revoked one", async () => {
    for (const token of ["short", "A".repeat(43)]) {
      expect((await fetch(`${server.url}/api/s/${token}`)).status).toBe(404);
      const page = await fetch(`${server.url}/s/${token}`);
      expect(page.status).toBe(404);
      expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      expect(await page.text()).not.toContain("og:image");
    }
    // The errors of the data and image paths are as private and unindexed as their answers.
    for (const url of [`/api/s/${"A".repeat(43)}`, `/api/s/short/vote`, `/s/${"A".repeat(43)}/images/${pack.images[0]?.id}/preview`]) {
      const res = await fetch(`${server.url}${url}`, url.endsWith("/vote") ? { method: "POST", headers: { "content-type": "application/json" }, body: "{}" } : {});
      expect(res.status).toBe(404);
      expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("gives the browser its voter id with the page's data, so two votes sent at once count as one voter's", async () => {
    const [a, b] = pack.images.map((i) => i.id) as [string, string];
    const data = await fetch(`${server.url}/api/s/${link.token}`);
    const setCookie = data.headers.getSetCookie().find((v) => v.startsWith("share_voter="));
    expect(setCookie).toContain(`Path=/api/s/${link.token}`);
    expect(setCookie).toContain("HttpOnly");
    const cookie = setCookie?.split(";")[0] ?? "";
    const before = await server.database.db.select().from(shareVotes).where(eq(shareVotes.shareId, link.share.id));
    const answers = await Promise.all([vote(link.token, a, cookie), vote(link.token, b, cookie)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    // The votes carried the cookie, so neither answer gives another voter id.
    expect(answers.flatMap((r) => r.headers.getSetCookie())).toEqual([]);
    const after = await server.database.db.select().from(shareVotes).where(eq(shareVotes.shareId, link.share.id));
    expect(after).toHaveLength(before.length + 1);
  });

  it("leaves a pack's failed or deleted image out of the page: not shown, no image URL, no vote", async () => {
    const [a, failed, gone] = otherPack.images.map((i) => i.id) as [string, string, string];
    const shared = await made(await createShare(owner.token, { kind: "pack", targetId: otherPack.id }));
    await server.database.db.update(images).set({ status: "failed" }).where(eq(images.id, failed));
    const page = publicShareResponseSchema.parse(await (await fetch(`${server.url}/api/s/${shared.token}`)).json());
    expect(page.images.map((i) => [i.id, i.label])).toEqual([
      [a, "A"],
      [gone, "C"],
    ]);
    expect(page.voting).toBe(true);
    expect((await fetch(`${server.url}/s/${shared.token}/images/${failed}/preview`)).status).toBe(404);
    const refused = await vote(shared.token, failed);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: "invalid:share_vote" });
    // Its link preview counts the two it shows.
    expect(await (await fetch(`${server.url}${shared.path}`)).text()).toContain("Vote A or C");

    await server.database.db.delete(images).where(eq(images.id, gone));
    const left = publicShareResponseSchema.parse(await (await fetch(`${server.url}/api/s/${shared.token}`)).json());
    expect(left.images.map((i) => i.id)).toEqual([a]);
    expect(left.voting).toBe(false);
    expect((await fetch(`${server.url}/s/${shared.token}/images/${gone}/original`)).status).toBe(404);
    expect((await vote(shared.token, gone)).status).toBe(400);
    expect((await vote(shared.token, a)).status).toBe(400);
  });

  it("answers the page itself (503, no card) when its link cannot be read, never an error as HTML", async () => {
    const card = server.services.shares.card;
    server.services.shares.card = () => Promise.reject(new Error("connection terminated"));
    try {
      const res = await fetch(`${server.url}${link.path}`);
      expect(res.status).toBe(503);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      const html = await res.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain("og:image");
      expect(html).not.toContain("connection terminated");
    } finally {
      server.services.shares.card = card;
    }
  });

  it("counts votes per address and refuses past the limit, changing nothing", async () => {
    const [a] = pack.images.map((i) => i.id) as [string];
    const before = await server.database.db.select().from(shareVotes).where(eq(shareVotes.shareId, link.share.id));
    let refused: Response | undefined;
    for (let i = 0; i < VOTES_PER_HOUR + 1 && !refused; i++) {
      const res = await vote(link.token, a);
      if (res.status === 429) refused = res;
    }
    expect(refused?.status).toBe(429);
    expect(await refused?.json()).toMatchObject({ code: "rate_limited:share-vote" });
    expect(refused?.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(refused?.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(refused?.headers.get("cache-control")).toBe("private, no-store");
    // The refused vote (a new browser, for A) left the votes as they were: the votes before it, each a new browser's for A.
    const after = await server.database.db.select().from(shareVotes).where(eq(shareVotes.shareId, link.share.id));
    expect(after.length).toBeGreaterThan(before.length);
    expect(after.length).toBeLessThanOrEqual(before.length + VOTES_PER_HOUR);
    const refusedAgain = await vote(link.token, a);
    expect(refusedAgain.status).toBe(429);
    expect(await server.database.db.select().from(shareVotes).where(eq(shareVotes.shareId, link.share.id))).toHaveLength(after.length);
  });

  it("revoking stops the page, its data, its image URLs and its votes at once", async () => {
    const image = pack.images[0]?.id ?? "";
    expect((await fetch(`${server.url}/s/${link.token}/images/${image}/preview`)).status).toBe(200);
    const res = await fetch(`${server.url}/api/shares/${link.share.id}/revoke`, { method: "POST", headers: tokenHeaders(owner.token) });
    expect(res.status).toBe(200);
    expect(shareResponseSchema.parse(await res.json()).share.status).toBe("revoked");
    expect((await fetch(`${server.url}/s/${link.token}/images/${image}/preview`)).status).toBe(404);
    expect((await fetch(`${server.url}/s/${link.token}/images/${image}/original`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/s/${link.token}`)).status).toBe(404);
    const page = await fetch(`${server.url}${link.path}`);
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain("og:image");
    expect((await vote(link.token, image)).status).toBe(404);
  });

  it("counts an IPv6 client's votes per /64, so walking through its addresses does not multiply the limit", async () => {
    const open = await made(await createShare(owner.token, { kind: "pack", targetId: pack.id }));
    const [a] = pack.images.map((i) => i.id) as [string];
    const statuses: number[] = [];
    for (let i = 1; i <= VOTES_PER_HOUR + 1; i++) statuses.push((await vote(open.token, a, undefined, `2001:db8:5:7::${i.toString(16)}`)).status);
    expect(statuses.slice(0, VOTES_PER_HOUR)).toEqual(Array.from({ length: VOTES_PER_HOUR }, () => 200));
    expect(statuses.at(-1)).toBe(429);
    // Another /64 is another client.
    expect((await vote(open.token, a, undefined, "2001:db8:5:8::1")).status).toBe(200);
  });

  it("never logs a share's token: request URLs are logged with it replaced", async () => {
    const lines = logged.join("");
    expect(lines).toContain('"url":"/api/s/:token/vote"');
    expect(lines).toContain('"url":"/api/s/:token"');
    // The page's failed card (the error's own line) and its request.
    expect(lines).toContain('"url":"/s/:token"');
    expect(tokensSeen.size).toBeGreaterThan(3);
    for (const token of tokensSeen) expect(lines).not.toContain(token);
  });
});
