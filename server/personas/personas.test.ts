import { readFileSync } from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageResponseSchema } from "../../contract/images.ts";
import { type PersonaDraft, personaDraftResponseSchema, personaListResponseSchema, personaResponseSchema } from "../../contract/personas.ts";
import { balanceOf, settled, tokenHeaders } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

const fixture = (name: string) => readFileSync(new URL(`../subjects/fixtures/${name}`, import.meta.url));

let server: TestServer;
let me: { token: string; userId: string };
let stranger: { token: string; userId: string };

beforeAll(async () => {
  server = await startTestServer({ env: { FREE_SIGNUP_CREDITS: "10" } });
  const a = await signInByCode(server, "persona-owner@example.com");
  const b = await signInByCode(server, "persona-stranger@example.com");
  me = { token: a.sessionToken, userId: a.user.id };
  stranger = { token: b.sessionToken, userId: b.user.id };
}, 60_000);
afterAll(async () => server?.close());

const json = (who: { token: string }) => ({ ...tokenHeaders(who.token), "content-type": "application/json" });

async function uploadPhoto(bytes: Buffer, who = me, type = "image/png"): Promise<string> {
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(bytes)], { type }), "photo");
  const res = await fetch(`${server.url}/api/personas/upload`, { method: "POST", headers: tokenHeaders(who.token), body: form });
  expect(res.status).toBe(201);
  return imageResponseSchema.parse(await res.json()).image.id;
}

async function generate(photoIds: string[], who = me): Promise<PersonaDraft> {
  const res = await fetch(`${server.url}/api/personas/generate`, { method: "POST", headers: json(who), body: JSON.stringify({ photoIds, role: "artist" }) });
  expect(res.status).toBe(202);
  const { draft } = personaDraftResponseSchema.parse(await res.json());
  expect(draft.status).toBe("pending");
  await server.jobs.idle();
  return personaDraftResponseSchema.parse(await (await fetch(`${server.url}/api/personas/drafts/${draft.id}`, { headers: tokenHeaders(who.token) })).json()).draft;
}

const save = (body: Record<string, unknown>, who = me) => fetch(`${server.url}/api/personas`, { method: "POST", headers: json(who), body: JSON.stringify(body) });

describe("personas from a photo", () => {
  let astronautDraft: PersonaDraft;
  let personaId: string;

  it("cuts the subject out of a photo into a draft with a picture, a suggested name and a description", { timeout: 240_000 }, async () => {
    astronautDraft = await generate([await uploadPhoto(fixture("astronaut.png"))]);
    expect(astronautDraft).toMatchObject({ status: "ready", suggestedName: "Artist", photoCount: 1, error: null });
    expect(astronautDraft.description).toMatch(/^Artist, (framed|shown) .+ tones\.$/);
    const urls = astronautDraft.urls;
    if (!urls?.image) throw new Error("a ready draft has its files");
    const cutout = await fetch(`${server.url}${urls.cutout}`, { headers: tokenHeaders(me.token) });
    expect(cutout.headers.get("content-type")).toBe("image/png");
    const meta = await sharp(Buffer.from(await cutout.arrayBuffer())).metadata();
    expect(meta.hasAlpha).toBe(true);
    const picture = await sharp(Buffer.from(await (await fetch(`${server.url}${urls.image}`, { headers: tokenHeaders(me.token) })).arrayBuffer())).metadata();
    expect([picture.width, picture.height]).toEqual([1080, 1080]);
    expect((await fetch(`${server.url}${urls.thumb}`, { headers: tokenHeaders(me.token) })).headers.get("content-type")).toBe("image/webp");
    // Someone else sees none of it.
    expect((await fetch(`${server.url}/api/personas/drafts/${astronautDraft.id}`, { headers: tokenHeaders(stranger.token) })).status).toBe(404);
    expect((await fetch(`${server.url}${urls.cutout}`, { headers: tokenHeaders(stranger.token) })).status).toBe(404);
    expect((await save({ draftId: astronautDraft.id, name: "Mine now" }, stranger)).status).toBe(404);
  });

  it("saves the draft under a name and @handle, refuses a taken handle, renames and lists it", async () => {
    expect((await save({ draftId: astronautDraft.id, name: "  " })).status).toBe(400);
    const saved = await save({ draftId: astronautDraft.id, name: "Astro Naut" });
    expect(saved.status).toBe(201);
    const { persona } = personaResponseSchema.parse(await saved.json());
    expect(persona).toMatchObject({ id: astronautDraft.id, name: "Astro Naut", handle: "astro-naut", role: "artist" });
    personaId = persona.id;
    // A saved draft is gone; its files now belong to the persona.
    expect((await fetch(`${server.url}/api/personas/drafts/${astronautDraft.id}`, { headers: tokenHeaders(me.token) })).status).toBe(404);
    expect((await fetch(`${server.url}${persona.urls.cutout}`, { headers: tokenHeaders(me.token) })).status).toBe(200);

    const renamed = await fetch(`${server.url}/api/personas/${personaId}`, { method: "PATCH", headers: json(me), body: JSON.stringify({ name: "Astro", handle: "astro" }) });
    expect(personaResponseSchema.parse(await renamed.json()).persona).toMatchObject({ name: "Astro", handle: "astro" });
    const list = personaListResponseSchema.parse(await (await fetch(`${server.url}/api/personas`, { headers: tokenHeaders(me.token) })).json());
    expect(list.personas.map((p) => p.handle)).toEqual(["astro"]);
    expect(personaListResponseSchema.parse(await (await fetch(`${server.url}/api/personas`, { headers: tokenHeaders(stranger.token) })).json()).personas).toEqual([]);
    expect((await fetch(`${server.url}/api/personas/${personaId}`, { method: "PATCH", headers: json(stranger), body: JSON.stringify({ name: "x" }) })).status).toBe(404);
    expect((await fetch(`${server.url}/api/personas/${personaId}`, { method: "DELETE", headers: tokenHeaders(stranger.token) })).status).toBe(404);
  });

  it("swaps the persona into a photo as a new subject-replaced image of the same size, paid once", { timeout: 240_000 }, async () => {
    const base = await uploadPhoto(fixture("figure-composite.jpg"), me, "image/jpeg");
    const baseMeta = await sharp(fixture("figure-composite.jpg")).metadata();
    const before = (await balanceOf(server, me.token, me.userId)).credits;
    const res = await fetch(`${server.url}/api/replace-subject`, { method: "POST", headers: json(me), body: JSON.stringify({ baseImageId: base, personaId }) });
    expect(res.status).toBe(202);
    const pending = imageResponseSchema.parse(await res.json()).image;
    expect(pending).toMatchObject({ kind: "subject-replaced", status: "pending", parentId: base });
    const done = await settled(server, me.token, pending.id, 200_000);
    expect(done).toMatchObject({ status: "ready", width: baseMeta.width, height: baseMeta.height, creditsSpent: 1 });
    expect((await balanceOf(server, me.token, me.userId)).credits).toBe(before - 1);
    // Someone else's persona or image is not theirs to use.
    const theirs = await fetch(`${server.url}/api/replace-subject`, { method: "POST", headers: json(stranger), body: JSON.stringify({ baseImageId: base, personaId }) });
    expect(theirs.status).toBe(404);
  });

  it("says so when a photo has no subject, and deletes a persona with its files", { timeout: 240_000 }, async () => {
    const flat = await generate([await uploadPhoto(fixture("flat.png"))]);
    expect(flat).toMatchObject({ status: "failed", errorCode: "invalid:no_subject", urls: null });
    expect(flat.error).not.toMatch(/stack|Error:/);

    const cutoutUrl = `${server.url}/api/personas/${personaId}/cutout`;
    expect((await fetch(`${server.url}/api/personas/${personaId}`, { method: "DELETE", headers: tokenHeaders(me.token) })).status).toBe(204);
    expect((await fetch(cutoutUrl, { headers: tokenHeaders(me.token) })).status).toBe(404);
    expect(personaListResponseSchema.parse(await (await fetch(`${server.url}/api/personas`, { headers: tokenHeaders(me.token) })).json()).personas).toEqual([]);
  });
});
