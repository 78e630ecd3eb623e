import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { imageStyles, type ImageStyle } from "../../contract/images.ts";
import { artOverlays, createArtCache, treatmentOf } from "./art-cache.ts";
import { type ArtTreatment, prepareArt, turned } from "./art-render.ts";
import { palettesFor } from "./palette.ts";
import { buildScene } from "./scene.ts";
import type { ArtLayer } from "./scene-layers.ts";

const layer = (over: Partial<ArtLayer> = {}): ArtLayer => ({ id: "laptop", name: "laptop", word: "laptop", box: { x: 100, y: 100, w: 240, h: 240 }, rotation: 4, role: "object", ...over });

function treatment(style: ImageStyle): ArtTreatment {
  const palette = palettesFor(style)[0];
  if (!palette) throw new Error("no palette");
  return { style, ink: palette.ink, outline: palette.outline, accents: palette.accents };
}

/** The prepared pieces flattened onto a transparent square, as one comparable image. */
async function flatten(l: ArtLayer, t: ArtTreatment): Promise<{ data: Buffer; size: number }> {
  const prepared = await prepareArt(l, t);
  const size = Math.round(l.box.w * 2);
  const offset = Math.round(l.box.w * 0.5);
  const p = prepared.piece;
  const data = await sharp({ create: { width: size, height: size, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: p.data, raw: { width: p.width, height: p.height, channels: 4 as const }, left: p.dx + offset, top: p.dy + offset }])
    .raw()
    .toBuffer();
  return { data, size };
}

function meanDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
}

describe("art treatments", () => {
  it("draws each style's treatment differently, and the same layer the same way every time", async () => {
    const images = new Map<ImageStyle, Buffer>();
    for (const style of imageStyles) {
      const first = await flatten(layer(), treatment(style));
      const again = await flatten(layer(), treatment(style));
      expect(first.data.equals(again.data), style).toBe(true);
      images.set(style, first.data);
    }
    for (const a of imageStyles) {
      for (const b of imageStyles) {
        if (a < b) expect(meanDifference(images.get(a) ?? Buffer.alloc(0), images.get(b) ?? Buffer.alloc(0)), `${a} vs ${b}`).toBeGreaterThan(3);
      }
    }
  });

  it("gives the cartoon art a thick outline and a shadow offset down and right, beyond the icon's own pixels", async () => {
    // Where the opaque pixels reach past the layer's box, on each side, in pixels.
    const reach = async (style: ImageStyle) => {
      const l = layer({ rotation: 0 });
      const { data, size } = await flatten(l, treatment(style));
      let [x0, y0, x1, y1] = [size, size, -1, -1];
      for (let y = 0; y < size; y++) {
        for (let x = 0; x < size; x++) {
          if ((data[(y * size + x) * 4 + 3] ?? 0) < 128) continue;
          [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
        }
      }
      const at = l.box.w * 0.5;
      return { left: at - x0, top: at - y0, right: x1 - (at + l.box.w), bottom: y1 - (at + l.box.h) };
    };
    const cartoon = await reach("cartoon");
    const vintage = await reach("vintage");
    expect(cartoon.left).toBeGreaterThan(vintage.left);
    expect(cartoon.bottom - cartoon.top).toBeGreaterThan(layer().box.w * 0.03);
    expect(cartoon.right - cartoon.left).toBeGreaterThan(layer().box.w * 0.03);
  });

  it("turns the art about its box's centre", async () => {
    const prepared = await prepareArt(layer(), treatment("cartoon"));
    const upright = await turned(prepared, layer().box, 0);
    const quarter = await turned(prepared, layer().box, 90);
    const centre = (p: typeof upright) => [p.dx + p.width / 2, p.dy + p.height / 2];
    // The laptop's padded square is centred on its box's centre within the shadow's offset, before and after a turn.
    for (const p of [upright, quarter]) for (const c of centre(p)) expect(Math.abs(c - layer().box.w / 2)).toBeLessThan(layer().box.w * 0.06);
    expect([quarter.width, quarter.height]).toEqual([upright.height, upright.width]);
  });

  it("mutes the before side of a split to grey", async () => {
    const { data } = await flatten(layer({ muted: true }), treatment("realistic"));
    let colourful = 0;
    for (let i = 0; i < data.length; i += 4) if ((data[i + 3] ?? 0) > 250 && Math.max(Math.abs((data[i] ?? 0) - (data[i + 1] ?? 0)), Math.abs((data[i + 1] ?? 0) - (data[i + 2] ?? 0))) > 40) colourful++;
    expect(colourful).toBe(0);
  });

  it("gives the same composite layers from the cache as prepared afresh, and evicts past its byte budget", async () => {
    const scene = buildScene({ prompt: "best budget gaming setup", style: "vintage", aspect: "16:9", seed: 5, personaNames: [] });
    expect(scene.art?.length).toBeGreaterThan(0);
    const cached = createArtCache(64 * 1024 * 1024);
    const fresh = await artOverlays(scene, createArtCache(0));
    await artOverlays(scene, cached);
    const again = await artOverlays(scene, cached);
    expect(again.map((o) => [o.left, o.top, (o.input as Buffer).length])).toEqual(fresh.map((o) => [o.left, o.top, (o.input as Buffer).length]));
    again.forEach((o, i) => expect((o.input as Buffer).equals(fresh[i]?.input as Buffer)).toBe(true));
    // A budget smaller than one prepared object keeps nothing: a second get prepares it again.
    const tiny = createArtCache(1);
    const first = tiny.get(layer(), treatmentOf(scene));
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    expect(tiny.get(layer(), treatmentOf(scene))).not.toBe(first);
  });
});
