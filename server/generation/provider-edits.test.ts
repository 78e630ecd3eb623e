import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageResponseSchema } from "../../contract/images.ts";
import { images } from "../../db/schema/images.ts";
import { parseStudioScene } from "../studio/scene-schema.ts";
import { balanceOf, endEarlyBird, generate, settled } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { type RecordedRequest, sendJson, startWireServer, type WireServer } from "../testing/wire-server.ts";

// Edits and variants of provider images, against GPT Image's wire stand-in (docs/decisions/036-headlines-over-model-pictures.md,
// docs/decisions/038-headline-edits-are-free.md): an image without a headline layer keeps its own words, a headline-only
// change is free, words alone are a paid model edit, and new versions are drawn afresh from the prompt.
let server: TestServer;
let wire: WireServer;

const PROMPT = 'thumbnail "MY FIRST MARATHON" running in the rain';
const CREDITS = 60;
const PRICE = 6;

/** Every answer a picture of its own colour, so no edit is ever taken for one that changed nothing. */
let answers = 0;
const picture = () => {
  answers += 1;
  const fill = `#${((answers * 0x2f4a1b) & 0xffffff).toString(16).padStart(6, "0")}`;
  return sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1536" height="1024"><rect width="1536" height="1024" fill="#24466b"/><circle cx="1100" cy="520" r="300" fill="${fill}"/></svg>`)).png().toBuffer();
};

/** The prompt as sent: a JSON field for a generation, a multipart field for an edit. */
const sentText = (request: RecordedRequest | undefined) => request?.body.toString("latin1") ?? "";

beforeAll(async () => {
  wire = await startWireServer(async (_req, res) => sendJson(res, 200, { created: 1, data: [{ b64_json: (await picture()).toString("base64") }] }));
  server = await startTestServer({ env: { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: `${wire.url}/v1`, FREE_SIGNUP_CREDITS: String(CREDITS) } });
  await endEarlyBird(server);
});
afterAll(async () => {
  await server?.close();
  await wire?.close();
});

const rowOf = async (id: string) => (await server.database.db.select().from(images).where(eq(images.id, id)))[0];

async function made(email: string, body: Record<string, unknown> = {}) {
  const { user, sessionToken } = await signInByCode(server, email);
  const res = await generate(server, sessionToken, { prompt: PROMPT, model: "gpt-image", ...body });
  const image = await settled(server, sessionToken, imageResponseSchema.parse(await res.json()).image.id);
  expect(image.status).toBe("ready");
  return { userId: user.id, token: sessionToken, imageId: image.id };
}

/** An edit through the service, settled: the request the stand-in got for it, the new row, and what it cost. */
async function edited(who: { userId: string; token: string }, imageId: string, instruction: string, changes: Record<string, unknown>) {
  const sent = wire.requests.length;
  const before = (await balanceOf(server, who.token, who.userId)).credits;
  const outcome = await server.services.generation.requestEdit(who.userId, { imageId, instruction, changes });
  if (outcome.kind !== "queued") throw new Error(`the edit "${instruction}" is queued`);
  expect(await settled(server, who.token, outcome.image.id)).toMatchObject({ status: "ready" });
  return {
    outcome,
    requests: wire.requests.slice(sent),
    row: await rowOf(outcome.image.id),
    cost: before - (await balanceOf(server, who.token, who.userId)).credits,
  };
}

describe("an edit of a provider image without a headline layer", () => {
  it("keeps the words the model drew: no 'No text' instruction, no made-up headline layer", async () => {
    const who = await made("provider-edit-model-text@example.com", { modelText: true });
    const edit = await edited(who, who.imageId, "make the sky a sunset", {});
    expect(edit.requests.map((r) => r.path)).toEqual(["/v1/images/edits"]);
    const text = sentText(edit.requests[0]);
    expect(text).toContain("make the sky a sunset");
    expect(text).not.toContain("No text");
    expect(text).not.toContain("Write the headline");
    expect(parseStudioScene(edit.row?.scene)).toBeUndefined();
    expect(edit.row?.scene).toMatchObject({ provider: "openai", modelText: true });
    expect(edit.cost).toBe(PRICE);
  });

  it("keeps the words of an image made before headline layers", async () => {
    const who = await made("provider-edit-old@example.com");
    // As such an image was stored: the provider's record alone, and no picture of its own under it.
    await server.database.db.update(images).set({ scene: { provider: "openai", model: "gpt-image-1", prompt: PROMPT }, baseImageId: null }).where(eq(images.id, who.imageId));
    const edit = await edited(who, who.imageId, "make the sky a sunset", {});
    expect(edit.requests.map((r) => r.path)).toEqual(["/v1/images/edits"]);
    expect(sentText(edit.requests[0])).not.toContain("No text");
    expect(parseStudioScene(edit.row?.scene)).toBeUndefined();
    expect(edit.row?.scene).toMatchObject({ provider: "openai" });
    expect(edit.row?.scene).not.toHaveProperty("modelText");
  });

  it("draws the headline it names as a text layer over a text-free picture (the feed check's text-layer fix)", async () => {
    const who = await made("provider-edit-headline@example.com", { modelText: true });
    const edit = await edited(who, who.imageId, 'Feed check: write the headline "MY FIRST MARATHON" exactly as spelt, clearly', { headline: "My first marathon" });
    expect(edit.requests.map((r) => r.path)).toEqual(["/v1/images/edits"]);
    expect(sentText(edit.requests[0])).toContain("No text anywhere");
    const scene = parseStudioScene(edit.row?.scene);
    expect(scene?.text.map((t) => t.text)).toEqual(["MY FIRST MARATHON"]);
    expect(scene?.background).toMatchObject({ modelPicture: true });
    expect(edit.row?.baseImageId).not.toBeNull();

    // The words named are the headline, whether or not the instruction quotes them.
    const renamed = await edited(who, who.imageId, "change the headline to new personal best", { headline: "New personal best" });
    expect(parseStudioScene(renamed.row?.scene)?.text.map((t) => t.text)).toEqual(["NEW PERSONAL BEST"]);
  });
});

describe("an edit of a headline over a model's picture", () => {
  it("is free and asks no model when it only strengthens the headline, however the unchanged rest is said", async () => {
    const who = await made("provider-edit-outline@example.com");
    // The feed check's stronger-outline fix: on a model's picture "pop" has only the headline to work on.
    const outline = await edited(who, who.imageId, "Feed check: stronger headline outline", { headlineOutlineColor: "#000000", boost: true });
    expect(outline.requests).toEqual([]);
    expect(outline.cost).toBe(0);
    expect(outline.outcome.changes?.length).toBeGreaterThan(0);
    expect(outline.outcome.changes?.every((c) => c.layer === "headline")).toBe(true);

    const style = parseStudioScene((await rowOf(outline.row?.id ?? ""))?.scene)?.style;
    const unchanged = await edited(who, outline.row?.id ?? "", "yellow headline", { headlineColor: "#ffd60a", boost: false, style, artAdd: "" });
    expect(unchanged.requests).toEqual([]);
    expect(unchanged.cost).toBe(0);
  });

  it("sends words with no named change to the model as a paid edit of the picture", async () => {
    const who = await made("provider-edit-night@example.com");
    const night = await edited(who, who.imageId, "make it night time", {});
    expect(night.outcome.changes).toBeUndefined();
    expect(night.requests.map((r) => r.path)).toEqual(["/v1/images/edits"]);
    expect(sentText(night.requests[0])).toContain("make it night time");
    expect(night.cost).toBe(PRICE);
    expect(parseStudioScene(night.row?.scene)?.text.map((t) => t.text)).toEqual(["MY FIRST MARATHON"]);
  });
});

describe("new versions of a headline over a model's picture", () => {
  it("are drawn afresh from the image's prompt with new seeds, never as redraws of its picture", async () => {
    const who = await made("provider-variants@example.com");
    const parent = await rowOf(who.imageId);
    const sent = wire.requests.length;
    const outcome = await server.services.generation.requestVariants(who.userId, { imageId: who.imageId, count: 3, instruction: "give me 3 versions", changes: {} });
    expect(outcome.kind).toBe("from-prompt");
    const rows = await Promise.all(outcome.images.map(async (image) => (await settled(server, who.token, image.id)).status === "ready" && rowOf(image.id)));
    const requests = wire.requests.slice(sent);
    expect(requests.map((r) => r.path)).toEqual(Array.from({ length: 3 }, () => "/v1/images/generations"));
    for (const request of requests) {
      expect(sentText(request)).toContain("MY FIRST MARATHON running in the rain");
      expect(sentText(request)).not.toContain("give me 3 versions");
    }
    const seeds = rows.map((row) => (row ? row.seed : undefined));
    expect(new Set([...seeds, parent?.seed]).size).toBe(4);
    for (const row of rows) {
      if (!row) throw new Error("each version is made");
      expect(row.baseImageId).not.toBe(parent?.baseImageId);
      expect(parseStudioScene(row.scene)?.text.map((t) => t.text)).toEqual(["MY FIRST MARATHON"]);
    }
    expect((await balanceOf(server, who.token, who.userId)).credits).toBe(CREDITS - 4 * PRICE);
  });
});
