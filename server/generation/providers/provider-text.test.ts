import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { parseStudioScene } from "../../studio/scene-schema.ts";
import { type RecordedRequest, sendJson, startWireServer, type WireHandler, type WireServer } from "../../testing/wire-server.ts";
import type { GenerateInput, ImageEngine } from "../engine.ts";
import { createProviderEngines } from "./provider-engines.ts";

// Headlines are never left to a provider model (docs/decisions/036-headlines-over-model-pictures.md): it is asked for
// a picture without words, with room for the headline, and the Studio draws the headline over it as a text layer.
let server: WireServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A picture with a bright left half and a dark right one, so a test can tell which picture a render is over. */
const modelPicture = (left: string) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1536" height="1024"><rect width="768" height="1024" fill="${left}"/><rect x="768" width="768" height="1024" fill="#202040"/></svg>`)).png().toBuffer();

const answer = (left: string): WireHandler => async (_req, res) => sendJson(res, 200, { created: 1, data: [{ b64_json: (await modelPicture(left)).toString("base64") }] });

async function gptImage(handler: WireHandler): Promise<ImageEngine> {
  server = await startWireServer(handler);
  const settings = loadConfig({ OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: `${server.url}/v1` }).imageProviders;
  const engine = createProviderEngines(settings).get("gpt-image");
  if (engine === undefined) throw new Error("no gpt-image engine");
  return engine;
}

async function promptOf(request: RecordedRequest | undefined): Promise<string> {
  if (request?.headers["content-type"]?.includes("application/json")) return String(JSON.parse(request.body.toString()).prompt);
  const form = await new Request("http://local/", { method: "POST", headers: { "content-type": String(request?.headers["content-type"]) }, body: new Uint8Array(request?.body ?? []) }).formData();
  return String(form.get("prompt"));
}

const input: GenerateInput = { prompt: 'cartoon thumbnail "I TRIED 100 DAYS OF CODING"', style: "cartoon", aspect: "16:9", personas: [], seed: 7 };

describe("a provider model's picture with a Studio headline over it", () => {
  it("asks the model for no text and a clear area, and stores a Studio scene whose only layer is the quoted headline", async () => {
    const engine = await gptImage(answer("#f0f0f0"));
    const result = await engine.generate(input);
    const prompt = await promptOf(server?.requests[0]);
    expect(prompt).toContain("No text anywhere");
    expect(prompt).toMatch(/Keep the (left|right) half of the frame clear and uncluttered/);
    // The headline's words are not handed to the model in quotes, which would ask it to print them.
    expect(prompt).not.toContain('"I TRIED');

    const scene = parseStudioScene(result.scene);
    expect(scene).toBeDefined();
    expect(scene?.text.map((t) => t.text)).toEqual(["I TRIED 100 DAYS OF CODING"]);
    expect(scene?.background).toMatchObject({ photo: true, modelPicture: true, shapes: [] });
    expect(scene).toMatchObject({ subjects: [], accents: [] });
    expect(scene?.art ?? []).toEqual([]);
    expect(result.scene).toMatchObject({ provider: "openai", model: "gpt-image-1" });
    // The side the model was asked to keep clear is the side the headline sits on.
    const side = /Keep the (left|right) half/.exec(prompt)?.[1];
    const box = scene?.text[0]?.box;
    expect(box && (box.x + box.w / 2 < 640 ? "left" : "right")).toBe(side);
    expect(result.picture).toBeDefined();
    expect(result.png.equals(await sharp(result.picture).png().toBuffer())).toBe(false);
    // Away from the headline the picture shows as the model drew it: no cartoon treatment, vignette or grain.
    const far = side === "left" ? 1100 : 150;
    const { data } = await sharp(result.png).extract({ left: far, top: 360, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    const expected = side === "left" ? [0x20, 0x20, 0x40] : [0xf0, 0xf0, 0xf0];
    for (const [i, channel] of expected.entries()) expect(Math.abs((data[i] ?? 0) - channel)).toBeLessThanOrEqual(2);
  });

  it("draws a Japanese or Chinese headline with the bundled CJK faces, the words as the prompt gave them", async () => {
    const engine = await gptImage(answer("#f0f0f0"));
    const result = await engine.generate({ ...input, prompt: "「100日間プログラミング」のサムネイル", aspect: "9:16" });
    const scene = parseStudioScene(result.scene);
    expect(scene?.text[0]).toMatchObject({ text: "100日間プログラミング", script: "cjk" });
    expect(scene?.text[0]?.lines?.join("")).toBe("100日間プログラミング");
    expect(await promptOf(server?.requests[0])).toMatch(/Keep the (top|bottom) third/);
  });

  it("re-renders a headline-only edit over the same picture without calling the model", async () => {
    const engine = await gptImage(answer("#f0f0f0"));
    const made = await engine.generate(input);
    const sent = server?.requests.length;
    const edited = await engine.edit?.({ scene: made.scene, changes: { headlineColor: "#ff0000" }, personas: [], baseImage: made.picture, instruction: "make the headline red" });
    expect(server?.requests.length).toBe(sent);
    expect(edited?.picture).toBeUndefined();
    expect(parseStudioScene(edited?.scene)?.text[0]).toMatchObject({ fill: "#ff0000", text: "I TRIED 100 DAYS OF CODING" });
    expect(edited?.scene).toMatchObject({ provider: "openai", model: "gpt-image-1" });
    expect(engine.diffEdit?.(made.scene, { headlineColor: "#ff0000" })).toContainEqual({ layer: "headline", property: "color", from: expect.any(String), to: "#ff0000" });
  });

  it("sends a change of the picture to the model with the picture, and keeps the headline over its answer", async () => {
    const engine = await gptImage(answer("#f0f0f0"));
    const made = await engine.generate(input);
    await server?.close();
    server = undefined;
    const redrawn = await gptImage(answer("#30c030"));
    const edited = await redrawn.edit?.({ scene: made.scene, changes: { artAdd: "trophy" }, personas: [], baseImage: made.picture, instruction: "add a trophy" });
    // Assigned again inside gptImage, which the narrowing after `server = undefined` cannot see.
    const request = (server as WireServer | undefined)?.requests[0];
    expect(request?.path).toBe("/v1/images/edits");
    const prompt = await promptOf(request);
    expect(prompt).toContain("add a trophy");
    expect(prompt).toContain("No text anywhere");
    expect(edited?.picture).toBeDefined();
    expect(parseStudioScene(edited?.scene)?.text.map((t) => t.text)).toEqual(["I TRIED 100 DAYS OF CODING"]);
    expect(redrawn.diffEdit?.(made.scene, { artAdd: "trophy" })).toBeUndefined();
  });

  it("lets the model write the headline when asked (modelText), with no text layer over it", async () => {
    const engine = await gptImage(answer("#f0f0f0"));
    const result = await engine.generate({ ...input, modelText: true });
    const prompt = await promptOf(server?.requests[0]);
    expect(prompt).toContain('Write the headline "I TRIED 100 DAYS OF CODING"');
    expect(prompt).not.toContain("No text anywhere");
    expect(parseStudioScene(result.scene)).toBeUndefined();
    expect(result.scene).toMatchObject({ provider: "openai", modelText: true });
    expect(result.picture).toBeUndefined();
    expect(engine.editsScene?.(result.scene)).toBe(false);
  });
});
