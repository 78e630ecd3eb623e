import { createHash } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EditorDocument, type EditorText, editorLayersResponseSchema } from "../../contract/editor.ts";
import { imageResponseSchema } from "../../contract/images.ts";
import { createLocalDiskStorage } from "../storage/local-disk.ts";
import { personaKey } from "../storage/keys.ts";
import { createPersonaStore } from "../personas/store.ts";
import { balanceOf, generate, openSocket, settled, testPhoto, tokenHeaders, upload } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

let server: TestServer;
let owner: { userId: string; token: string };
let studioImage: { id: string; original: Buffer };

beforeAll(async () => {
  server = await startTestServer();
  const { user, sessionToken } = await signInByCode(server, "editor@example.com");
  owner = { userId: user.id, token: sessionToken };
  const personaId = await addPersona(user.id, "Mia");
  const res = await generate(server, sessionToken, { prompt: 'cartoon thumbnail "I tried 100 days of coding"', style: "cartoon", personaIds: [personaId], seed: 7 });
  const { image } = imageResponseSchema.parse(await res.json());
  const done = await settled(server, sessionToken, image.id);
  expect(done.status).toBe("ready");
  studioImage = { id: image.id, original: await bytesOf(`/api/images/${image.id}/original`) };
}, 60_000);
afterAll(async () => server?.close());

async function addPersona(userId: string, name: string): Promise<string> {
  const store = createPersonaStore(server.database.db);
  const row = await store.insert({ userId, name, handle: name.toLowerCase(), role: "artist", cutoutKey: "pending" });
  const key = personaKey(userId, row.id, "cutout");
  const shape = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="600"><ellipse cx="200" cy="300" rx="150" ry="260" fill="#e11d48"/></svg>`);
  await createLocalDiskStorage(server.config.filesDir).put(key, await sharp(shape).png().toBuffer());
  const { personas } = await import("../../db/schema/personas.ts");
  const { eq } = await import("drizzle-orm");
  await server.database.db.update(personas).set({ cutoutKey: key }).where(eq(personas.id, row.id));
  return row.id;
}

async function bytesOf(path: string, token = owner.token): Promise<Buffer> {
  const res = await fetch(`${server.url}${path}`, { headers: tokenHeaders(token) });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

function postEdit(id: string, body: unknown, query = "", token = owner.token): Promise<Response> {
  return fetch(`${server.url}/api/images/${id}/edits${query}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...tokenHeaders(token) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const text = (over: Partial<EditorText> = {}): EditorText => ({
  id: "t1",
  text: "HELLO",
  face: "anton",
  size: 120,
  fill: "#ffffff",
  stroke: { color: "#000000", width: 8 },
  shadow: { color: "#000000", blur: 0, dx: 0, dy: 0, opacity: 0 },
  x: 100,
  y: 100,
  rotation: 0,
  align: "left",
  ...over,
});

const plainDoc = (w: number, h: number, over: Partial<EditorDocument> = {}): EditorDocument => ({
  crop: { aspect: "free", x: 0, y: 0, w, h },
  rotation: 0,
  flipX: false,
  flipY: false,
  adjust: { brightness: 0, contrast: 0, saturation: 0 },
  filter: "none",
  texts: [],
  subjects: [],
  ...over,
});

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

async function raw(png: Buffer) {
  return sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
}

/** Mean absolute difference of two same-sized images over a rectangle, 0–255. */
async function meanDiff(a: Buffer, b: Buffer, rect: { x: number; y: number; w: number; h: number }): Promise<number> {
  const [ra, rb] = await Promise.all([raw(a), raw(b)]);
  expect([ra.info.width, ra.info.height]).toEqual([rb.info.width, rb.info.height]);
  let sum = 0;
  let n = 0;
  for (let y = Math.max(0, Math.floor(rect.y)); y < Math.min(ra.info.height, rect.y + rect.h); y++) {
    for (let x = Math.max(0, Math.floor(rect.x)); x < Math.min(ra.info.width, rect.x + rect.w); x++) {
      const i = (y * ra.info.width + x) * 3;
      for (let c = 0; c < 3; c++) sum += Math.abs((ra.data[i + c] ?? 0) - (rb.data[i + c] ?? 0));
      n += 3;
    }
  }
  return n === 0 ? 0 : sum / n;
}

async function imageCount(): Promise<number> {
  const { images } = await import("../../db/schema/images.ts");
  const { eq } = await import("drizzle-orm");
  return (await server.database.db.select({ id: images.id }).from(images).where(eq(images.userId, owner.userId))).length;
}

describe("GET /api/images/:id/layers", () => {
  it("takes a Studio image apart: a backplate without the headline, the persona as a sprite, the headline as text", async () => {
    const res = await fetch(`${server.url}/api/images/${studioImage.id}/layers`, { headers: tokenHeaders(owner.token) });
    expect(res.status).toBe(200);
    const body = editorLayersResponseSchema.parse(await res.json());
    expect(body.image.id).toBe(studioImage.id);
    const studio = body.studio;
    if (!studio) throw new Error("a Studio image has layers");
    expect(studio.texts).toHaveLength(1);
    expect(studio.texts[0]?.text.replaceAll("\n", " ")).toMatch(/100 DAYS OF CODING/i);
    expect(studio.subjects.map((s) => s.name)).toEqual(["Mia"]);
    const backplate = Buffer.from(studio.backplate.replace(/^data:image\/png;base64,/, ""), "base64");
    expect(await sharp(backplate).metadata()).toMatchObject({ width: 1280, height: 720, format: "png" });
    const headline = studio.texts[0];
    if (!headline) throw new Error("no headline");
    // Where the headline was, the backplate shows the background instead; the persona's box is empty too.
    const where = { x: headline.x, y: headline.y, w: 300, h: headline.size };
    expect(await meanDiff(backplate, studioImage.original, where)).toBeGreaterThan(20);
    const persona = studio.subjects[0]?.box ?? { x: 0, y: 0, w: 0, h: 0 };
    expect(await meanDiff(backplate, studioImage.original, { x: persona.x + persona.w * 0.3, y: persona.y + persona.h * 0.4, w: persona.w * 0.4, h: persona.h * 0.3 })).toBeGreaterThan(20);
    const sprite = Buffer.from((studio.subjects[0]?.sprite ?? "").split(",")[1] ?? "", "base64");
    expect((await sharp(sprite).metadata()).hasAlpha).toBe(true);
  });

  it("answers a plain upload with its record and no Studio layers", async () => {
    const res = await upload(server, owner.token, await testPhoto(640, 480));
    const { image } = imageResponseSchema.parse(await res.json());
    const layers = editorLayersResponseSchema.parse(await (await fetch(`${server.url}/api/images/${image.id}/layers`, { headers: tokenHeaders(owner.token) })).json());
    expect(layers).toMatchObject({ image: { id: image.id, kind: "upload" }, studio: null });
  });

  it("is 404 for someone else's image, a missing one and a malformed id", async () => {
    const other = await signInByCode(server, "someone.else@example.com");
    for (const [id, token] of [
      [studioImage.id, other.sessionToken],
      ["6f1c7a53-3a1e-4d67-9a34-4c1d1d8f2b11", owner.token],
      ["not-a-uuid", owner.token],
    ] as const) {
      expect((await fetch(`${server.url}/api/images/${id}/layers`, { headers: tokenHeaders(token) })).status).toBe(404);
      expect((await postEdit(id, plainDoc(1280, 720), "", token)).status).toBe(404);
    }
  });
});

describe("POST /api/images/:id/edits", () => {
  it("saves an edit as a new free image of kind edited, and leaves the original byte for byte", async () => {
    const before = await balanceOf(server, owner.token, owner.userId);
    const socket = await openSocket(server, owner.token);
    const announced: string[] = [];
    socket.on("gallery:new", (g: { image: { id: string } }) => announced.push(g.image.id));
    const doc = plainDoc(1280, 720, { texts: [text({ text: "SAVED", fill: "#ffe600" })] });
    const res = await postEdit(studioImage.id, doc);
    expect(res.status).toBe(201);
    const { image } = imageResponseSchema.parse(await res.json());
    // Every tab's gallery hears of the new image.
    await expect.poll(() => announced).toEqual([image.id]);
    socket.close();
    expect(image).toMatchObject({ kind: "edited", status: "ready", parentId: studioImage.id, width: 1280, height: 720, creditsSpent: 0, aspect: "16:9" });
    expect((await balanceOf(server, owner.token, owner.userId)).credits).toBe(before.credits);
    const saved = await bytesOf(`/api/images/${image.id}/original`);
    expect(sha(await bytesOf(`/api/images/${studioImage.id}/original`))).toBe(sha(studioImage.original));
    // Yellow letters where the text layer is.
    const { data, info } = await raw(saved);
    let yellow = 0;
    for (let y = 100; y < 260; y++) {
      for (let x = 100; x < 500; x++) {
        const i = (y * info.width + x) * 3;
        if ((data[i] ?? 0) > 230 && (data[i + 1] ?? 0) > 210 && (data[i + 2] ?? 255) < 40) yellow++;
      }
    }
    expect(yellow).toBeGreaterThan(2000);
  });

  it("draws text with the Studio's outlines: the same layer renders the same pixels, another face other pixels", async () => {
    const anton = plainDoc(1280, 720, { texts: [text()] });
    const [a, b, c] = await Promise.all([
      postEdit(studioImage.id, anton, "?download=png"),
      postEdit(studioImage.id, anton, "?download=png"),
      postEdit(studioImage.id, plainDoc(1280, 720, { texts: [text({ face: "abril" })] }), "?download=png"),
    ]);
    const [pa, pb, pc] = await Promise.all([a, b, c].map(async (r) => Buffer.from(await r.arrayBuffer())));
    if (!pa || !pb || !pc) throw new Error("missing render");
    expect(sha(pa)).toBe(sha(pb));
    expect(await meanDiff(pa, pc, { x: 100, y: 100, w: 400, h: 140 })).toBeGreaterThan(5);
  });

  it("crops, turns and downloads at full resolution in PNG, JPEG and WebP", async () => {
    const doc = plainDoc(1280, 720, { crop: { aspect: "9:16", x: 100, y: 0, w: 405, h: 720 }, rotation: 90, flipX: true });
    for (const [format, type] of [["png", "image/png"], ["jpeg", "image/jpeg"], ["webp", "image/webp"]] as const) {
      const res = await postEdit(studioImage.id, doc, `?download=${format}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe(type);
      expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="thumbforge-[0-9a-f]{8}-edited\.(png|jpg|webp)"$/);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ width: 720, height: 405, format });
    }
  });

  it("applies the adjustments within their bounds: full brightness is white, beyond it is refused", async () => {
    const bright = await postEdit(studioImage.id, plainDoc(1280, 720, { adjust: { brightness: 1, contrast: 0, saturation: 0 } }), "?download=png");
    const { data } = await raw(Buffer.from(await bright.arrayBuffer()));
    expect(Math.min(...data.subarray(0, 3000))).toBe(255);
    const mono = await postEdit(studioImage.id, plainDoc(1280, 720, { filter: "mono" }), "?download=png");
    const grey = await raw(Buffer.from(await mono.arrayBuffer()));
    for (let i = 0; i < 3000; i += 3) expect(Math.abs((grey.data[i] ?? 0) - (grey.data[i + 2] ?? 0))).toBeLessThanOrEqual(1);
    expect((await postEdit(studioImage.id, plainDoc(1280, 720, { adjust: { brightness: 2, contrast: 0, saturation: 0 } }))).status).toBe(400);
  });

  it("moves a Studio persona: the render differs where it was and where it went", async () => {
    const layers = editorLayersResponseSchema.parse(await (await fetch(`${server.url}/api/images/${studioImage.id}/layers`, { headers: tokenHeaders(owner.token) })).json());
    const subject = layers.studio?.subjects[0];
    if (!subject) throw new Error("no persona");
    const stay = await postEdit(studioImage.id, plainDoc(1280, 720, { subjects: [{ index: 0, box: subject.box }] }), "?download=png");
    const moved = { ...subject.box, x: subject.box.x - 400 };
    const go = await postEdit(studioImage.id, plainDoc(1280, 720, { subjects: [{ index: 0, box: moved }] }), "?download=png");
    const [a, b] = await Promise.all([stay, go].map(async (r) => Buffer.from(await r.arrayBuffer())));
    if (!a || !b) throw new Error("missing render");
    // In place, with no text: the original less its headline, so the persona's area matches the original.
    expect(await meanDiff(a, studioImage.original, { x: subject.box.x + subject.box.w * 0.3, y: subject.box.y + subject.box.h * 0.5, w: subject.box.w * 0.4, h: subject.box.h * 0.3 })).toBeLessThan(3);
    expect(await meanDiff(a, b, { x: moved.x + moved.w * 0.3, y: moved.y + moved.h * 0.5, w: moved.w * 0.4, h: moved.h * 0.3 })).toBeGreaterThan(20);
    // What the canvas shows — the sprite laid on the backplate at its rectangle — is what the server renders.
    const decode = (url: string) => Buffer.from(url.split(",")[1] ?? "", "base64");
    const rect = subject.spriteRect;
    const sprite = await sharp(decode(subject.sprite)).extract({ left: Math.max(0, -rect.x), top: Math.max(0, -rect.y), width: Math.min(rect.w, 1280 - rect.x) - Math.max(0, -rect.x), height: Math.min(rect.h, 720 - rect.y) - Math.max(0, -rect.y) }).toBuffer();
    const front = layers.studio?.front ? [{ input: decode(layers.studio.front) }] : [];
    const canvas = await sharp(decode(layers.studio?.backplate ?? "")).composite([{ input: sprite, left: Math.max(0, rect.x), top: Math.max(0, rect.y) }, ...front]).png().toBuffer();
    expect(await meanDiff(canvas, a, { x: rect.x, y: rect.y, w: rect.w, h: rect.h })).toBeLessThan(1);
  });

  it("renders two at a time with a short queue, and answers busy past it", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => postEdit(studioImage.id, plainDoc(1280, 720), "?download=png")));
    const statuses = answers.map((r) => r.status);
    await Promise.all(answers.map((r) => r.arrayBuffer()));
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(10);
    const busy = answers.filter((r) => r.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]?.headers.get("retry-after")).toBe("2");
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
  });

  it("refuses a hostile document with a 400 and stores nothing", async () => {
    const count = await imageCount();
    const hostile: unknown[] = [
      plainDoc(1280, 720, { texts: Array.from({ length: 10_000 }, (_, i) => text({ id: `t${i}` })) }),
      plainDoc(1280, 720, { texts: [text({ size: 1e9 })] }),
      plainDoc(1280, 720, { texts: [text({ text: "x".repeat(100_000) })] }),
      plainDoc(1280, 720, { texts: Array.from({ length: 11 }, (_, i) => text({ id: `t${i}` })) }),
      plainDoc(1280, 720, { crop: { aspect: "free", x: 1000, y: 0, w: 1280, h: 720 } }),
      plainDoc(1280, 720, { texts: [text({ fill: "red; }<script>" })] }),
      { ...plainDoc(1280, 720), rotation: 45 },
      { ...plainDoc(1280, 720), crop: { aspect: "free", x: 0, y: 0, w: 0, h: 720 } },
    ];
    for (const body of hostile) expect((await postEdit(studioImage.id, body)).status).toBe(400);
    // JSON has no NaN: sent raw, it is unparseable; as a string, the wrong type.
    expect((await postEdit(studioImage.id, JSON.stringify(plainDoc(1280, 720)).replace('"brightness":0', '"brightness":NaN'))).status).toBe(400);
    expect((await postEdit(studioImage.id, JSON.stringify(plainDoc(1280, 720)).replace('"brightness":0', '"brightness":"NaN"'))).status).toBe(400);
    expect((await postEdit(studioImage.id, plainDoc(1280, 720), "?download=gif")).status).toBe(400);
    expect(await imageCount()).toBe(count);
    expect(sha(await bytesOf(`/api/images/${studioImage.id}/original`))).toBe(sha(studioImage.original));
  });
});
