import { describe, expect, it } from "vitest";
import { labStats, matchColours } from "./colour-match.ts";
import type { RawImage } from "./inpaint.ts";
import { blurChannel, composeSwap, featherAlpha, placePersona, type Placement } from "./swap-compose.ts";
import { testScene } from "./test-scenes.ts";

const W = 480;
const H = 270;

function solid(width: number, height: number, rgba: [number, number, number, number]): RawImage {
  const data = new Uint8Array(width * height * 4);
  for (let p = 0; p < width * height; p++) data.set(rgba, p * 4);
  return { data, width, height };
}

/** A persona of one colour: opaque inside a centred rectangle inset by 2 px, transparent around it. */
function blockPersona(place: Placement, rgb: [number, number, number]): RawImage {
  const persona = solid(place.width, place.height, [...rgb, 0]);
  for (let y = 2; y < place.height; y++) for (let x = 2; x < place.width - 2; x++) persona.data[(y * place.width + x) * 4 + 3] = 255;
  return persona;
}

describe("placePersona", () => {
  it("stands a persona on the floor of a subject's box, centred on it, as large as fits", () => {
    const place = placePersona({ x: 100, y: 50, width: 200, height: 300 }, { width: 100, height: 300 }, { width: 1280, height: 720 });
    expect(place).toEqual({ x: 150, y: 50, width: 100, height: 300, bust: false });
  });

  it("anchors a bust at the frame's bottom edge when the subject runs off it", () => {
    const place = placePersona({ x: 400, y: 300, width: 400, height: 420 }, { width: 600, height: 500 }, { width: 1280, height: 720 });
    expect(place.bust).toBe(true);
    expect(place.y + place.height).toBe(720);
    expect(place.width).toBe(400);
    expect(place.x).toBe(400);
  });
});

describe("matchColours", () => {
  it("moves the persona's mean colour part of the way toward the scene's, not all of it", () => {
    const persona = solid(20, 20, [200, 60, 50, 255]);
    for (let p = 0; p < 200; p++) persona.data[p * 4] = 150;
    const scene = labStats(solid(10, 10, [40, 80, 200, 255]), () => true)!;
    const before = labStats(persona, () => true)!;
    matchColours(persona, scene, 0.35);
    const after = labStats(persona, () => true)!;
    for (let c = 0; c < 3; c++) {
      const moved = (after.mean[c]! - before.mean[c]!) / (scene.mean[c]! - before.mean[c]!);
      expect(moved).toBeGreaterThan(0.25);
      expect(moved).toBeLessThan(0.45);
    }
  });
});

describe("blurChannel", () => {
  it("spreads a spike evenly over the box and keeps a flat field flat", () => {
    const spike = new Float32Array(9);
    spike[4] = 9;
    expect(Array.from(blurChannel(spike, 9, 1, 1, 1))).toEqual([0, 0, 0, 3, 3, 3, 0, 0, 0]);
    expect(Array.from(blurChannel(new Float32Array(12).fill(2), 4, 3, 2, 3)).every((v) => Math.abs(v - 2) < 1e-5)).toBe(true);
  });
});

describe("featherAlpha", () => {
  it("softens a hard edge inwards only", () => {
    const persona = solid(12, 12, [255, 255, 255, 0]);
    for (let y = 0; y < 12; y++) for (let x = 6; x < 12; x++) persona.data[(y * 12 + x) * 4 + 3] = 255;
    featherAlpha(persona);
    const alphaAt = (x: number) => persona.data[(6 * 12 + x) * 4 + 3]!;
    expect(alphaAt(5)).toBe(0);
    expect(alphaAt(6)).toBeGreaterThan(0);
    expect(alphaAt(6)).toBeLessThan(255);
    expect(alphaAt(9)).toBe(255);
  });
});

describe("composeSwap", () => {
  async function composed(pose: "bust" | "standing", shirt: [number, number, number]) {
    const scene = await testScene({ width: W, height: H, backdrop: "scene", pose });
    const placement = placePersona(scene.box, { width: 100, height: 200 }, { width: W, height: H });
    const { image, filled } = composeSwap({
      base: { ...scene.raw, data: new Uint8Array(scene.raw.data) },
      subjectMask: scene.mask,
      persona: blockPersona(placement, shirt),
      placement,
      seed: 1,
    });
    return { scene, placement, image, filled };
  }

  it("puts the persona only inside the old subject's box, with a shadow under a standing one", async () => {
    const a = await composed("standing", [230, 30, 30]);
    const b = await composed("standing", [30, 230, 30]);
    expect(a.image.width).toBe(W);
    expect(a.image.data.length).toBe(W * H * 4);
    const { box } = a.scene;
    let personaPixels = 0;
    let outside = 0;
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const i = (y * W + x) * 4;
        if (a.image.data[i + 1] === b.image.data[i + 1]) continue;
        personaPixels++;
        if (x < box.x - 1 || x > box.x + box.width || y < box.y - 1 || y > box.y + box.height) outside++;
      }
    }
    expect(personaPixels).toBeGreaterThan(a.placement.width * a.placement.height * 0.8);
    expect(outside).toBe(0);
    // Just below the feet, the ground is darker than the fill there: the contact shadow.
    const belowFeet = ((a.placement.y + a.placement.height) * W + a.placement.x + Math.round(a.placement.width / 2)) * 4;
    expect(a.image.data[belowFeet + 1]!).toBeLessThan(a.filled.data[belowFeet + 1]! - 10);
  });

  it("casts a soft shadow beside a bust", async () => {
    const { image, filled, placement } = await composed("bust", [230, 30, 30]);
    expect(placement.bust).toBe(true);
    const offset = Math.max(2, Math.round(placement.width * 0.02));
    const beside = ((placement.y + 40) * W + placement.x + placement.width + offset - 1) * 4;
    expect(image.data[beside + 1]!).toBeLessThan(filled.data[beside + 1]!);
  });
});
