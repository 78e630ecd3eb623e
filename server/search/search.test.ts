import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SearchResponse, searchResponseSchema } from "../../contract/search.ts";
import { personas } from "../../db/schema/personas.ts";
import { createChatStore } from "../chat/store.ts";
import { createImageWrites } from "../images/store.ts";
import { tokenHeaders } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

let server: TestServer;
const RATE_LIMIT = 60;

beforeAll(async () => {
  server = await startTestServer({ env: { SEARCHES_PER_USER_PER_MINUTE: String(RATE_LIMIT) } });
});
afterAll(async () => server?.close());

const said = (id: string, role: "user" | "assistant", text: string) => ({ id, role, parts: [{ type: "text", text }] });

function get(token: string | null, query: string) {
  return fetch(`${server.url}/api/search${query}`, { headers: token ? tokenHeaders(token) : {} });
}

async function search(token: string, q: string, extra = ""): Promise<SearchResponse> {
  const res = await get(token, `?q=${encodeURIComponent(q)}${extra}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  return searchResponseSchema.parse(await res.json());
}

describe("GET /api/search", () => {
  it("finds the user's own conversations at the message, images by prompt, headline and conversation, packs and personas", async () => {
    const { user, sessionToken } = await signInByCode(server, "searcher@example.com");
    const other = await signInByCode(server, "searcher.other@example.com");
    const chat = createChatStore(server.database.db);
    const images = createImageWrites(server.database.db);
    const cooking = await chat.createWithMessage(user.id, crypto.randomUUID(), "Cooking channel ideas", said("m1", "user", "Make my pasta thumbnail pop"));
    if (!cooking) throw new Error("no conversation");
    await chat.appendNew(cooking.id, said("m2", "assistant", "Here it is, with a zebra stripe behind the bowl"));
    const theirs = await chat.createWithMessage(other.user.id, crypto.randomUUID(), "Zebra cooking", said("o1", "user", "zebra pasta"));
    if (!theirs) throw new Error("no conversation");

    const made = await images.insert({ userId: user.id, kind: "generated", status: "ready", prompt: "Bowl of spaghetti", model: "studio", conversationId: cooking.id, scene: { text: [{ text: "NONNA'S SECRET" }] } });
    await chat.appendNew(cooking.id, { id: "m3", role: "assistant", parts: [{ type: "tool-generateThumbnail", toolCallId: "t1", state: "output-available", output: { images: [{ id: made.id }] } }] });
    const packId = crypto.randomUUID();
    for (const variant of [0, 1, 2]) await images.insert({ userId: user.id, kind: "generated", status: "ready", prompt: "Volcano eruption live", model: "studio", packId, packVariant: variant });
    const failed = await images.insert({ userId: user.id, kind: "generated", status: "failed", prompt: "Volcano that failed", model: "studio" });
    await images.insert({ userId: user.id, kind: "upload", status: "ready", prompt: "volcano upload" });
    await server.database.db.insert(personas).values({ userId: user.id, name: "Chef Mario", handle: "mario", role: "artist", description: "Italian grandmother's recipes", cutoutKey: "k" });
    await images.insert({ userId: other.user.id, kind: "generated", status: "ready", prompt: "Bowl of spaghetti", model: "studio" });

    // A message (the assistant's too) opens the thread at it; someone else's conversation never shows.
    const zebra = await search(sessionToken, "zebra");
    expect(zebra.conversations).toEqual([expect.objectContaining({ conversationId: cooking.id, title: "Cooking channel ideas", messageId: "m2", snippet: expect.stringContaining("zebra") })]);
    expect(zebra.images.map((i) => i.imageId)).toEqual([]);
    // A title alone.
    expect((await search(sessionToken, "channel")).conversations).toEqual([expect.objectContaining({ conversationId: cooking.id, messageId: null })]);

    // An image by its prompt, its headline, and the words of the conversation that made it (the user's own).
    for (const q of ["spaghetti", "nonna", "pasta"]) {
      const found = await search(sessionToken, q);
      expect(found.images.map((i) => i.imageId), q).toEqual([made.id]);
      expect(found.images[0]).toMatchObject({ conversationId: cooking.id, messageId: "m3", thumbUrl: expect.stringContaining(made.id) });
    }
    // English stems: "cooks" finds "Cooking"; every word must be there.
    expect((await search(sessionToken, "cooks")).conversations.map((c) => c.conversationId)).toEqual([cooking.id]);
    expect((await search(sessionToken, "cooking volcano")).conversations).toEqual([]);

    // A pack once, with its variants; failed images and temporary uploads are in no result.
    const volcano = await search(sessionToken, "volcano");
    expect(volcano.packs).toEqual([expect.objectContaining({ packId, title: "Volcano eruption live" })]);
    expect(volcano.images.map((i) => i.imageId)).not.toContain(failed.id);
    expect(volcano.images).toHaveLength(3);

    // Personas by name, handle and description.
    for (const q of ["mario", "chef", "grandmother"]) expect((await search(sessionToken, q)).personas.map((p) => p.name), q).toEqual(["Chef Mario"]);

    // Only the kinds asked for.
    const onlyPersonas = await search(sessionToken, "mario cooking", "&kinds=personas");
    expect(onlyPersonas.conversations).toEqual([]);

    // A typo still finds what it meant.
    expect((await search(sessionToken, "spagetti")).images.map((i) => i.imageId)).toEqual([made.id]);
  });

  it("reads each language with its stemmer and Chinese and Japanese by pairs of characters", async () => {
    const { user, sessionToken } = await signInByCode(server, "polyglot@example.com");
    const chat = createChatStore(server.database.db);
    const images = createImageWrites(server.database.db);
    const zh = await chat.createWithMessage(user.id, crypto.randomUUID(), "咖啡频道", said("z1", "user", "我喜欢在早上喝咖啡"));
    const ja = await chat.createWithMessage(user.id, crypto.randomUUID(), "旅行", said("j1", "user", "東京タワーの夜景を作って"));
    const de = await chat.createWithMessage(user.id, crypto.randomUUID(), "Tiere", said("d1", "user", "Zwei Katzen spielen im Garten"));
    const fr = await images.insert({ userId: user.id, kind: "generated", status: "ready", prompt: "Les chevaux courent sur la plage", model: "studio" });
    const es = await images.insert({ userId: user.id, kind: "generated", status: "ready", prompt: "Recetas de cocina fáciles", model: "studio" });

    const zhHit = await search(sessionToken, "咖啡");
    expect(zhHit.language).toBe("zh");
    expect(zhHit.conversations.map((c) => [c.conversationId, c.messageId])).toEqual([[zh?.id, "z1"]]);
    expect((await search(sessionToken, "早上")).conversations.map((c) => c.conversationId)).toEqual([zh?.id]);
    const jaHit = await search(sessionToken, "タワー");
    expect(jaHit.language).toBe("ja");
    expect(jaHit.conversations.map((c) => c.conversationId)).toEqual([ja?.id]);
    // Pairs not side by side in the text do not match.
    expect((await search(sessionToken, "喝早")).conversations).toEqual([]);

    expect((await search(sessionToken, "Katze", "&lang=de")).conversations.map((c) => c.conversationId)).toEqual([de?.id]);
    expect((await search(sessionToken, "cheval", "&lang=fr")).images.map((i) => i.imageId)).toEqual([fr.id]);
    expect((await search(sessionToken, "receta", "&lang=es")).images.map((i) => i.imageId)).toEqual([es.id]);
  });

  it("follows every write: a rename, a deleted conversation, a deleted image, a finished one", async () => {
    const { user, sessionToken } = await signInByCode(server, "changes@example.com");
    const chat = createChatStore(server.database.db);
    const images = createImageWrites(server.database.db);
    const talk = await chat.createWithMessage(user.id, crypto.randomUUID(), "Gardening", said("g1", "user", "tomatoes everywhere"));
    if (!talk) throw new Error("no conversation");
    const pending = await images.insert({ userId: user.id, kind: "generated", status: "pending", prompt: "Tomato harvest", model: "studio", conversationId: talk.id });
    expect((await search(sessionToken, "tomato")).images).toEqual([]);
    await images.setStatus(pending.id, ["pending"], "ready");
    expect((await search(sessionToken, "harvest")).images.map((i) => i.imageId)).toEqual([pending.id]);

    await chat.rename(user.id, talk.id, "Balcony farming");
    expect((await search(sessionToken, "balcony")).conversations.map((c) => c.title)).toEqual(["Balcony farming"]);
    // The image follows its conversation's new title too.
    expect((await search(sessionToken, "balcony")).images.map((i) => i.imageId)).toEqual([pending.id]);
    expect((await search(sessionToken, "gardening")).conversations).toEqual([]);

    await images.delete(pending.id);
    expect((await search(sessionToken, "harvest")).images).toEqual([]);
    await chat.delete(user.id, talk.id);
    expect((await search(sessionToken, "tomatoes")).conversations).toEqual([]);
  });

  it("refuses a bad query with 400, a visitor with 401, and past the limit with 429", async () => {
    const { sessionToken } = await signInByCode(server, "limits@example.com");
    expect((await get(null, "?q=cat")).status).toBe(401);
    for (const query of ["", "?q=", "?q=%20%20", `?q=${"a".repeat(201)}`, "?q=cat&kinds=videos", "?q=cat&kinds=", "?q=cat&limit=0", "?q=cat&limit=21", "?q=cat&lang=ko"]) {
      const res = await get(sessionToken, query);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { code: string }).code, query).toBe("invalid:body");
    }
    // Punctuation alone finds nothing and asks nothing of the index.
    expect(await search(sessionToken, "?!")).toMatchObject({ conversations: [], images: [], packs: [], personas: [] });
    let last = 200;
    for (let i = 0; i < RATE_LIMIT + 1 && last === 200; i += 1) {
      const res = await get(sessionToken, "?q=cat");
      last = res.status;
      if (last === 429) {
        expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(((await res.json()) as { code: string }).code).toBe("rate_limited:search");
      }
    }
    expect(last).toBe(429);
  });
});
