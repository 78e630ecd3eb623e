import { createHash } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
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
import { endEarlyBird, settled, tokenHeaders } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { shellOnlyWebDir } from "../testing/web-dir.ts";

const VOTES_PER_HOUR = 8;
let server: TestServer;
let offsetMs = 0;
let owner: { token: string; userId: string; email: string };
let pack: Pack;
let otherPack: Pack;
const heard: unknown[] = [];

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
  return { ...body, token: body.path.slice("/s/".length) };
}

function vote(token: string, imageId: string, cookie?: string): Promise<Response> {
  return fetch(`${server.url}/api/s/${token}/vote`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
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
    env: { FREE_SIGNUP_CREDITS: "10", SHARE_VOTES_PER_IP_PER_HOUR: String(VOTES_PER_HOUR) },
    deps: { webDir: shellOnlyWebDir(), clock: () => Date.now() + offsetMs },
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
    expect(html.match(/<title>/g)).toHaveLength(1);
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
    const first = await vote(link.token, a);
    expect(first.status).toBe(200);
    const setCookie = first.headers.getSetCookie().find((v) => v.startsWith("share_voter="));
    expect(setCookie).toContain(`Path=/api/s/${link.token}`);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    const cookie = setCookie?.split(";")[0] ?? "";
    const mine = publicShareResponseSchema.parse(await (await fetch(`${server.url}/api/s/${link.token}`, { headers: { cookie } })).json());
    expect(mine.myVote).toBe(a);

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
    expect((await fetch(`${server.url}/api/s/${brief.token}`)).status).toBe(200);
    offsetMs = 86_400_000 + 60_000;
    try {
      expect((await fetch(`${server.url}/api/s/${brief.token}`)).status).toBe(404);
      expect((await fetch(`${server.url}${brief.path}`)).status).toBe(404);
      expect((await fetch(`${server.url}/s/${brief.token}/images/${pack.images[0]?.id}/preview`)).status).toBe(404);
      const list = shareListResponseSchema.parse(await (await fetch(`${server.url}/api/shares?kind=pack&targetId=${pack.id}`, { headers: tokenHeaders(owner.token) })).json());
      expect(list.shares.find((s) => s.id === brief.share.id)?.status).toBe("expired");
      // The link made for good still works.
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
});
