import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { galleryResponseSchema } from "../../contract/images.ts";
import { tokenHeaders } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { createImageStore } from "./store.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe("GET /api/users/:userId/gallery", () => {
  it("pages through every image exactly once, newest first, even when many share a timestamp", async () => {
    const { user, sessionToken } = await signInByCode(server, "pages@example.com");
    const store = createImageStore(server.database.db);
    const same = new Date("2026-11-22T10:00:00.123Z");
    const made: string[] = [];
    for (let i = 0; i < 7; i++) {
      const kind = i === 3 ? "subject-replaced" : "generated";
      const row = await store.insert({ userId: user.id, kind, status: "ready", prompt: `p${i}`, createdAt: i < 5 ? same : new Date(same.getTime() + i) });
      made.push(row.id);
    }
    await store.insert({ userId: user.id, kind: "upload", status: "ready" });
    await store.insert({ userId: user.id, kind: "generated", status: "failed" });

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
    expect(seen).toEqual([made[6], made[5], ...sharing]);
    expect(stamps).toEqual([same.getTime() + 6, same.getTime() + 5, ...Array.from({ length: 5 }, () => same.getTime())]);

    const swaps = await fetch(`${server.url}/api/users/${user.id}/gallery?kind=subject-replaced`, { headers: tokenHeaders(sessionToken) });
    expect(galleryResponseSchema.parse(await swaps.json()).images.map((i) => i.id)).toEqual([made[3]]);
    const bad = await fetch(`${server.url}/api/users/${user.id}/gallery?cursor=nonsense`, { headers: tokenHeaders(sessionToken) });
    expect(bad.status).toBe(400);
    const other = await signInByCode(server, "other.pages@example.com");
    expect((await fetch(`${server.url}/api/users/${user.id}/gallery`, { headers: tokenHeaders(other.sessionToken) })).status).toBe(403);
  });
});
