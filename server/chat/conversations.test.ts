import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversationListSchema, conversationResponseSchema } from "../../contract/chat.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

let server: TestServer;
let owner: { token: string; userId: string };
let stranger: { token: string; userId: string };

beforeAll(async () => {
  server = await startTestServer();
  const a = await signInByCode(server, "conversations@example.com");
  const b = await signInByCode(server, "stranger@example.com");
  owner = { token: a.sessionToken, userId: a.user.id };
  stranger = { token: b.sessionToken, userId: b.user.id };
});
afterAll(async () => server?.close());

function call(who: { token: string }, method: string, path: string, body?: unknown) {
  return fetch(`${server.url}${path}`, {
    method,
    headers: { "x-session-token": who.token, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Sends one message to a conversation (an id no conversation has yet makes one) and reads the answer to its end. */
async function say(who: { token: string }, id: string, text: string): Promise<Response> {
  const res = await call(who, "POST", "/api/chat", { id, message: { id: randomUUID(), role: "user", parts: [{ type: "text", text }] } });
  await res.text();
  return res;
}

async function listed(who: { token: string }): Promise<{ id: string; title: string }[]> {
  return conversationListSchema.parse(await (await call(who, "GET", "/api/conversations?limit=100")).json()).conversations;
}

describe("conversations", () => {
  it("are created, listed newest first page by page, renamed and deleted", async () => {
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await call(owner, "POST", "/api/conversations", { title: `Chat ${i}` });
      expect(res.status).toBe(201);
      made.push(conversationResponseSchema.parse(await res.json()).conversation.id);
      // Listed once it holds a message.
      expect((await say(owner, made[i] ?? "", "what can you do?")).status).toBe(200);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = conversationListSchema.parse(await (await call(owner, "GET", `/api/conversations?limit=2${cursor ? `&cursor=${cursor}` : ""}`)).json());
      expect(page.conversations.length).toBeLessThanOrEqual(2);
      seen.push(...page.conversations.map((c) => c.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...made].reverse());

    const renamed = await call(owner, "PATCH", `/api/conversations/${made[0]}`, { title: "  Day 100 thumbnails  " });
    expect(conversationResponseSchema.parse(await renamed.json()).conversation.title).toBe("Day 100 thumbnails");
    // Renaming is activity: it comes first now.
    const first = conversationListSchema.parse(await (await call(owner, "GET", "/api/conversations?limit=1")).json());
    expect(first.conversations[0]?.id).toBe(made[0]);

    expect((await call(owner, "DELETE", `/api/conversations/${made[1]}`)).status).toBe(204);
    expect((await call(owner, "GET", `/api/conversations/${made[1]}/messages`)).status).toBe(404);
    const empty = conversationResponseSchema.parse(await (await call(owner, "POST", "/api/conversations", {})).json()).conversation;
    const messages = await call(owner, "GET", `/api/conversations/${empty.id}/messages`);
    expect(await messages.json()).toEqual({ messages: [], branchPoints: [] });
  });

  it("are invisible to anyone else: every route answers 404 and changes nothing", async () => {
    const res = await call(owner, "POST", "/api/conversations", { title: "Mine" });
    const { id } = conversationResponseSchema.parse(await res.json()).conversation;
    await say(owner, id, "what can you do?");
    const answers = await Promise.all([
      call(stranger, "GET", `/api/conversations/${id}/messages`),
      call(stranger, "PATCH", `/api/conversations/${id}`, { title: "Stolen" }),
      call(stranger, "DELETE", `/api/conversations/${id}`),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(((await answer.json()) as { code: string }).code).toBe("not_found:conversation");
    }
    const theirs = conversationListSchema.parse(await (await call(stranger, "GET", "/api/conversations")).json());
    expect(theirs.conversations).toEqual([]);
    const mine = conversationListSchema.parse(await (await call(owner, "GET", "/api/conversations?limit=1")).json());
    expect(mine.conversations[0]).toMatchObject({ id, title: "Mine" });
  });

  it("are made by their first message, together with it, named after it", async () => {
    const id = randomUUID();
    expect((await call(owner, "GET", `/api/conversations/${id}/messages`)).status).toBe(404);
    expect((await say(owner, id, "  what can   you do?  ")).status).toBe(200);
    expect((await listed(owner))[0]).toMatchObject({ id, title: "what can you do?" });
    const { messages } = (await (await call(owner, "GET", `/api/conversations/${id}/messages`)).json()) as { messages: { role: string }[] };
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    // Now it is the owner's: anyone else's message to that id is a 404 and lands nowhere.
    const theirs = await call(stranger, "POST", "/api/chat", { id, message: { id: randomUUID(), role: "user", parts: [{ type: "text", text: "hi" }] } });
    expect(theirs.status).toBe(404);
    expect((await listed(stranger)).map((c) => c.id)).not.toContain(id);
    expect(((await (await call(owner, "GET", `/api/conversations/${id}/messages`)).json()) as { messages: unknown[] }).messages).toHaveLength(2);
  });

  it("are never listed empty: one made without a message shows once it holds one, and a first message that cannot be saved leaves none", async () => {
    const before = (await listed(owner)).map((c) => c.id);
    const empty = conversationResponseSchema.parse(await (await call(owner, "POST", "/api/conversations", {})).json()).conversation;
    expect((await listed(owner)).map((c) => c.id)).toEqual(before);
    await say(owner, empty.id, "what can you do?");
    expect((await listed(owner))[0]).toMatchObject({ id: empty.id, title: "what can you do?" });

    // PostgreSQL refuses a NUL, so this message cannot be stored (its title, cut before the NUL, could): no conversation is made.
    const id = randomUUID();
    expect((await say(owner, id, `${"what can you do? ".repeat(6)}\u0000`)).status).toBe(200);
    expect((await call(owner, "GET", `/api/conversations/${id}/messages`)).status).toBe(404);
    expect((await listed(owner)).map((c) => c.id)).not.toContain(id);
  });

  it("refuse bad input clearly", async () => {
    const bad = [
      await call(owner, "GET", "/api/conversations/not-a-uuid/messages"),
      await call(owner, "PATCH", "/api/conversations/00000000-0000-4000-8000-000000000000", { title: "x" }),
      await call(owner, "PATCH", "/api/conversations/00000000-0000-4000-8000-000000000000", { title: "   " }),
      await call(owner, "POST", "/api/conversations", { title: "x".repeat(81) }),
      await call(owner, "GET", "/api/conversations?limit=0"),
      await call(owner, "GET", "/api/conversations?cursor=bm90IGEgY3Vyc29y"),
    ];
    expect(await Promise.all(bad.map(async (r) => [r.status, ((await r.json()) as { code: string }).code]))).toEqual([
      [404, "not_found:conversation"],
      [404, "not_found:conversation"],
      [400, "invalid:body"],
      [400, "invalid:body"],
      [400, "invalid:body"],
      [400, "invalid:cursor"],
    ]);
    expect((await fetch(`${server.url}/api/conversations`)).status).toBe(401);
  });
});
