import type { LanguageModelV4CallOptions } from "@ai-sdk/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatMessagesResponseSchema, conversationResponseSchema } from "../../contract/chat.ts";
import { scriptedModel, type ScriptedStep } from "../testing/scripted-model.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

let server: TestServer;
let user: { token: string };
let stranger: { token: string };
let script: (step: number) => ScriptedStep = () => ({ text: "Hello." });
// What the model was shown on its latest call: the words of each message, in order.
let prompted: string[] = [];

const wordsOf = (call: LanguageModelV4CallOptions) =>
  call.prompt.flatMap((m) => (m.role === "system" ? [] : [m.content.flatMap((c) => (typeof c === "object" && c.type === "text" ? [c.text] : [])).join(" ")]));

beforeAll(async () => {
  server = await startTestServer({
    deps: {
      chatModel: () =>
        scriptedModel((call, step) => {
          prompted = wordsOf(call);
          return script(step);
        }, { chunkDelayMs: 2 }),
    },
  });
  user = { token: (await signInByCode(server, "branches@example.com")).sessionToken };
  stranger = { token: (await signInByCode(server, "branches-stranger@example.com")).sessionToken };
});
afterAll(async () => server?.close());

const headers = (who: { token: string }) => ({ "x-session-token": who.token, "content-type": "application/json" });

async function newConversation(): Promise<string> {
  const res = await fetch(`${server.url}/api/conversations`, { method: "POST", headers: headers(user), body: "{}" });
  return conversationResponseSchema.parse(await res.json()).conversation.id;
}

/** Posts to /api/chat and reads the whole answer; `answerId` is the id the answer streamed under. */
async function chat(body: Record<string, unknown>, who = user) {
  const res = await fetch(`${server.url}/api/chat`, { method: "POST", headers: headers(who), body: JSON.stringify(body) });
  const text = await res.text();
  const answerId = /"type":"start","messageId":"([^"]+)"/.exec(text)?.[1];
  return { res, text, answerId };
}

const said = (id: string, text: string) => ({ id, role: "user", parts: [{ type: "text", text }] });

async function branch(id: string, who = user) {
  const res = await fetch(`${server.url}/api/conversations/${id}/messages`, { headers: headers(who) });
  return { res, body: res.ok ? chatMessagesResponseSchema.parse(await res.json()) : undefined };
}

async function switchTo(id: string, messageId: string, who = user) {
  const res = await fetch(`${server.url}/api/conversations/${id}/branch`, { method: "PUT", headers: headers(who), body: JSON.stringify({ messageId }) });
  return { res, body: res.ok ? chatMessagesResponseSchema.parse(await res.json()) : undefined };
}

const textOf = (m: { parts: unknown[] }) => (m.parts as { type: string; text?: string }[]).filter((p) => p.type === "text").map((p) => p.text).join("");

describe("conversation branches", () => {
  it("an edit forks beside the message it replaces; the model sees only the branch shown; switching shows the first answer again", async () => {
    const id = await newConversation();
    script = () => ({ text: "A gaming thumbnail, coming up." });
    const first = await chat({ id, message: said("u1", "a gaming thumbnail") });
    script = () => ({ text: "Red it is." });
    const second = await chat({ id, message: said("u2", "make it red") });

    script = () => ({ text: "Blue it is." });
    const edited = await chat({ id, message: said("u2-edit", "make it blue"), editOf: "u2" });
    expect(edited.res.status).toBe(200);
    // The model was shown the first exchange and the edit, never the message it replaced nor its answer.
    expect(prompted).toEqual(["a gaming thumbnail", "A gaming thumbnail, coming up.", "make it blue"]);

    const shown = (await branch(id)).body;
    expect(shown?.messages.map((m) => m.id)).toEqual(["u1", first.answerId, "u2-edit", edited.answerId]);
    expect(shown?.branchPoints).toEqual([{ messageId: "u2-edit", siblingIds: ["u2", "u2-edit"], index: 1 }]);

    const back = (await switchTo(id, "u2")).body;
    expect(back?.messages.map((m) => m.id)).toEqual(["u1", first.answerId, "u2", second.answerId]);
    expect(back?.messages.map(textOf).at(-1)).toBe("Red it is.");
    expect(back?.branchPoints).toEqual([{ messageId: "u2", siblingIds: ["u2", "u2-edit"], index: 0 }]);
    // The switch is kept: a reload reads the same branch, and the next message follows it.
    expect((await branch(id)).body).toEqual(back);
    script = () => ({ text: "Bigger." });
    await chat({ id, message: said("u3", "bigger headline") });
    expect(prompted).toEqual(["a gaming thumbnail", "A gaming thumbnail, coming up.", "make it red", "Red it is.", "bigger headline"]);
  });

  it("regenerating an answer stores a new one beside it, answered from the same thread", async () => {
    const id = await newConversation();
    script = () => ({ text: "First try." });
    const first = await chat({ id, message: said("q", "a cooking thumbnail") });
    script = () => ({ text: "Second try." });
    const again = await chat({ id, regenerate: first.answerId });
    expect(again.res.status).toBe(200);
    expect(prompted).toEqual(["a cooking thumbnail"]);
    const shown = (await branch(id)).body;
    expect(shown?.messages.map(textOf)).toEqual(["a cooking thumbnail", "Second try."]);
    expect(shown?.branchPoints).toEqual([{ messageId: again.answerId, siblingIds: [first.answerId, again.answerId], index: 1 }]);
    expect((await switchTo(id, first.answerId ?? "")).body?.messages.map(textOf)).toEqual(["a cooking thumbnail", "First try."]);
  });

  it("switching to a message lands on the newest leaf under it", async () => {
    const id = await newConversation();
    script = () => ({ text: "One." });
    await chat({ id, message: said("a", "one") });
    await chat({ id, message: said("b", "two") });
    await chat({ id, message: said("b2", "two again"), editOf: "b" });
    await chat({ id, message: said("c", "three") });
    // Back on the first branch, then to the first message: the newest leaf under it is the last one stored.
    await switchTo(id, "b");
    expect((await switchTo(id, "a")).body?.messages.map((m) => m.id).filter((m) => m.length === 1 || m === "b2")).toEqual(["a", "b2", "c"]);
  });

  it("refuses bad requests and someone else's conversation, changing nothing", async () => {
    const id = await newConversation();
    script = () => ({ text: "Hi." });
    const first = await chat({ id, message: said("only", "hello") });
    const before = (await branch(id)).body;

    expect((await chat({ id, regenerate: "nope" })).res.status).toBe(404);
    expect((await chat({ id, regenerate: "only" })).res.status).toBe(404); // a user message is not an answer
    expect((await chat({ id, message: said("x", "hi"), editOf: first.answerId })).res.status).toBe(404); // nor an answer a user message
    expect((await chat({ id, message: said("y", "hi"), regenerate: first.answerId })).res.status).toBe(400);
    expect((await chat({ id })).res.status).toBe(400);
    expect((await switchTo(id, "nope")).res.status).toBe(404);
    expect((await fetch(`${server.url}/api/conversations/${id}/branch`, { method: "PUT", headers: headers(user), body: "{}" })).status).toBe(400);

    expect((await branch(id, stranger)).res.status).toBe(404);
    expect((await switchTo(id, "only", stranger)).res.status).toBe(404);
    expect((await chat({ id, regenerate: first.answerId }, stranger)).res.status).toBe(404);
    expect((await chat({ id, message: said("z", "mine now"), editOf: "only" }, stranger)).res.status).toBe(404);
    expect((await branch(id)).body).toEqual(before);
  });

  it("follows a live answer again after switching away and back, and after a reload; Stop ends it", async () => {
    const id = await newConversation();
    script = () => ({ text: "Short." });
    await chat({ id, message: said("p", "first") });
    script = () => ({ text: Array.from({ length: 3000 }, (_, i) => `word${i} `).join("") });
    const live = await fetch(`${server.url}/api/chat`, { method: "POST", headers: headers(user), body: JSON.stringify({ id, message: said("p2", "talk a lot"), editOf: "p" }) });
    const reader = live.body?.getReader();
    expect(new TextDecoder().decode((await reader?.read())?.value)).toContain('"type":"start"');
    await reader?.cancel();
    // The edit is saved (it is the branch shown) before the model's first word.
    for (let i = 0; i < 50 && (await branch(id)).body?.messages.at(-1)?.id !== "p2"; i++) await new Promise((resolve) => setTimeout(resolve, 20));

    // On the other branch the live answer is not followed: it is not that branch's.
    await switchTo(id, "p");
    expect((await fetch(`${server.url}/api/chat/${id}/stream`, { headers: headers(user) })).status).toBe(204);
    // Back on its branch (as after a reload), it is followed again from its first word.
    expect((await switchTo(id, "p2")).body?.messages.map((m) => m.id)).toEqual(["p2"]);
    const resumed = await fetch(`${server.url}/api/chat/${id}/stream`, { headers: headers(user) });
    expect(resumed.status).toBe(200);
    const again = resumed.body?.getReader();
    let seen = "";
    while (!seen.includes("word5 ")) {
      const chunk = await again?.read();
      if (!chunk || chunk.done) break;
      seen += new TextDecoder().decode(chunk.value);
    }
    expect(seen).toContain('"delta":"word0 "');
    expect(await (await fetch(`${server.url}/api/chat/${id}/stop`, { method: "POST", headers: headers(user) })).json()).toEqual({ stopped: true });
    for (let chunk = await again?.read(); chunk && !chunk.done; chunk = await again?.read()) seen += new TextDecoder().decode(chunk.value);
    expect(seen).not.toContain("word2999");
  });
});

describe("a regenerated answer stopped before its first word", () => {
  it("saves nothing, and the branch shows the answer it was to replace again", async () => {
    const id = await newConversation();
    script = () => ({ text: "The one to keep." });
    const first = await chat({ id, message: said("keep", "a travel thumbnail") });
    script = () => ({ delayMs: 5_000, text: "Too late to be said." });
    const res = await fetch(`${server.url}/api/chat`, { method: "POST", headers: headers(user), body: JSON.stringify({ id, regenerate: first.answerId }) });
    const reader = res.body?.getReader();
    expect(new TextDecoder().decode((await reader?.read())?.value)).toContain('"type":"start"');
    expect(await (await fetch(`${server.url}/api/chat/${id}/stop`, { method: "POST", headers: headers(user) })).json()).toEqual({ stopped: true });
    for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read());
    const shown = (await branch(id)).body;
    expect(shown?.messages.map((m) => m.id)).toEqual(["keep", first.answerId]);
    expect(shown?.branchPoints).toEqual([]);
  });
});
