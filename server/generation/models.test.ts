import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { modelsResponseSchema } from "../../contract/images.ts";
import { models } from "../../contract/models.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { OPENAI_API_KEY: "sk-test", FAL_KEY: "  " } });
});
afterAll(async () => server?.close());

describe("GET /api/models", () => {
  it("lists the six models with availability and never the names of server settings", async () => {
    const res = await fetch(`${server.url}/api/models`);
    expect(res.status).toBe(200);
    const body = modelsResponseSchema.parse(await res.json());
    expect(body.models.map((m) => m.id)).toEqual(models.map((m) => m.id));
    const byId = Object.fromEntries(body.models.map((m) => [m.id, m]));
    expect(byId.studio).toMatchObject({ available: true, creditCost: 1, provider: "studio" });
    expect(byId["gpt-image"]).toMatchObject({ available: true, popular: true });
    // A blank FAL_KEY counts as unset.
    expect(byId["flux-kontext-pro"]).toMatchObject({ available: false });
    expect(byId["gemini-pro-image"]).toMatchObject({ available: false });
    // Settings belong in the README and the server log, not in what customers' browsers receive.
    const raw = JSON.stringify(body);
    for (const setting of ["BFL_API_KEY", "FAL_KEY", "REPLICATE_API_TOKEN", "OPENAI_API_KEY", "GOOGLE_GENERATIVE_AI_API_KEY", "enabledBy"]) {
      expect(raw).not.toContain(setting);
    }
  });
});
