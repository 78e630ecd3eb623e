import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageDetailResponseSchema, imageResponseSchema } from "../../contract/images.ts";
import { clusterPalette, deltaE, labOfHex, type StyleKitRecord, styleKitListResponseSchema, styleKitResponseSchema } from "../../contract/style-kits.ts";
import type { ImageEngine } from "../generation/engine.ts";
import { createStudioEngine } from "../studio/engine.ts";
import { balanceOf, generate, settled, tokenHeaders, upload } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { drawStyleThumbnail, orangeLeft } from "../testing/style-thumbnails.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

// Style kits end to end (docs/product/style-kits.md): thumbnails with known colours and layout drawn here, uploaded,
// learned with the real OCR engine (English data; faces by skin tone, not a subject model), then a Studio render in
// the kit.
let server: TestServer;
let token: string;
let ownerId: string;
let other: string;

const near = (a: string, b: string, within = 12) => deltaE(labOfHex(a), labOfHex(b)) <= within;

beforeAll(async () => {
  // A second model (the Studio under a provider's id) so new versions in another model are drawn from the prompt.
  const studio = createStudioEngine();
  const engines = new Map<string, ImageEngine>([["studio", studio], ["gpt-image", { ...studio, id: "gpt-image" }]]);
  server = await startTestServer({ env: { FREE_SIGNUP_CREDITS: "40", OPENAI_API_KEY: "sk-test" }, deps: { engines } });
  const owner = await signInByCode(server, "kit-owner@example.com");
  token = owner.sessionToken;
  ownerId = owner.user.id;
  other = (await signInByCode(server, "kit-other@example.com")).sessionToken;
});
afterAll(async () => server?.close());

async function uploaded(as: string, png: Buffer): Promise<string> {
  const res = await upload(server, as, png, "thumb.png");
  expect(res.status).toBe(201);
  return imageResponseSchema.parse(await res.json()).image.id;
}

function post(as: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}/api/style-kits`, { method: "POST", headers: { "content-type": "application/json", ...tokenHeaders(as) }, body: JSON.stringify(body) });
}

describe("style kits", () => {
  let kit: StyleKitRecord;
  let ids: string[];
  let madeInKit: string;

  it("learns the fixtures' colours, headline look and side", { timeout: 120_000 }, async () => {
    ids = [];
    for (const t of orangeLeft) ids.push(await uploaded(token, await drawStyleThumbnail(t)));
    const res = await post(token, { name: "Orange channel", imageIds: ids });
    expect(res.status).toBe(201);
    kit = styleKitResponseSchema.parse(await res.json()).kit;
    expect(kit.name).toBe("Orange channel");
    expect(kit.sourceImageIds).toEqual(ids);
    const colours = kit.kit.palette.map((s) => s.color);
    expect(near(colours[0] ?? "", "#ff7a00")).toBe(true);
    expect(colours.some((c) => near(c, "#1b2a6b"))).toBe(true);
    expect(near(kit.kit.text, "#ffffff")).toBe(true);
    expect(kit.kit.outline && near(kit.kit.outline, "#000000", 15)).toBe(true);
    expect(kit.kit.side).toBe("left");
    expect(kit.kit.font).toBe("anton");
    expect(kit.kit.headline).toMatchObject({ case: "upper", weight: "heavy", outline: true });
    expect(kit.kit.readHeadlines).toBeGreaterThanOrEqual(2);
  });

  it("renders a Studio thumbnail in the kit: its colours, its side, its font, recorded on the image", { timeout: 120_000 }, async () => {
    const res = await generate(server, token, { prompt: "I tried the hardest puzzle game", style: kit.kit.baseStyle, styleKitId: kit.id, seed: 7 });
    expect(res.status).toBe(202);
    const { image } = imageResponseSchema.parse(await res.json());
    expect(image.styleKitId).toBe(kit.id);
    madeInKit = image.id;
    expect((await settled(server, token, image.id, 60_000)).status).toBe("ready");
    const detail = imageDetailResponseSchema.parse(await (await fetch(`${server.url}/api/images/${image.id}`, { headers: tokenHeaders(token) })).json());
    const scene = detail.scene as { palette: { mid: string }; text: { fill: string; face: string; box: { x: number; w: number } }[]; width: number; kit?: { side: string } };
    expect(scene.kit).toEqual({ side: "left", case: "upper" });
    expect(scene.palette.mid).toBe(kit.kit.palette[0]?.color);
    const headline = scene.text[0];
    expect(headline?.fill).toBe(kit.kit.text);
    expect(headline?.face).toBe("anton");
    expect((headline?.box.x ?? 0) + (headline?.box.w ?? 0) / 2).toBeLessThan(scene.width / 2);
    // The pixels: the kit's orange is what most of the picture is.
    const png = await (await fetch(`${server.url}${image.urls?.original ?? detail.image.urls?.original}`, { headers: tokenHeaders(token) })).arrayBuffer();
    const { data } = await sharp(Buffer.from(png)).resize({ width: 160 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const rendered = clusterPalette(data, 3, 5);
    expect(rendered.some((s) => near(s.color, "#ff7a00", 15) && s.share > 0.2)).toBe(true);
  });

  it("keeps the kit through an edit", { timeout: 120_000 }, async () => {
    const first = imageResponseSchema.parse(await (await generate(server, token, { prompt: "Speedrun \"NEW RECORD\"", style: kit.kit.baseStyle, styleKitId: kit.id, seed: 3 })).json()).image;
    expect((await settled(server, token, first.id, 60_000)).status).toBe("ready");
    const scene = (id: string) => fetch(`${server.url}/api/images/${id}`, { headers: tokenHeaders(token) }).then(async (r) => imageDetailResponseSchema.parse(await r.json()));
    const edited = await server.services.generation.requestEdit(ownerId, { imageId: first.id, instruction: "headline World record on iPhone", changes: { headline: "World record on iPhone" } });
    expect(edited.kind).toBe("queued");
    if (edited.kind !== "queued") return;
    expect((await settled(server, token, edited.image.id, 60_000)).status).toBe("ready");
    const after = await scene(edited.image.id);
    expect(after.image.styleKitId).toBe(kit.id);
    const s = after.scene as { palette: { mid: string }; kit?: { side: string }; text: { fill: string; text: string }[] };
    expect(s.kit).toEqual({ side: "left", case: "upper" });
    // The kit sets headlines in capitals: a typed mixed-case headline takes them, the brand keeps its own.
    expect(s.text[0]?.text).toBe("WORLD RECORD ON iPhone");
    expect(s.palette.mid).toBe(kit.kit.palette[0]?.color);
    expect(s.text[0]?.fill).toBe(kit.kit.text);
  });

  it("lists, reads, renames and deletes a kit, for its owner only", async () => {
    const list = styleKitListResponseSchema.parse(await (await fetch(`${server.url}/api/style-kits`, { headers: tokenHeaders(token) })).json());
    expect(list.kits.map((k) => k.id)).toContain(kit.id);
    expect((await fetch(`${server.url}/api/style-kits/${kit.id}`, { headers: tokenHeaders(other) })).status).toBe(404);
    const renamed = await fetch(`${server.url}/api/style-kits/${kit.id}`, { method: "PATCH", headers: { "content-type": "application/json", ...tokenHeaders(token) }, body: JSON.stringify({ name: "  Loud orange " }) });
    expect(renamed.status).toBe(200);
    expect(styleKitResponseSchema.parse(await renamed.json()).kit.name).toBe("Loud orange");
    expect((await fetch(`${server.url}/api/style-kits/${kit.id}`, { method: "DELETE", headers: tokenHeaders(other) })).status).toBe(404);
    expect((await fetch(`${server.url}/api/style-kits/${kit.id}`, { method: "DELETE", headers: tokenHeaders(token) })).status).toBe(204);
    expect((await fetch(`${server.url}/api/style-kits/${kit.id}`, { headers: tokenHeaders(token) })).status).toBe(404);
    // A render in a deleted (or someone else's) kit is refused before anything is charged.
    const credits = (await balanceOf(server, token, ownerId)).credits;
    const gone = await generate(server, token, { prompt: "after", styleKitId: kit.id });
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { code: string }).code).toBe("not_found:style_kit");
    expect((await balanceOf(server, token, ownerId)).credits).toBe(credits);
    const otherKit = await post(other, { name: "Theirs", imageIds: [await uploaded(other, await drawStyleThumbnail(orangeLeft[0] as (typeof orangeLeft)[number]))] });
    expect(otherKit.status).toBe(201);
    const theirs = styleKitResponseSchema.parse(await otherKit.json()).kit.id;
    expect((await generate(server, token, { prompt: "theirs", styleKitId: theirs })).status).toBe(404);
    expect((await balanceOf(server, token, ownerId)).credits).toBe(credits);
  });

  it("makes new versions of an image whose kit was deleted without it, charged once and never failed", { timeout: 120_000 }, async () => {
    const outcome = await server.services.generation.requestVariants(ownerId, { imageId: madeInKit, count: 1, instruction: "another one", changes: {}, model: "gpt-image" });
    expect(outcome.kind).toBe("from-prompt");
    const [version] = outcome.images;
    expect(version?.styleKitId).toBeNull();
    expect((await settled(server, token, version?.id ?? "", 60_000)).status).toBe("ready");
  });

  it("refuses bad input and changes nothing", async () => {
    const before = styleKitListResponseSchema.parse(await (await fetch(`${server.url}/api/style-kits`, { headers: tokenHeaders(token) })).json()).kits.length;
    const thirteen = Array.from({ length: 13 }, () => crypto.randomUUID());
    expect((await post(token, { name: "Too many", imageIds: thirteen })).status).toBe(400);
    expect((await post(token, { name: "", imageIds: ids.slice(0, 1) })).status).toBe(400);
    expect((await post(token, { name: "None", imageIds: [] })).status).toBe(400);
    const res = await post(other, { name: "Not mine", imageIds: ids.slice(0, 1) });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe("not_found:image");
    expect((await fetch(`${server.url}/api/style-kits/not-a-uuid`, { headers: tokenHeaders(token) })).status).toBe(404);
    const after = styleKitListResponseSchema.parse(await (await fetch(`${server.url}/api/style-kits`, { headers: tokenHeaders(token) })).json()).kits.length;
    expect(after).toBe(before);
  });
});
