import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { expectAppError, sendBytes, sendJson, neverAnswers, providerTimeoutMs, startWireServer, testPng, type WireHandler, type WireServer } from "../../testing/wire-server.ts";
import type { GenerateInput } from "../engine.ts";
import { createProviderEngines } from "./provider-engines.ts";

let server: WireServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function falKontext(handler: WireHandler) {
  server = await startWireServer(handler);
  const settings = loadConfig({ FAL_KEY: "fal-test-key", FAL_BASE_URL: server.url, IMAGE_PROVIDER_TIMEOUT_MS: providerTimeoutMs(handler) }).imageProviders;
  const engine = createProviderEngines(settings).get("flux-kontext-pro");
  if (engine === undefined) throw new Error("no flux-kontext-pro engine");
  return engine;
}

const input: GenerateInput = { prompt: "Chef flipping a pancake", style: "realistic", aspect: "9:16", personas: [], seed: 7 };

/** fal.run answers synchronously with file URLs; the file is then fetched from its host. */
function falFlow(result: () => Promise<Buffer> | Buffer): WireHandler {
  return async (req, res, url) => {
    if (req.method === "POST") return sendJson(res, 200, { images: [{ url: `${url}/files/out.png`, width: 1080, height: 1920 }], seed: 7 });
    sendBytes(res, await result());
  };
}

describe("fal engine (FLUX.1 Kontext through fal)", () => {
  it("uses the text-to-image endpoint without references, with the fal key and Kontext's aspect_ratio", async () => {
    const engine = await falKontext(falFlow(() => testPng(1080, 1920)));
    const result = await engine.generate(input);
    const [submit, download] = server?.requests ?? [];
    expect(submit?.path).toBe("/fal-ai/flux-pro/kontext/text-to-image");
    expect(submit?.headers.authorization).toBe("Key fal-test-key");
    const body = JSON.parse(submit?.body.toString() ?? "{}");
    expect(body).toMatchObject({ aspect_ratio: "9:16", seed: 7, output_format: "png" });
    expect(body.prompt).toContain("Chef flipping a pancake");
    expect(body.prompt).toContain("Shorts");
    expect(body.image_url).toBeUndefined();
    expect(download?.path).toBe("/files/out.png");
    // The model's picture, cropped to the aspect, is kept; the headline is drawn over it at the frame's size.
    expect(await sharp(result.picture).metadata()).toMatchObject({ format: "png", width: 1080, height: 1920 });
    expect(result).toMatchObject({ width: 1080, height: 1920, scene: { provider: "fal", model: "fal-ai/flux-pro/kontext" } });
  });

  it("edits at the configured id with one reference sheet holding base image and personas", async () => {
    const engine = await falKontext(falFlow(() => testPng(1080, 1920)));
    await engine.generate({ ...input, personas: [{ name: "Bo", png: await testPng(50, 100, true) }], baseImage: await testPng(200, 100) });
    const submit = server?.requests[0];
    expect(submit?.path).toBe("/fal-ai/flux-pro/kontext");
    const body = JSON.parse(submit?.body.toString() ?? "{}");
    expect(body.image_url).toMatch(/^data:image\/png;base64,/);
  });

  it("turns a 500 into unavailable:provider", async () => {
    const engine = await falKontext((_req, res) => sendJson(res, 500, { message: "boom" }));
    await expectAppError(engine.generate(input), "unavailable:provider");
  });

  it("times out a provider that never answers", async () => {
    const engine = await falKontext(neverAnswers);
    await expectAppError(engine.generate(input), "unavailable:provider");
  });

  it("calls a malformed answer or a non-image file unprocessable:provider", async () => {
    const garbled = await falKontext((_req, res) => sendJson(res, 200, { images: "nope" }));
    await expectAppError(garbled.generate(input), "unprocessable:provider");
    await server?.close();
    const notImage = await falKontext(falFlow(() => Buffer.from("GIF89a not really")));
    await expectAppError(notImage.generate(input), "unprocessable:provider");
  });
});
