import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { galleryKinds, galleryResponseSchema } from "../../contract/images.ts";
import { createChatStore } from "../chat/store.ts";
import { tokenHeaders } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { createImageWrites } from "./store.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

async function gallery(userId: string, token: string, query = "") {
  const res = await fetch(`${server.url}/api/users/${userId}/gallery${query}`, { headers: tokenHeaders(token) });
  expect(res.status).toBe(200);
  return galleryResponseSchema.parse(await res.json());
}

const said = (id: string, role: "user" | "assistant", text: string) => ({ id, role, parts: [{ type: "text", text }] });

describe("the gallery and the chat's images", () => {
  it("files chat edits under their own tab, every image under one tab, and finds chat images by their conversation's words", async () => {
    const { user, sessionToken } = await signInByCode(server, "chat-gallery@example.com");
    const other = await signInByCode(server, "chat-gallery.other@example.com");
    const images = createImageWrites(server.database.db);
    const chat = createChatStore(server.database.db);
    const cooking = await chat.createWithMessage(user.id, crypto.randomUUID(), "Cooking channel ideas", said("m1", "user", "Make my pasta thumbnail pop"));
    if (!cooking) throw new Error("no conversation");
    await chat.appendNew(cooking.id, said("m2", "assistant", "Here it is, with a zebra stripe"));
    await chat.appendNew(cooking.id, said("m3", "user", "Now a saffron yellow headline"));
    const theirs = await chat.createWithMessage(other.user.id, crypto.randomUUID(), "Saffron too", said("o1", "user", "saffron"));
    if (!theirs) throw new Error("no conversation");

    const add = (kind: "generated" | "subject-replaced" | "edited", prompt: string | null, conversationId: string | null = null) =>
      images.insert({ userId: user.id, kind, status: "ready", prompt, model: "studio", conversationId });
    const made = await add("generated", "Bowl of spaghetti", cooking.id);
    const chatEdit = await add("edited", "headline yellow", cooking.id);
    const swap = await add("subject-replaced", null, cooking.id);
    const editorSave = await add("edited", "Bowl of spaghetti");
    const plain = await add("generated", "Mountain sunrise");
    // Someone else's conversation that says the same words matches none of your images.
    const foreign = await add("generated", "Desert road", theirs.id);
    await images.insert({ userId: user.id, kind: "upload", status: "ready", prompt: "saffron upload" });
    const ids = async (query: string) => (await gallery(user.id, sessionToken, query)).images.map((i) => i.id);

    const all = await gallery(user.id, sessionToken);
    expect(all.counts).toEqual({ all: 6, generated: 3, "subject-replaced": 1, "chat-edited": 1, "editor-edited": 1, "from-video": 0 });
    // No image falls under no tab: the tabs add up to All.
    expect(galleryKinds.reduce((sum, kind) => sum + (all.counts?.[kind] ?? 0), 0)).toBe(all.counts?.all);
    expect(all.images.find((i) => i.id === chatEdit.id)?.conversationId).toBe(cooking.id);
    expect(await ids("?kind=chat-edited")).toEqual([chatEdit.id]);
    expect(await ids("?kind=editor-edited")).toEqual([editorSave.id]);
    expect(await ids("?kind=generated")).toEqual([foreign.id, plain.id, made.id]);

    // The user's words and the title find what the conversation made; the assistant's words do not.
    const fromCooking = [swap.id, chatEdit.id, made.id];
    expect(await ids("?q=SAFFRON")).toEqual(fromCooking);
    expect(await ids("?q=pasta")).toEqual(fromCooking);
    expect(await ids("?q=cooking%20channel")).toEqual(fromCooking);
    expect(await ids("?q=zebra")).toEqual([]);
    // The prompt still matches, together with the conversation's words.
    expect(await ids("?q=spaghetti")).toEqual([editorSave.id, made.id]);
    expect(await ids("?q=saffron&kind=chat-edited")).toEqual([chatEdit.id]);
    const searched = await gallery(user.id, sessionToken, "?q=saffron&kind=generated");
    expect(searched.counts).toEqual({ all: 3, generated: 1, "subject-replaced": 1, "chat-edited": 1, "editor-edited": 0, "from-video": 0 });

    // A renamed conversation is found by its new title.
    await chat.rename(user.id, cooking.id, "Weeknight dinners");
    expect(await ids("?q=weeknight")).toEqual(fromCooking);
    // A deleted conversation's edit stays a chat edit; its words no longer find anything.
    await chat.delete(user.id, cooking.id);
    expect(await ids("?kind=chat-edited")).toEqual([chatEdit.id]);
    expect(await ids("?q=saffron")).toEqual([]);
  });
});
