import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageResponseSchema } from "../../contract/images.ts";
import { createStudioEngine } from "../studio/engine.ts";
import { balanceOf, endEarlyBird, generate, settled } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import type { ImageEngine } from "./engine.ts";

// A provider model whose edits hand the picture back untouched unless told to "change": the image fails with
// unprocessable:no_change and its charge is refunded, in the job's failure transaction.
let server: TestServer;

const picture = (fill: string) => sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720"><rect width="1280" height="720" fill="${fill}"/><circle cx="640" cy="360" r="200" fill="#ffd60a"/></svg>`)).png().toBuffer();

const echoProvider: ImageEngine = {
  id: "gpt-image",
  async generate(input) {
    const png = input.baseImage && !input.prompt.includes("change") ? input.baseImage : await picture(input.baseImage ? "#e63946" : "#1e6ff2");
    return { png, width: 1280, height: 720, scene: null };
  },
};

beforeAll(async () => {
  const env = { OPENAI_API_KEY: "sk-test", FREE_SIGNUP_CREDITS: "20" };
  server = await startTestServer({ env, deps: { engines: new Map<string, ImageEngine>([["studio", createStudioEngine()], ["gpt-image", echoProvider]]) } });
  await endEarlyBird(server);
});
afterAll(async () => server?.close());

describe("a provider edit that changes nothing", () => {
  it("fails with unprocessable:no_change and gives the credits back; a real change is kept and paid", async () => {
    const { user, sessionToken } = await signInByCode(server, "provider-no-change@example.com");
    const made = await generate(server, sessionToken, { prompt: "A blue square", model: "gpt-image" });
    const parent = await settled(server, sessionToken, imageResponseSchema.parse(await made.json()).image.id);
    expect(parent.status).toBe("ready");

    const same = await server.services.generation.requestEdit(user.id, { imageId: parent.id, instruction: "make it pop", changes: {} });
    if (same.kind !== "queued") throw new Error("a provider edit is always queued");
    expect(same.changes).toBeUndefined();
    expect(await settled(server, sessionToken, same.image.id)).toMatchObject({ status: "failed", errorCode: "unprocessable:no_change" });
    const afterSame = await balanceOf(server, sessionToken, user.id);
    expect(afterSame.transactions.filter((t) => t.ref === same.image.id).map((t) => [t.reason, t.delta]).sort()).toEqual([
      ["generation", -6],
      ["refund", 6],
    ]);
    expect(afterSame.credits).toBe(20 - 6);

    const changed = await server.services.generation.requestEdit(user.id, { imageId: parent.id, instruction: "change the background to red", changes: {} });
    if (changed.kind !== "queued") throw new Error("a provider edit is always queued");
    expect(await settled(server, sessionToken, changed.image.id)).toMatchObject({ status: "ready" });
    expect((await balanceOf(server, sessionToken, user.id)).credits).toBe(20 - 12);
  });
});

describe("a provider image and the current image's scene", () => {
  it("refuses another frame with unprocessable:relay and charges nothing; variants are made from its prompt", async () => {
    const { user, sessionToken } = await signInByCode(server, "provider-relay@example.com");
    const made = await generate(server, sessionToken, { prompt: "A blue square", model: "gpt-image" });
    const parent = await settled(server, sessionToken, imageResponseSchema.parse(await made.json()).image.id);
    const before = await balanceOf(server, sessionToken, user.id);

    const relay = server.services.generation.requestEdit(user.id, { imageId: parent.id, instruction: "square for instagram", changes: { aspect: "1:1" } });
    await expect(relay).rejects.toMatchObject({ code: "unprocessable:relay" });
    expect(await balanceOf(server, sessionToken, user.id)).toEqual(before);

    const variants = await server.services.generation.requestVariants(user.id, { imageId: parent.id, count: 1, instruction: "try again", changes: {} });
    expect(variants.kind).toBe("from-prompt");
    expect(variants.images[0]).toMatchObject({ kind: "generated", prompt: "A blue square", parentId: parent.id });
    expect(await settled(server, sessionToken, variants.images[0]?.id ?? "")).toMatchObject({ status: "ready" });
    expect((await balanceOf(server, sessionToken, user.id)).credits).toBe(before.credits - 6);
  });
});
