import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageDetailResponseSchema, imageResponseSchema, type ImageRecord } from "../../contract/images.ts";
import { personas } from "../../db/schema/personas.ts";
import { eq } from "drizzle-orm";
import { AppError } from "../errors/app-error.ts";
import { createPersonaStore } from "../personas/store.ts";
import { personaKey } from "../storage/keys.ts";
import { createLocalDiskStorage } from "../storage/local-disk.ts";
import type { Scene } from "../studio/scene.ts";
import type { SubjectExtractor } from "../subjects/engine.ts";
import { balanceOf, endEarlyBird, generate, settled, testPhoto, tokenHeaders, upload } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

let server: TestServer;
let me: { token: string; userId: string };
// The subject model, standing in for ISNet on a busy picture: it finds no one clear subject, and counts its calls.
const extracted: Buffer[] = [];
const busyPictureExtractor: SubjectExtractor = {
  extract: async (input) => {
    extracted.push(input);
    throw new AppError("invalid:no_subject", "No clear subject.");
  },
  warmUp: async () => {},
  close: async () => {},
};

beforeAll(async () => {
  server = await startTestServer({ env: { FREE_SIGNUP_CREDITS: "20" }, deps: { subjectExtractor: busyPictureExtractor } });
  await endEarlyBird(server);
  const { user, sessionToken } = await signInByCode(server, "swapper@example.com");
  me = { token: sessionToken, userId: user.id };
}, 60_000);
afterAll(async () => server?.close());

/** A persona whose cut-out is one flat-coloured figure, so the swapped image shows whose it is. */
async function addPersona(name: string, colour: string): Promise<string> {
  const row = await createPersonaStore(server.database.db).insert({ userId: me.userId, name, handle: name.toLowerCase(), role: "artist", cutoutKey: "pending" });
  const key = personaKey(me.userId, row.id, "cutout");
  const figure = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="600"><ellipse cx="200" cy="300" rx="150" ry="260" fill="${colour}"/></svg>`);
  await createLocalDiskStorage(server.config.filesDir).put(key, await sharp(figure).png().toBuffer());
  await server.database.db.update(personas).set({ cutoutKey: key }).where(eq(personas.id, row.id));
  return row.id;
}

async function made(body: unknown): Promise<ImageRecord> {
  const res = await generate(server, me.token, body);
  expect(res.status).toBe(202);
  const done = await settled(server, me.token, imageResponseSchema.parse(await res.json()).image.id);
  expect(done.status).toBe("ready");
  return done;
}

async function swap(baseImageId: string, personaId: string): Promise<ImageRecord> {
  const res = await fetch(`${server.url}/api/replace-subject`, {
    method: "POST",
    headers: { ...tokenHeaders(me.token), "content-type": "application/json" },
    body: JSON.stringify({ baseImageId, personaId }),
  });
  expect(res.status).toBe(202);
  return settled(server, me.token, imageResponseSchema.parse(await res.json()).image.id, 60_000);
}

async function sceneOf(id: string): Promise<Scene> {
  const res = await fetch(`${server.url}/api/images/${id}`, { headers: tokenHeaders(me.token) });
  expect(res.status).toBe(200);
  const { scene } = imageDetailResponseSchema.parse(await res.json());
  if (!scene) throw new Error(`image ${id} has no scene`);
  return scene as unknown as Scene;
}

/** The mean colour of the upper middle of a box of the image's original PNG: a figure's chest, above the icons. */
async function colourAt(image: ImageRecord, box: { x: number; y: number; w: number; h: number }): Promise<{ r: number; g: number; b: number }> {
  if (!image.urls) throw new Error("a ready image has its files");
  const png = Buffer.from(await (await fetch(`${server.url}${image.urls.original}`, { headers: tokenHeaders(me.token) })).arrayBuffer());
  const region = { left: Math.round(box.x + box.w * 0.45), top: Math.round(box.y + box.h * 0.2), width: Math.max(1, Math.round(box.w * 0.1)), height: Math.max(1, Math.round(box.h * 0.1)) };
  // stats() reads its input, so the region is cut out first.
  const { channels } = await sharp(await sharp(png).extract(region).png().toBuffer()).stats();
  const [r, g, b] = channels.map((c) => c.mean);
  return { r: r ?? 0, g: g ?? 0, b: b ?? 0 };
}

describe("swapping a persona into a Studio thumbnail", () => {
  let red: string;
  let blue: string;
  beforeAll(async () => {
    red = await addPersona("Mia", "#e11d48");
    blue = await addPersona("Leo", "#2563eb");
  });

  it("replaces the persona layer from the scene, keeping the headline and icons, with no segmentation", { timeout: 120_000 }, async () => {
    const base = await made({ prompt: 'realistic thumbnail "I made $10,000 with one laptop" money laptop', style: "realistic", personaIds: [red], seed: 11 });
    const before = await sceneOf(base.id);
    expect(before.art?.length ?? 0).toBeGreaterThan(0);
    expect(before.subjects.find((s) => s.index === 0)?.name).toBe("Mia");

    const swapped = await swap(base.id, blue);
    expect(swapped).toMatchObject({ status: "ready", kind: "subject-replaced", parentId: base.id, personaIds: [blue], errorCode: null });
    expect(extracted).toHaveLength(0);
    const after = await sceneOf(swapped.id);
    expect(after.text.map((t) => t.text)).toEqual(before.text.map((t) => t.text));
    expect(after.art?.map((a) => a.id)).toEqual(before.art?.map((a) => a.id));
    const hero = after.subjects.find((s) => s.index === 0);
    expect(hero).toMatchObject({ name: "Leo", box: before.subjects.find((s) => s.index === 0)?.box });
    // The figure in the hero's box is the new persona's blue, where the old image had the red one.
    if (!hero) throw new Error("the swapped scene has a hero");
    const was = await colourAt(base, hero.box);
    const now = await colourAt(swapped, hero.box);
    expect(was.r).toBeGreaterThan(was.b + 60);
    expect(now.b).toBeGreaterThan(now.r + 60);

    // The swapped image keeps its scene: a later edit still re-renders it, with the new persona.
    const edit = await server.services.generation.requestEdit(me.userId, { imageId: swapped.id, instruction: "say wow", changes: { headline: "wow" } });
    if (edit.kind !== "queued") throw new Error("a new headline is a change: the edit is queued");
    const edited = await settled(server, me.token, edit.image.id);
    expect(edited.status).toBe("ready");
    const editedScene = await sceneOf(edited.id);
    expect(editedScene.text[0]?.text).toBe("WOW");
    expect(editedScene.subjects.find((s) => s.index === 0)?.name).toBe("Leo");
  });

  it("puts the persona in place of the main icon when the thumbnail has no persona", { timeout: 120_000 }, async () => {
    const base = await made({ prompt: 'realistic thumbnail "This laptop changed everything" laptop', style: "realistic", seed: 5 });
    const before = await sceneOf(base.id);
    const main = before.art?.find((a) => a.role === "object");
    expect(before.subjects).toEqual([]);
    if (!main) throw new Error("the thumbnail has a main icon");

    const swapped = await swap(base.id, blue);
    expect(swapped).toMatchObject({ status: "ready", personaIds: [blue] });
    expect(extracted).toHaveLength(0);
    const after = await sceneOf(swapped.id);
    expect(after.text.map((t) => t.text)).toEqual(before.text.map((t) => t.text));
    expect(after.art?.some((a) => a.id === main.id && a.role === "object") ?? false).toBe(false);
    expect(after.subjects).toEqual([expect.objectContaining({ name: "Leo", index: 0 })]);
  });
});

describe("swapping a persona into an uploaded photo", () => {
  it("cuts the subject out by its mask, and a picture without one clear person fails with a code the web explains", { timeout: 60_000 }, async () => {
    const persona = await addPersona("Ada", "#16a34a");
    const res = await upload(server, me.token, await testPhoto(640, 360));
    expect(res.status).toBe(201);
    const { image: photo } = imageResponseSchema.parse(await res.json());
    const credits = (await balanceOf(server, me.token, me.userId)).credits;
    const calls = extracted.length;

    const swapped = await swap(photo.id, persona);
    expect(extracted.length).toBe(calls + 1);
    expect(swapped).toMatchObject({ status: "failed", errorCode: "unprocessable:swap_subject" });
    expect(swapped.error).toMatch(/one clear person/);
    // Refunded: a failed swap costs nothing.
    expect((await balanceOf(server, me.token, me.userId)).credits).toBe(credits);
  });
});
