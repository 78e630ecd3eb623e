import { afterAll, describe, expect, it } from "vitest";
import { createStudioEngine } from "./engine.ts";
import { createExportRenderer } from "./export-renderer.ts";

const engine = createStudioEngine();
const renderer = createExportRenderer();
afterAll(() => renderer.close());

describe("the export renderer", () => {
  it("draws a master on its worker thread, byte for byte what the engine draws on the main thread", async () => {
    const { scene } = await engine.generate({ prompt: 'vintage poster "I tried 100 days of coding" with a trophy', style: "vintage", aspect: "1:1", seed: 4, personas: [] });
    const input = { scene, aspect: "1:1" as const, scale: 2, personas: [] };
    const [offThread, onThread] = [await renderer.render(input), await engine.renderExport(input)];
    expect(offThread?.equals(onThread ?? Buffer.alloc(0))).toBe(true);
    expect(offThread?.readUInt32BE(16)).toBe(2160);
  }, 60_000);

  it("answers undefined for what is no Studio scene, and rejects once closed", async () => {
    const other = createExportRenderer();
    expect(await other.render({ scene: { engine: "flux" }, aspect: "16:9", scale: 3, personas: [] })).toBeUndefined();
    await other.close();
    await expect(other.render({ scene: {}, aspect: "16:9", scale: 3, personas: [] })).rejects.toThrow(/closed/);
  }, 30_000);
});
