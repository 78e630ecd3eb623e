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

async function replicateKontext(handler: WireHandler, model = "flux-kontext-max") {
  server = await startWireServer(handler);
  const settings = loadConfig({ REPLICATE_API_TOKEN: "r8_test", REPLICATE_BASE_URL: `${server.url}/v1`, IMAGE_PROVIDER_TIMEOUT_MS: providerTimeoutMs(handler) })
    .imageProviders;
  const engine = createProviderEngines(settings).get(model);
  if (engine === undefined) throw new Error(`no ${model} engine`);
  return engine;
}

const input: GenerateInput = { prompt: "Mountain bike jump at sunset", style: "vintage", aspect: "1:1", personas: [], seed: 9 };

/** The prediction starts "processing", one poll at urls.get finds it succeeded, then the output is fetched. */
function replicateFlow(result: () => Promise<Buffer> | Buffer): WireHandler {
  return async (req, res, url) => {
    const urls = { get: `${url}/v1/predictions/p1` };
    if (req.method === "POST") return sendJson(res, 201, { id: "p1", status: "processing", output: null, urls });
    if (req.path === "/v1/predictions/p1") return sendJson(res, 200, { id: "p1", status: "succeeded", output: [`${url}/delivery/out.png`], urls });
    sendBytes(res, await result());
  };
}

describe("Replicate engine (FLUX.1 Kontext through Replicate)", () => {
  it("creates a prediction with the token, polls it and downloads the output", async () => {
    const engine = await replicateKontext(replicateFlow(() => testPng(1024, 1024)));
    const result = await engine.generate(input);
    const [create, poll, download] = server?.requests ?? [];
    expect(create?.path).toBe("/v1/models/black-forest-labs/flux-kontext-max/predictions");
    expect(create?.headers.authorization).toBe("Bearer r8_test");
    expect(create?.headers.prefer).toBe("wait");
    const body = JSON.parse(create?.body.toString() ?? "{}");
    expect(body.input).toMatchObject({ aspect_ratio: "1:1", seed: 9, output_format: "png" });
    expect(body.input.prompt).toContain("Mountain bike jump");
    expect(body.input.prompt).toMatch(/vintage/i);
    expect(body.input.input_image).toBeUndefined();
    expect(poll?.path).toBe("/v1/predictions/p1");
    expect(download?.path).toBe("/delivery/out.png");
    // The model's picture, cropped to the aspect, is kept; the headline is drawn over it at the frame's size.
    expect(await sharp(result.picture).metadata()).toMatchObject({ format: "png", width: 1024, height: 1024 });
    expect(result).toMatchObject({ width: 1080, height: 1080, scene: { provider: "replicate", model: "black-forest-labs/flux-kontext-max" } });
  });

  it("hands the persona cut-out to Kontext as input_image", async () => {
    const engine = await replicateKontext(replicateFlow(() => testPng(1024, 1024)), "flux-kontext-pro");
    await engine.generate({ ...input, personas: [{ name: "Kai", png: await testPng(80, 120, true) }] });
    const body = JSON.parse(server?.requests[0]?.body.toString() ?? "{}");
    expect(server?.requests[0]?.path).toBe("/v1/models/black-forest-labs/flux-kontext-pro/predictions");
    expect(body.input.input_image).toMatch(/^data:image\/png;base64,/);
    expect(body.input.image).toBeUndefined();
  });

  it("turns a 500 into unavailable:provider", async () => {
    const engine = await replicateKontext((_req, res) => sendJson(res, 500, { detail: "down" }));
    await expectAppError(engine.generate(input), "unavailable:provider");
  });

  it("times out a provider that never answers", async () => {
    const engine = await replicateKontext(neverAnswers);
    await expectAppError(engine.generate(input), "unavailable:provider");
  });

  it("calls a malformed prediction or non-image output unprocessable:provider", async () => {
    const garbled = await replicateKontext((_req, res) => sendJson(res, 201, { id: "p1", state: "weird" }));
    await expectAppError(garbled.generate(input), "unprocessable:provider");
    await server?.close();
    const notImage = await replicateKontext(replicateFlow(() => Buffer.alloc(500, 7)));
    await expectAppError(notImage.generate(input), "unprocessable:provider");
  });
});
