import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { createSwapWorkerPool } from "./inpaint-pool.ts";
import { swapSubject } from "./swap.ts";
import { SUBJECT_RGB, testPersona, testScene } from "./test-scenes.ts";

const W = 480;
const H = 270;
const pool = createSwapWorkerPool();
afterAll(() => pool.close());

async function pixels(image: Buffer) {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe("swapSubject", () => {
  it("replaces a standing subject with the persona inside its box, at the base's size, with no trace of the subject", async () => {
    const scene = await testScene({ width: W, height: H, backdrop: "scene", pose: "standing" });
    const swap = (shirt: string) =>
      testPersona(shirt).then((persona) => swapSubject({ base: scene.base, subjectMask: scene.mask, subjectBox: scene.box, persona }, pool));
    const [red, blue] = await Promise.all([swap("#c0392b"), swap("#2980b9")]);
    expect([red.width, red.height]).toEqual([W, H]);
    const a = await pixels(red.image);
    const b = await pixels(blue.image);
    expect([a.width, a.height]).toEqual([W, H]);
    // Pixels that differ between two personas of different shirts are the persona's: all inside the subject's box.
    const { box } = scene;
    let personaPixels = 0;
    let outside = 0;
    let subjectLike = 0;
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const i = (y * W + x) * 4;
        if (Math.abs(a.data[i]! - SUBJECT_RGB[0]) + Math.abs(a.data[i + 1]! - SUBJECT_RGB[1]) + Math.abs(a.data[i + 2]! - SUBJECT_RGB[2]) < 200) subjectLike++;
        if (Math.abs(a.data[i]! - b.data[i]!) + Math.abs(a.data[i + 2]! - b.data[i + 2]!) < 8) continue;
        personaPixels++;
        if (x < box.x - 1 || x > box.x + box.width || y < box.y - 1 || y > box.y + box.height) outside++;
      }
    }
    expect(personaPixels).toBeGreaterThan(red.personaBox.width * red.personaBox.height * 0.2);
    expect(outside).toBe(0);
    expect(subjectLike).toBe(0);
    // Standing: the persona's feet are on the floor of the subject's box.
    expect(red.personaBox.y + red.personaBox.height).toBe(box.y + box.height);
  });

  it("gives the same bytes for the same inputs", async () => {
    const scene = await testScene({ width: W, height: H, backdrop: "stripes", pose: "bust" });
    const persona = await testPersona();
    const input = { base: scene.base, subjectMask: scene.mask, subjectBox: scene.box, persona };
    const [first, second] = await Promise.all([swapSubject(input, pool), swapSubject(input, pool)]);
    expect(first.image.equals(second.image)).toBe(true);
    expect(first.personaBox.y + first.personaBox.height).toBe(H);
  });

  it("stands a persona with a transparent margin on the floor all the same", async () => {
    const scene = await testScene({ width: W, height: H, backdrop: "scene", pose: "standing" });
    const trimmed = await testPersona();
    const padded = await sharp(trimmed).extend({ top: 30, bottom: 90, left: 40, right: 10, background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
    const input = { base: scene.base, subjectMask: scene.mask, subjectBox: scene.box };
    const [a, b] = await Promise.all([swapSubject({ ...input, persona: trimmed }, pool), swapSubject({ ...input, persona: padded }, pool)]);
    expect(b.personaBox).toEqual(a.personaBox);
    expect(b.image.equals(a.image)).toBe(true);
  });

  it("encodes as asked", async () => {
    const scene = await testScene({ width: W, height: H, backdrop: "scene", pose: "bust" });
    const result = await swapSubject({ base: scene.base, subjectMask: scene.mask, subjectBox: scene.box, persona: await testPersona(), format: "webp" }, pool);
    expect((await sharp(result.image).metadata()).format).toBe("webp");
  });

  it("refuses a mask of the wrong size and an unreadable persona, and stops when aborted", async () => {
    const scene = await testScene({ width: W, height: H, backdrop: "scene", pose: "bust" });
    const persona = await testPersona();
    await expect(swapSubject({ base: scene.base, subjectMask: new Uint8Array(10), subjectBox: scene.box, persona }, pool)).rejects.toMatchObject({
      code: "unprocessable:base_image",
    });
    await expect(swapSubject({ base: scene.base, subjectMask: scene.mask, subjectBox: scene.box, persona: Buffer.from("not an image") }, pool)).rejects.toMatchObject({
      code: "unprocessable:persona",
    });
    await expect(swapSubject({ base: scene.base, subjectMask: new Uint8Array(W * H).fill(255), subjectBox: { x: 0, y: 0, width: W, height: H }, persona }, pool)).rejects.toMatchObject({
      code: "unprocessable:base_image",
    });
    const controller = new AbortController();
    const pending = swapSubject({ base: scene.base, subjectMask: scene.mask, subjectBox: scene.box, persona, signal: controller.signal }, pool);
    controller.abort(new Error("user left"));
    await expect(pending).rejects.toThrow("user left");
  });
});
