import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { expectAppError, type RecordedRequest, sendJson, neverAnswers, providerTimeoutMs, startWireServer, testPng, type WireHandler, type WireServer } from "../../testing/wire-server.ts";
import type { GenerateInput } from "../engine.ts";
import { createProviderEngines } from "./provider-engines.ts";

let server: WireServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function gptImage(handler: WireHandler) {
  server = await startWireServer(handler);
  const settings = loadConfig({ OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: `${server.url}/v1`, IMAGE_PROVIDER_TIMEOUT_MS: providerTimeoutMs(handler) }).imageProviders;
  const engine = createProviderEngines(settings).get("gpt-image");
  if (engine === undefined) throw new Error("no gpt-image engine");
  return engine;
}

const input: GenerateInput = { prompt: "Budget travel hacks", style: "abstract", aspect: "16:9", personas: [], seed: 3 };

/** GPT Image answers inline: base64 PNG in data[].b64_json, 1536×1024 for a landscape request. */
const answerPng: WireHandler = async (_req, res) =>
  sendJson(res, 200, { created: 1, data: [{ b64_json: (await testPng(1536, 1024)).toString("base64") }] });

function formOf(req: RecordedRequest | undefined): Promise<FormData> {
  const contentType = String(req?.headers["content-type"]);
  return new Request("http://local/", { method: "POST", headers: { "content-type": contentType }, body: new Uint8Array(req?.body ?? []) }).formData();
}

describe("OpenAI engine (GPT Image)", () => {
  it("posts to images/generations with the bearer key and a landscape size, cropping the answer to 16:9", async () => {
    const engine = await gptImage(answerPng);
    const result = await engine.generate(input);
    const request = server?.requests[0];
    expect(request?.path).toBe("/v1/images/generations");
    expect(request?.headers.authorization).toBe("Bearer sk-test");
    const body = JSON.parse(request?.body.toString() ?? "{}");
    expect(body).toMatchObject({ model: "gpt-image-1", size: "1536x1024", n: 1 });
    expect(body.prompt).toContain("Budget travel hacks");
    expect(body.seed).toBeUndefined();
    // The model's picture, cropped to the aspect, is kept; the headline is drawn over it at the frame's size.
    expect(await sharp(result.picture).metadata()).toMatchObject({ format: "png", width: 1536, height: 864 });
    expect(result).toMatchObject({ width: 1280, height: 720, scene: { provider: "openai", model: "gpt-image-1" } });
    expect(await sharp(result.png).metadata()).toMatchObject({ format: "png", width: 1280, height: 720 });
  });

  it("sends persona cut-outs to images/edits as multipart images", async () => {
    const engine = await gptImage(answerPng);
    const persona = await testPng(90, 120, true);
    await engine.generate({ ...input, aspect: "9:16", personas: [{ name: "Mia", png: persona }] });
    const request = server?.requests[0];
    expect(request?.path).toBe("/v1/images/edits");
    const form = await formOf(request);
    expect(form.get("size")).toBe("1024x1536");
    expect(String(form.get("prompt"))).toContain("Mia");
    const image = form.get("image");
    expect(image).toBeInstanceOf(Blob);
    expect(Buffer.from(await (image as Blob).arrayBuffer()).equals(persona)).toBe(true);
  });

  it("maps 500, a hung server, bad JSON and non-image base64 to provider errors", async () => {
    const failing = await gptImage((_req, res) => sendJson(res, 500, { error: { message: "upstream" } }));
    await expectAppError(failing.generate(input), "unavailable:provider");
    await server?.close();
    const hung = await gptImage(neverAnswers);
    await expectAppError(hung.generate(input), "unavailable:provider");
    await server?.close();
    const garbled = await gptImage((_req, res) => sendJson(res, 200, { data: [{ url: "https://elsewhere/x.png" }] }));
    await expectAppError(garbled.generate(input), "unprocessable:provider");
    await server?.close();
    const notImage = await gptImage((_req, res) => sendJson(res, 200, { data: [{ b64_json: Buffer.from("plain text").toString("base64") }] }));
    await expectAppError(notImage.generate(input), "unprocessable:provider");
  });

  it("refuses an answer in a format uploads refuse too (SVG, TIFF), before any decoder sees it", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1536" height="1024"><rect width="1536" height="1024"/></svg>');
    const tiff = await sharp(await testPng(1536, 1024)).tiff().toBuffer();
    for (const bytes of [svg, tiff]) {
      const engine = await gptImage((_req, res) => sendJson(res, 200, { data: [{ b64_json: bytes.toString("base64") }] }));
      await expectAppError(engine.generate(input), "unprocessable:provider");
      await server?.close();
      server = undefined;
    }
  });

  it("reports a safety rejection as a refusal without the provider's words", async () => {
    const engine = await gptImage((_req, res) =>
      sendJson(res, 400, { error: { message: "Your request was rejected by the safety system.", code: "moderation_blocked" } }),
    );
    const err = await expectAppError(engine.generate(input), "unprocessable:provider_refused");
    expect(err.message).not.toContain("safety system");
  });

  it("lets the caller's abort through as an abort, not a provider error", async () => {
    const engine = await gptImage(neverAnswers);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const err = await engine.generate({ ...input, signal: controller.signal }).catch((e: unknown) => e);
    expect((err as Error).name).toBe("AbortError");
  });
});
