import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { sendJson, startWireServer } from "../../testing/wire-server.ts";
import { createProviderEngines } from "./provider-engines.ts";

function enginesFor(env: Record<string, string>) {
  return createProviderEngines(loadConfig(env).imageProviders);
}

describe("createProviderEngines", () => {
  it("builds nothing without keys: Studio alone serves", () => {
    expect(enginesFor({}).size).toBe(0);
  });

  it("builds the engines each key enables, keyed by our model ids", () => {
    const engines = enginesFor({ OPENAI_API_KEY: "sk", GOOGLE_GENERATIVE_AI_API_KEY: "g", REPLICATE_API_TOKEN: "r8" });
    expect([...engines.keys()].sort()).toEqual(["flux-kontext-max", "flux-kontext-pro", "gemini-flash-image", "gemini-pro-image", "gpt-image"]);
    for (const [id, engine] of engines) expect(engine.id).toBe(id);
  });

  it("runs Kontext at Black Forest Labs first, then fal, then Replicate", async () => {
    const server = await startWireServer((_req, res) => sendJson(res, 500, {}));
    try {
      const pathCalled = async (env: Record<string, string>) => {
        const urls = { BFL_BASE_URL: `${server.url}/bfl`, FAL_BASE_URL: `${server.url}/fal`, REPLICATE_BASE_URL: `${server.url}/replicate` };
        const engine = enginesFor({ ...env, ...urls }).get("flux-kontext-pro");
        await engine?.generate({ prompt: "x", style: "realistic", aspect: "1:1", personas: [], seed: 1 }).catch(() => undefined);
        return server.requests.at(-1)?.path;
      };
      expect(await pathCalled({ BFL_API_KEY: "b", FAL_KEY: "f", REPLICATE_API_TOKEN: "r" })).toBe("/bfl/flux-kontext-pro");
      expect(await pathCalled({ FAL_KEY: "f", REPLICATE_API_TOKEN: "r" })).toBe("/fal/fal-ai/flux-pro/kontext/text-to-image");
      expect(await pathCalled({ REPLICATE_API_TOKEN: "r" })).toBe("/replicate/models/black-forest-labs/flux-kontext-pro/predictions");
    } finally {
      await server.close();
    }
  });
});
