import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversationResponseSchema } from "../../contract/chat.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

// The chat as `npm start` runs it: no key, no network, the offline assistant.
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = (await signInByCode(server, "offline-chat@example.com")).sessionToken;
});
afterAll(async () => server?.close());

async function ask(conversationId: string, words: string, language?: string) {
  const res = await fetch(`${server.url}/api/chat`, {
    method: "POST",
    headers: { "x-session-token": token, "content-type": "application/json" },
    body: JSON.stringify({ id: conversationId, message: { id: `m-${Math.random()}`, role: "user", parts: [{ type: "text", text: words }] }, language }),
  });
  const chunks = (await res.text())
    .split("\n\n")
    .map((block) => block.replace(/^data: /, "").trim())
    .filter((data) => data.startsWith("{"))
    .map((data) => JSON.parse(data) as { type: string; delta?: string; output?: { images: { id: string; status: string; style: string; parentId: string | null }[] } });
  const said = chunks.flatMap((c) => (c.type === "text-delta" ? [c.delta ?? ""] : [])).join("");
  const images = chunks.filter((c) => c.type === "tool-output-available").at(-1)?.output?.images ?? [];
  return { status: res.status, text: said, images, deltas: chunks.filter((c) => c.type === "text-delta").length };
}

async function conversation(): Promise<string> {
  const res = await fetch(`${server.url}/api/conversations`, { method: "POST", headers: { "x-session-token": token, "content-type": "application/json" }, body: "{}" });
  return conversationResponseSchema.parse(await res.json()).conversation.id;
}

describe("the offline assistant in the chat", () => {
  it("makes a cartoon thumbnail from a plain request, then edits it", async () => {
    const id = await conversation();
    const made = await ask(id, "make a cartoon thumbnail for 'I tried 100 days of coding'");
    expect(made.status).toBe(200);
    expect(made.deltas).toBeGreaterThan(1);
    expect(made.images).toHaveLength(1);
    expect(made.images[0]).toMatchObject({ status: "ready", style: "cartoon" });
    expect(made.text.length).toBeGreaterThan(10);

    const edited = await ask(id, "make the headline yellow");
    expect(edited.images[0]).toMatchObject({ status: "ready", parentId: made.images[0]?.id });
  });

  it("answers in the interface's language, Spanish here, with Spanish style words", async () => {
    const id = await conversation();
    const made = await ask(id, "haz una miniatura vintage para 'Mi viaje a Japón'", "es");
    expect(made.images[0]).toMatchObject({ status: "ready", style: "vintage" });
    expect(made.text).not.toMatch(/\b(the|your|here)\b/i);
  });
});
