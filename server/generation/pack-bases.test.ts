import { createHash, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageResponseSchema, type Pack, packResponseSchema } from "../../contract/images.ts";
import { images } from "../../db/schema/images.ts";
import { createStudioEngine } from "../studio/engine.ts";
import { balanceOf, endEarlyBird, settled, testPhoto, tokenHeaders, upload } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import type { GenerateInput, ImageEngine } from "./engine.ts";

// An A/B pack from three base images (three moments of a video): each variant starts from its own.

let server: TestServer;
const studio = createStudioEngine();
const received: GenerateInput[] = [];
const engine: ImageEngine = {
  id: "studio",
  async generate(input) {
    received.push(input);
    return studio.generate(input);
  },
};

beforeAll(async () => {
  server = await startTestServer({ env: { FREE_SIGNUP_CREDITS: "10" }, deps: { engines: new Map([["studio", engine]]) } });
  await endEarlyBird(server);
});
afterAll(async () => {
  await server?.close();
});

function generatePack(token: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}/api/generate-pack`, { method: "POST", headers: { "content-type": "application/json", ...tokenHeaders(token) }, body: JSON.stringify(body) });
}

/** Three uploads of different sizes, so their bytes differ. */
async function uploadThree(token: string): Promise<string[]> {
  const ids: string[] = [];
  for (const width of [320, 400, 480]) {
    const res = await upload(server, token, await testPhoto(width, 240));
    expect(res.status).toBe(201);
    const { image } = imageResponseSchema.parse(await res.json());
    await settled(server, token, image.id);
    ids.push(image.id);
  }
  return ids;
}

const sha = (bytes: Buffer | undefined) => (bytes ? createHash("sha256").update(bytes).digest("hex") : "none");

describe("POST /api/generate-pack with baseImageIds", () => {
  it("starts variant i from baseImageIds[i]: each row records its own base, and the engine got its bytes", async () => {
    const { user, sessionToken } = await signInByCode(server, "pack-bases@example.com");
    const bases = await uploadThree(sessionToken);
    const res = await generatePack(sessionToken, { prompt: "three moments", baseImageIds: bases });
    expect(res.status).toBe(202);
    const pack: Pack = packResponseSchema.parse(await res.json()).pack;
    const done = await Promise.all(pack.images.map((image) => settled(server, sessionToken, image.id)));
    expect(done.map((i) => i.status)).toEqual(["ready", "ready", "ready"]);

    const rows = await server.database.db.select().from(images).where(eq(images.packId, pack.id));
    const byVariant = rows.sort((a, b) => (a.packVariant ?? 0) - (b.packVariant ?? 0));
    expect(byVariant.map((r) => r.baseImageId)).toEqual(bases);

    const originals = await Promise.all(bases.map((id) => server.services.images.originalBytes(user.id, id)));
    const inputs = received.filter((i) => i.prompt === "three moments").sort((a, b) => (a.variant ?? 0) - (b.variant ?? 0));
    expect(inputs.map((i) => sha(i.baseImage))).toEqual(originals.map(sha));
    expect(new Set(inputs.map((i) => sha(i.baseImage))).size).toBe(3);
    expect((await balanceOf(server, sessionToken, user.id)).credits).toBe(7);
  });

  it("refuses bad bases (400 or 404) and charges nothing", async () => {
    const owner = await signInByCode(server, "pack-bases-bad@example.com");
    const stranger = await signInByCode(server, "pack-bases-stranger@example.com");
    const [a, b, c] = await uploadThree(owner.sessionToken);
    const [theirs] = await uploadThree(stranger.sessionToken);
    const imageCount = (await server.database.db.select().from(images).where(eq(images.userId, owner.user.id))).length;
    const cases: [unknown, number, string][] = [
      [{ prompt: "x", baseImageIds: [a, b] }, 400, "invalid:body"],
      [{ prompt: "x", baseImageIds: [a, b, c, a] }, 400, "invalid:body"],
      [{ prompt: "x", baseImageIds: [a, a, b] }, 400, "invalid:body"],
      [{ prompt: "x", baseImageIds: [a, b, "not-a-uuid"] }, 400, "invalid:body"],
      [{ prompt: "x", baseImageId: a, baseImageIds: [a, b, c] }, 400, "invalid:body"],
      [{ prompt: "x", baseImageIds: [a, b, randomUUID()] }, 404, "not_found:image"],
      [{ prompt: "x", baseImageIds: [a, theirs, c] }, 404, "not_found:image"],
    ];
    for (const [body, status, code] of cases) {
      const res = await generatePack(owner.sessionToken, body);
      expect({ body, status: res.status, code: ((await res.json()) as { code: string }).code }).toEqual({ body, status, code });
    }
    expect((await balanceOf(server, owner.sessionToken, owner.user.id)).credits).toBe(10);
    expect(await server.database.db.select().from(images).where(eq(images.userId, owner.user.id))).toHaveLength(imageCount);
  });
});
