import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { expectAppError, sendJson, neverAnswers, providerTimeoutMs, startWireServer, testPng, type WireHandler, type WireServer } from "../../testing/wire-server.ts";
import type { GenerateInput } from "../engine.ts";
import { createProviderEngines } from "./provider-engines.ts";

let server: WireServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function googleEngine(handler: WireHandler, model: "gemini-flash-image" | "gemini-pro-image" = "gemini-flash-image") {
  server = await startWireServer(handler);
  const settings = loadConfig({ GOOGLE_GENERATIVE_AI_API_KEY: "g-test", GOOGLE_BASE_URL: `${server.url}/v1beta`, IMAGE_PROVIDER_TIMEOUT_MS: providerTimeoutMs(handler) })
    .imageProviders;
  const engine = createProviderEngines(settings).get(model);
  if (engine === undefined) throw new Error(`no ${model} engine`);
  return engine;
}

const input: GenerateInput = { prompt: "Coding marathon at night", style: "realistic", aspect: "16:9", personas: [], seed: 5 };

function candidate(parts: unknown[], finishReason = "STOP") {
  return { candidates: [{ content: { role: "model", parts }, finishReason }], usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 1290 } };
}

/** Gemini answers image parts inline; a JPEG here checks the conversion to PNG. */
const answerJpeg: WireHandler = async (_req, res) => {
  const jpeg = await sharp({ create: { width: 1344, height: 768, channels: 3, background: "#336699" } }).jpeg().toBuffer();
  sendJson(res, 200, candidate([{ inlineData: { mimeType: "image/jpeg", data: jpeg.toString("base64") } }]));
};

describe("Google engines (Gemini image models)", () => {
  it("calls generateContent with the key, the aspect and the seed, and returns a PNG", async () => {
    const engine = await googleEngine(answerJpeg);
    const result = await engine.generate(input);
    const request = server?.requests[0];
    expect(request?.path).toBe("/v1beta/models/gemini-3.1-flash-image:generateContent");
    expect(request?.headers["x-goog-api-key"]).toBe("g-test");
    const body = JSON.parse(request?.body.toString() ?? "{}");
    expect(body.contents[0].parts[0].text).toContain("Coding marathon at night");
    expect(body.generationConfig).toMatchObject({ responseModalities: ["IMAGE"], imageConfig: { aspectRatio: "16:9" }, seed: 5 });
    expect(await sharp(result.png).metadata()).toMatchObject({ format: "png" });
    // The model's picture, cropped to the aspect, is kept; the headline is drawn over it at the frame's size.
    expect(await sharp(result.picture).metadata()).toMatchObject({ format: "png", width: 1344, height: 756 });
    expect(result).toMatchObject({ width: 1280, height: 720, scene: { provider: "google", model: "gemini-3.1-flash-image" } });
  });

  it("sends the persona cut-out as an inline image part to the flash model only", async () => {
    const flash = await googleEngine(answerJpeg);
    const persona = await testPng(60, 60, true);
    await flash.generate({ ...input, personas: [{ name: "Lee", png: persona }] });
    const parts = JSON.parse(server?.requests[0]?.body.toString() ?? "{}").contents[0].parts;
    expect(parts[1].inlineData).toEqual({ mimeType: "image/png", data: persona.toString("base64") });
    await server?.close();

    const pro = await googleEngine(answerJpeg, "gemini-pro-image");
    await pro.generate({ ...input, personas: [{ name: "Lee", png: persona }] });
    const proRequest = server?.requests[0];
    expect(proRequest?.path).toBe("/v1beta/models/gemini-3-pro-image:generateContent");
    expect(JSON.parse(proRequest?.body.toString() ?? "{}").contents[0].parts).toHaveLength(2);
  });

  it("maps 500, a hung server, bad JSON and a text-only answer to provider errors", async () => {
    const failing = await googleEngine((_req, res) => sendJson(res, 503, { error: { code: 503, message: "overloaded" } }));
    await expectAppError(failing.generate(input), "unavailable:provider");
    await server?.close();
    const hung = await googleEngine(neverAnswers);
    await expectAppError(hung.generate(input), "unavailable:provider");
    await server?.close();
    const garbled = await googleEngine((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end("]["));
    await expectAppError(garbled.generate(input), "unprocessable:provider");
    await server?.close();
    const textOnly = await googleEngine((_req, res) => sendJson(res, 200, candidate([{ text: "I drew nothing" }])));
    await expectAppError(textOnly.generate(input), "unprocessable:provider");
  });

  it("reports an image blocked for safety as a refusal", async () => {
    const engine = await googleEngine((_req, res) => sendJson(res, 200, candidate([], "IMAGE_SAFETY")));
    await expectAppError(engine.generate(input), "unprocessable:provider_refused");
  });
});
