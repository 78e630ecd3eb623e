import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { galleryResponseSchema } from "../../contract/images.ts";
import { tokenHeaders } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { createImageWrites } from "./store.ts";

async function gallery(userId: string, token: string, query = "") {
  const res = await fetch(`${server.url}/api/users/${userId}/gallery${query}`, { headers: tokenHeaders(token) });
  return { status: res.status, body: res.status === 200 ? galleryResponseSchema.parse(await res.json()) : undefined };
}

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe("GET /api/users/:userId/gallery", () => {
  it("pages through every image exactly once, newest first, even when many share a timestamp", async () => {
    const { user, sessionToken } = await signInByCode(server, "pages@example.com");
    const store = createImageWrites(server.database.db);
    const same = new Date("2026-11-22T10:00:00.123Z");
    const made: string[] = [];
    for (let i = 0; i < 7; i++) {
      const kind = i === 3 ? "subject-replaced" : "generated";
      const row = await store.insert({ userId: user.id, kind, status: "ready", prompt: `p${i}`, createdAt: i < 5 ? same : new Date(same.getTime() + i) });
      made.push(row.id);
    }
    await store.insert({ userId: user.id, kind: "upload", status: "ready" });
    // A failed image is listed with why it failed and what it cost (refunded), so its tile survives a reload.
    const failed = await store.insert({
      userId: user.id,
      kind: "generated",
      status: "failed",
      prompt: "p-failed",
      error: "The provider refused this prompt.",
      errorCode: "unprocessable:provider_refused",
      creditsSpent: 4,
      createdAt: new Date(same.getTime() + 100),
    });
    made.push(failed.id);

    const seen: string[] = [];
    const stamps: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : "?limit=2";
      const res = await fetch(`${server.url}/api/users/${user.id}/gallery${query}`, { headers: tokenHeaders(sessionToken) });
      const page = galleryResponseSchema.parse(await res.json());
      expect(page.images.length).toBeLessThanOrEqual(2);
      seen.push(...page.images.map((i) => i.id));
      stamps.push(...page.images.map((i) => Date.parse(i.createdAt)));
      cursor = page.nextCursor;
    } while (cursor);
    expect([...seen].sort()).toEqual([...made].sort());
    expect(new Set(seen).size).toBe(seen.length);
    // Newest first: the two later images lead, then the five that share a timestamp, ties broken by id (descending).
    const sharing = made.slice(0, 5).sort().reverse();
    expect(seen).toEqual([failed.id, made[6], made[5], ...sharing]);
    expect(stamps).toEqual([same.getTime() + 100, same.getTime() + 6, same.getTime() + 5, ...Array.from({ length: 5 }, () => same.getTime())]);
    const first = galleryResponseSchema.parse(await (await fetch(`${server.url}/api/users/${user.id}/gallery?limit=1`, { headers: tokenHeaders(sessionToken) })).json());
    expect(first.images[0]).toMatchObject({ id: failed.id, status: "failed", error: "The provider refused this prompt.", errorCode: "unprocessable:provider_refused", creditsSpent: 4, urls: null });

    const swaps = await fetch(`${server.url}/api/users/${user.id}/gallery?kind=subject-replaced`, { headers: tokenHeaders(sessionToken) });
    expect(galleryResponseSchema.parse(await swaps.json()).images.map((i) => i.id)).toEqual([made[3]]);
    const bad = await fetch(`${server.url}/api/users/${user.id}/gallery?cursor=nonsense`, { headers: tokenHeaders(sessionToken) });
    expect(bad.status).toBe(400);
    const other = await signInByCode(server, "other.pages@example.com");
    expect((await fetch(`${server.url}/api/users/${user.id}/gallery`, { headers: tokenHeaders(other.sessionToken) })).status).toBe(403);
  });

  it("filters by kind, persona, model and prompt words, counts each tab under the other filters, and refuses bad filters", async () => {
    const { user, sessionToken } = await signInByCode(server, "filters@example.com");
    const other = await signInByCode(server, "filters.other@example.com");
    const store = createImageWrites(server.database.db);
    const persona = "7d3f1f8e-2a4b-4c5d-8e9f-0a1b2c3d4e5f";
    const add = (kind: "generated" | "subject-replaced" | "edited", prompt: string, model: string, personaIds: string[] = []) =>
      store.insert({ userId: user.id, kind, status: "ready", prompt, model, personaIds });
    const chef = await add("generated", "A surprised CHEF in a neon kitchen", "studio", [persona]);
    const swap = await add("subject-replaced", "chef swapped into a race car", "flux-kontext-pro", [persona]);
    const trumpet = await add("generated", "Vintage jazz trumpet 100% real", "studio");
    const edited = await add("edited", "chef, headline yellow", "studio");
    await store.insert({ userId: user.id, kind: "upload", status: "ready", prompt: "chef upload" });
    await store.insert({ userId: other.user.id, kind: "generated", status: "ready", prompt: "someone else's chef", model: "studio", personaIds: [persona] });
    const ids = async (query: string) => (await gallery(user.id, sessionToken, query)).body?.images.map((i) => i.id);

    const all = await gallery(user.id, sessionToken);
    expect(all.body?.counts).toEqual({ all: 4, generated: 2, "subject-replaced": 1, "chat-edited": 0, "editor-edited": 1, "from-video": 0 });
    expect(all.body?.images.map((i) => i.id)).toEqual([edited.id, trumpet.id, swap.id, chef.id]);
    expect(await ids("?kind=generated")).toEqual([trumpet.id, chef.id]);
    expect(await ids(`?persona=${persona}`)).toEqual([swap.id, chef.id]);
    expect(await ids("?model=flux-kontext-pro")).toEqual([swap.id]);
    // Case-insensitive, anywhere in the prompt; LIKE's wildcards are taken literally.
    expect(await ids("?q=chef")).toEqual([edited.id, swap.id, chef.id]);
    expect(await ids("?q=%20%20CHEF%20")).toEqual([edited.id, swap.id, chef.id]);
    expect(await ids("?q=100%25")).toEqual([trumpet.id]);
    expect(await ids("?q=%25")).toEqual([trumpet.id]);
    expect(await ids("?q=_")).toEqual([]);
    expect(await ids("?q=chef&kind=generated&model=studio")).toEqual([chef.id]);
    // The tabs count under the other filters, whatever tab is open.
    const chefs = await gallery(user.id, sessionToken, "?q=chef&kind=generated");
    expect(chefs.body?.counts).toEqual({ all: 3, generated: 1, "subject-replaced": 1, "chat-edited": 0, "editor-edited": 1, "from-video": 0 });
    // Someone else's persona matches none of your images.
    expect(await ids(`?persona=${other.user.id}`)).toEqual([]);

    // Counts come with the first page only.
    const page = await gallery(user.id, sessionToken, "?limit=2");
    expect(page.body?.counts).toBeDefined();
    const next = await gallery(user.id, sessionToken, `?limit=2&cursor=${page.body?.nextCursor}`);
    expect(next.body?.images.map((i) => i.id)).toEqual([swap.id, chef.id]);
    expect(next.body?.counts).toBeUndefined();

    for (const bad of ["?q=" + "x".repeat(201), "?persona=not-a-uuid", "?kind=upload", "?model=" + "m".repeat(65), "?q=a%00b", "?limit=61"]) {
      expect((await gallery(user.id, sessionToken, bad)).status, bad).toBe(400);
    }
    expect((await gallery(user.id, other.sessionToken, "?q=chef")).status).toBe(403);
  });
});
