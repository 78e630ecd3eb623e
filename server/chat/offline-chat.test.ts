import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { lastToolOutput, newConversation, postChat, readChatStream, saidIn } from "../testing/chat-stream.ts";

// The chat as `npm start` runs it: no key, no network, the offline assistant.
let server: TestServer;
let token: string;
let userId: string;

beforeAll(async () => {
  server = await startTestServer();
  const signedIn = await signInByCode(server, "offline-chat@example.com");
  token = signedIn.sessionToken;
  userId = signedIn.user.id;
});
afterAll(async () => server?.close());

async function ask(conversationId: string, words: string, language?: string) {
  const res = await postChat(server, { "x-session-token": token }, conversationId, words, { language });
  const chunks = await readChatStream(res);
  const images = lastToolOutput<{ images: { id: string; status: string; style: string; parentId: string | null }[] }>(chunks)?.images ?? [];
  return { status: res.status, text: saidIn(chunks), images, deltas: chunks.filter((c) => c.type === "text-delta").length };
}

const conversation = (): Promise<string> => newConversation(server, { "x-session-token": token });

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

describe("the closing words about credits follow the ledger", () => {
  const refunds = async () => (await server.services.credits.statement(userId, { limit: 100 })).transactions.filter((t) => t.reason === "refund");

  it("says nothing was spent, never a refund, when a message fails before any charge (a handle that is not the user's)", async () => {
    const id = await conversation();
    const before = (await refunds()).length;
    const failed = await ask(id, "make a thumbnail of a castle with @someone-else");
    expect(failed.images).toEqual([]);
    expect(failed.text).toContain("No credits were spent.");
    expect(failed.text).not.toMatch(/refund|went back/i);
    expect(await refunds()).toHaveLength(before);
  });

  it("says the credits went back when an image failed after its charge and the ledger refunded it", async () => {
    const id = await conversation();
    await ask(id, "make a cartoon thumbnail for 'castle week'");
    const before = (await refunds()).length;
    const failed = await ask(id, "add a flurble");
    expect(failed.images.map((image) => image.status)).toEqual(["failed"]);
    expect(await refunds()).toHaveLength(before + 1);
    expect(failed.text).toContain("its credits went back to you");
  });
});

