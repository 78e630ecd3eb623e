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

async function kontext(handler: WireHandler, model = "flux-kontext-pro") {
  server = await startWireServer(handler);
  const settings = loadConfig({ BFL_API_KEY: "bfl-test-key", BFL_BASE_URL: `${server.url}/v1`, IMAGE_PROVIDER_TIMEOUT_MS: providerTimeoutMs(handler) }).imageProviders;
  const engine = createProviderEngines(settings).get(model);
  if (engine === undefined) throw new Error(`no ${model} engine`);
  return engine;
}

const input: GenerateInput = { prompt: 'Giant robot in Tokyo "ROBOT WARS"', style: "cartoon", aspect: "16:9", personas: [], seed: 42 };

/** Submit, one poll, then the result download: the three legs of BFL's API. */
function bflFlow(result: () => Promise<Buffer> | Buffer, type = "image/png"): WireHandler {
  return async (req, res, url) => {
    if (req.method === "POST") return sendJson(res, 200, { id: "task-1", polling_url: `${url}/v1/get_result?id=task-1` });
    if (req.path.startsWith("/v1/get_result")) return sendJson(res, 200, { status: "Ready", result: { sample: `${url}/results/task-1.png` } });
    sendBytes(res, await result(), type);
  };
}

describe("Black Forest Labs engine (FLUX.1 Kontext)", () => {
  it("submits the prompt with the key, polls, downloads the sample and returns a PNG", async () => {
    const engine = await kontext(bflFlow(() => testPng(1280, 720)));
    const progress: number[] = [];
    const result = await engine.generate({ ...input, onProgress: (p) => progress.push(p.percent) });

    const [submit, poll, download] = server?.requests ?? [];
    expect(submit?.path).toBe("/v1/flux-kontext-pro");
    expect(submit?.headers["x-key"]).toBe("bfl-test-key");
    const body = JSON.parse(submit?.body.toString() ?? "{}");
    expect(body.prompt).toContain("Giant robot in Tokyo");
    expect(body.prompt).toContain("YouTube");
    expect(body.prompt).toMatch(/cartoon/i);
    expect(body).toMatchObject({ aspect_ratio: "16:9", seed: 42, output_format: "png" });
    expect(body.input_image).toBeUndefined();
    expect(poll?.path).toBe("/v1/get_result?id=task-1");
    expect(download?.path).toBe("/results/task-1.png");
    expect(await sharp(result.png).metadata()).toMatchObject({ format: "png", width: 1280, height: 720 });
    // The model's picture, cropped to the aspect, is kept; the headline is drawn over it at the frame's size.
    expect(await sharp(result.picture).metadata()).toMatchObject({ format: "png", width: 1280, height: 720 });
    expect(result).toMatchObject({ width: 1280, height: 720, scene: { provider: "black-forest-labs", model: "flux-kontext-pro" } });
    expect(progress).toEqual([10, 90, 100]);
  });

  it("sends the base image and persona cut-outs as input images, max model at its configured id", async () => {
    const engine = await kontext(bflFlow(() => testPng(1280, 720)), "flux-kontext-max");
    const persona = await testPng(64, 64, true);
    await engine.generate({ ...input, personas: [{ name: "Ana", png: persona }], baseImage: await testPng(320, 180) });
    const body = JSON.parse(server?.requests[0]?.body.toString() ?? "{}");
    expect(server?.requests[0]?.path).toBe("/v1/flux-kontext-max");
    expect(Buffer.from(body.input_image, "base64").subarray(1, 4).toString()).toBe("PNG");
    expect(Buffer.from(body.input_image_2, "base64").equals(persona)).toBe(true);
    expect(body.prompt).toContain("Ana");
  });

  it("turns a 500 into unavailable:provider", async () => {
    const engine = await kontext((_req, res) => sendJson(res, 500, { detail: "internal secret stack" }));
    const err = await expectAppError(engine.generate(input), "unavailable:provider");
    expect(err.message).not.toContain("secret");
  });

  it("times out a provider that never answers as unavailable:provider", async () => {
    const engine = await kontext(neverAnswers);
    const started = Date.now();
    await expectAppError(engine.generate(input), "unavailable:provider");
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("calls malformed JSON and non-image results unprocessable:provider", async () => {
    const garbled = await kontext((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end("{not json"));
    await expectAppError(garbled.generate(input), "unprocessable:provider");
    await server?.close();
    const notImage = await kontext(bflFlow(() => Buffer.from("<html>hello</html>"), "image/png"));
    await expectAppError(notImage.generate(input), "unprocessable:provider");
  });

  it("ends a moderated request at once as a refusal", async () => {
    const engine = await kontext((req, res, url) =>
      req.method === "POST"
        ? sendJson(res, 200, { id: "task-2", polling_url: `${url}/v1/get_result?id=task-2` })
        : sendJson(res, 200, { status: "Request Moderated", result: null }),
    );
    await expectAppError(engine.generate(input), "unprocessable:provider_refused");
    expect(server?.requests).toHaveLength(2);
  });
});
