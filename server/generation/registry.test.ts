import { describe, expect, it } from "vitest";
import { models } from "../../contract/models.ts";
import { createModelRegistry } from "./registry.ts";

describe("model registry", () => {
  it("tells customers only whether a model runs, and the operator which setting switches each one on", () => {
    const registry = createModelRegistry({ bflApiKey: undefined, falKey: undefined, replicateApiToken: undefined, openaiApiKey: "sk-test", googleGenerativeAiApiKey: undefined });
    const listed = registry.list();
    expect(listed.map((m) => m.id)).toEqual(models.map((m) => m.id));
    expect(listed.filter((m) => m.available).map((m) => m.id)).toEqual(["studio", "gpt-image"]);
    expect(JSON.stringify(listed)).not.toMatch(/API_KEY|FAL_KEY|API_TOKEN/);
    expect(registry.disabled()).toEqual([
      { id: "flux-kontext-pro", label: "FLUX.1 Kontext [pro]", settings: ["BFL_API_KEY", "FAL_KEY", "REPLICATE_API_TOKEN"] },
      { id: "flux-kontext-max", label: "FLUX.1 Kontext [max]", settings: ["BFL_API_KEY", "FAL_KEY", "REPLICATE_API_TOKEN"] },
      { id: "gemini-flash-image", label: "Gemini Flash Image", settings: ["GOOGLE_GENERATIVE_AI_API_KEY"] },
      { id: "gemini-pro-image", label: "Gemini Pro Image", settings: ["GOOGLE_GENERATIVE_AI_API_KEY"] },
    ]);
  });
});
