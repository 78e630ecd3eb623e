import { exportsResponseSchema } from "../../contract/exports.ts";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { editorLayersResponseSchema } from "../../contract/editor.ts";
import { galleryResponseSchema, imageResponseSchema } from "../../contract/images.ts";
import { images } from "../../db/schema/images.ts";
import { parseStudioScene } from "../studio/scene-schema.ts";
import { endEarlyBird, generate, settled, tokenHeaders } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { type RecordedRequest, sendJson, startWireServer, type WireServer } from "../testing/wire-server.ts";

// A provider image end to end (docs/decisions/036-headlines-over-model-pictures.md): GPT Image's wire stand-in draws a
// picture, the Studio draws the headline over it, the picture is kept as the image's base image, and a headline edit
// renders again over that same picture without asking the model.
let server: TestServer;
let wire: WireServer;

/** A new picture, or (an edit, sent the picture) the same scene with a trophy-coloured disc: a different picture. */
const picture = (edited: boolean) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1536" height="1024"><rect width="1536" height="1024" fill="#24466b"/><circle cx="1100" cy="520" r="300" fill="${edited ? "#d4af37" : "#ffb703"}"/></svg>`)).png().toBuffer();

async function promptOf(request: RecordedRequest | undefined): Promise<string> {
  return String(JSON.parse(request?.body.toString() ?? "{}").prompt);
}

beforeAll(async () => {
  wire = await startWireServer(async (req, res) => sendJson(res, 200, { created: 1, data: [{ b64_json: (await picture(req.path.endsWith("/edits"))).toString("base64") }] }));
  server = await startTestServer({ env: { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: `${wire.url}/v1`, FREE_SIGNUP_CREDITS: "40" } });
  await endEarlyBird(server);
});
afterAll(async () => {
  await server?.close();
  await wire?.close();
});

const rowOf = async (id: string) => (await server.database.db.select().from(images).where(eq(images.id, id)))[0];

describe("a provider image with its headline as a text layer", () => {
  it("keeps the model's picture, opens in the editor with the headline as text, and re-renders a headline edit with no model call", async () => {
    const { user, sessionToken } = await signInByCode(server, "provider-text@example.com");
    const made = await generate(server, sessionToken, { prompt: 'thumbnail "MY FIRST MARATHON" running in the rain', model: "gpt-image" });
    const image = await settled(server, sessionToken, imageResponseSchema.parse(await made.json()).image.id);
    expect(image.status).toBe("ready");
    expect(await promptOf(wire.requests.at(-1))).toContain("No text anywhere");

    const row = await rowOf(image.id);
    const scene = parseStudioScene(row?.scene);
    expect(scene?.text.map((t) => t.text)).toEqual(["MY FIRST MARATHON"]);
    expect(scene?.background).toMatchObject({ photo: true, modelPicture: true });
    // The picture is a row of its own: never expiring, in no gallery, counted in no upload quota.
    const plate = await rowOf(row?.baseImageId ?? "");
    expect(plate).toMatchObject({ kind: "upload", status: "ready", expiresAt: null, userId: user.id });
    const gallery = galleryResponseSchema.parse(await (await fetch(`${server.url}/api/users/${user.id}/gallery`, { headers: tokenHeaders(sessionToken) })).json());
    expect(gallery.images.map((i) => i.id)).toEqual([image.id]);

    const layers = editorLayersResponseSchema.parse(await (await fetch(`${server.url}/api/images/${image.id}/layers`, { headers: tokenHeaders(sessionToken) })).json());
    expect(layers.studio?.texts.map((t) => t.text.replace(/\n/gu, " "))).toEqual(["MY FIRST MARATHON"]);
    // Exports: the model's picture is never enlarged into a "master" nor cropped into another frame.
    const exports = exportsResponseSchema.parse(await (await fetch(`${server.url}/api/images/${image.id}/exports`, { headers: tokenHeaders(sessionToken) })).json());
    expect(exports.exports.filter((e) => !e.available).map((e) => [e.kind, e.reason])).toEqual([
      ["master", "model_picture"],
      ["9x16", "model_picture"],
      ["1x1", "model_picture"],
      ["16x9", "model_picture"],
    ]);

    const sent = wire.requests.length;
    const recoloured = await server.services.generation.requestEdit(user.id, { imageId: image.id, instruction: "make the headline red", changes: { headlineColor: "#ff0000" } });
    if (recoloured.kind !== "queued") throw new Error("a headline edit that changes the colour is queued");
    expect(recoloured.changes).toContainEqual(expect.objectContaining({ layer: "headline", property: "color", to: "#ff0000" }));
    expect(await settled(server, sessionToken, recoloured.image.id)).toMatchObject({ status: "ready" });
    expect(wire.requests.length).toBe(sent);
    const edited = await rowOf(recoloured.image.id);
    expect(edited?.baseImageId).toBe(plate?.id);
    expect(parseStudioScene(edited?.scene)?.text[0]).toMatchObject({ text: "MY FIRST MARATHON", fill: "#ff0000" });
    expect(await rowOf(plate?.id ?? "")).toMatchObject({ originalKey: plate?.originalKey });

    // A change of the picture goes to the model with the text-free picture; its answer is the new image's own picture.
    const withTrophy = await server.services.generation.requestEdit(user.id, { imageId: recoloured.image.id, instruction: "add a trophy", changes: { artAdd: "trophy" } });
    if (withTrophy.kind !== "queued") throw new Error("a provider's picture edit is queued");
    expect(await settled(server, sessionToken, withTrophy.image.id)).toMatchObject({ status: "ready" });
    expect(wire.requests.length).toBe(sent + 1);
    expect(wire.requests.at(-1)?.path).toBe("/v1/images/edits");
    const redrawn = await rowOf(withTrophy.image.id);
    expect(redrawn?.baseImageId).not.toBe(plate?.id);
    expect(await rowOf(redrawn?.baseImageId ?? "")).toMatchObject({ kind: "upload", expiresAt: null });
    expect(parseStudioScene(redrawn?.scene)?.text[0]).toMatchObject({ text: "MY FIRST MARATHON", fill: "#ff0000" });
    expect((await fetch(`${server.url}/api/images/${withTrophy.image.id}`, { method: "DELETE", headers: tokenHeaders(sessionToken) })).status).toBe(204);
    expect(await rowOf(redrawn?.baseImageId ?? "")).toBeUndefined();

    // The picture stays while an image is drawn over it, and goes with the last one.
    const del = (id: string) => fetch(`${server.url}/api/images/${id}`, { method: "DELETE", headers: tokenHeaders(sessionToken) });
    expect((await del(image.id)).status).toBe(204);
    expect(await rowOf(plate?.id ?? "")).toBeDefined();
    expect((await del(recoloured.image.id)).status).toBe(204);
    expect(await rowOf(plate?.id ?? "")).toBeUndefined();
  });

  it("sends the headline to the model when the creator asks for model-drawn text, and stores no text layer", async () => {
    const { sessionToken } = await signInByCode(server, "provider-model-text@example.com");
    const made = await generate(server, sessionToken, { prompt: 'thumbnail "MY FIRST MARATHON" running in the rain', model: "gpt-image", modelText: true });
    const image = await settled(server, sessionToken, imageResponseSchema.parse(await made.json()).image.id);
    expect(image.status).toBe("ready");
    expect(await promptOf(wire.requests.at(-1))).toContain('Write the headline "MY FIRST MARATHON"');
    const row = await rowOf(image.id);
    expect(parseStudioScene(row?.scene)).toBeUndefined();
    expect(row?.scene).toMatchObject({ provider: "openai", modelText: true });
    expect(row?.baseImageId).toBeNull();
  });
});
