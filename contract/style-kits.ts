import { z } from "zod/mini";
import { imageStyleSchema } from "./images.ts";

/**
 * Style kits (docs/product/style-kits.md): a style learned from up to twelve of the creator's own thumbnails, applied
 * in Studio renders and described to provider models.
 */
export const MAX_KIT_IMAGES = 12;
export const KIT_NAME_MAX = 60;
/** Kits one account may keep: each is a few hundred bytes, but a list past this is no longer a pick. */
export const MAX_KITS_PER_USER = 20;

export const STYLE_KITS_PATH = "/api/style-kits";

const withoutNul = z.refine<string>((value) => !value.includes("\u0000"), { error: "must not contain a NUL character" });
const hexColour = z.string().check(z.regex(/^#[0-9a-f]{6}$/));

/** The bundled Latin faces a kit can pick: Anton (condensed display sans) or Abril Fatface (high-contrast serif). */
export const kitFonts = ["anton", "abril"] as const;
export type KitFont = (typeof kitFonts)[number];
export const kitSides = ["left", "center", "right"] as const;
export type KitSide = (typeof kitSides)[number];

/** One cluster of the palette: its colour and the share of the pictures' pixels it stands for (0–1). */
export const kitSwatchSchema = z.object({ color: hexColour, share: z.number().check(z.minimum(0), z.maximum(1)) });

/** What was learned; every read of a stored kit is checked against this. */
export const styleKitSchema = z.object({
  /** The background's colours, clustered in Lab over every picture, most used first (text pixels left out). */
  palette: z.array(kitSwatchSchema).check(z.minLength(1), z.maxLength(6)),
  /** The headline's colours: its fill, its outline (null when it has none) and a second line's colour (null when none). */
  text: hexColour,
  outline: z.nullable(hexColour),
  highlight: z.nullable(hexColour),
  headline: z.object({
    case: z.enum(["upper", "mixed"]),
    weight: z.enum(["heavy", "regular"]),
    outline: z.boolean(),
    shadow: z.boolean(),
    highlight: z.boolean(),
  }),
  /** Where the headline sits, as most of the pictures have it. */
  side: z.enum(kitSides),
  /** How much of the frame the subject (faces, people) takes, 0–1, the median over the pictures. */
  faceShare: z.number().check(z.minimum(0), z.maximum(1)),
  font: z.enum(kitFonts),
  /** Which of the four looks is nearest: what a render in the kit draws its backdrop with. */
  baseStyle: imageStyleSchema,
  /** How many of the pictures had a headline the learning could read. */
  readHeadlines: z.int().check(z.minimum(0), z.maximum(MAX_KIT_IMAGES)),
});
export type StyleKit = z.infer<typeof styleKitSchema>;

const kitNameSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(KIT_NAME_MAX), withoutNul);

export const styleKitRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  kit: styleKitSchema,
  /** The pictures it was learned from (uploads expire after a day; gallery images stay while they are kept). */
  sourceImageIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StyleKitRecord = z.infer<typeof styleKitRecordSchema>;

/** POST /api/style-kits: learn a kit from one to twelve of your images (uploads or gallery images), all ready. */
export const createStyleKitRequestSchema = z.object({
  name: kitNameSchema,
  imageIds: z.array(z.uuid()).check(z.minLength(1), z.maxLength(MAX_KIT_IMAGES)),
});
export type CreateStyleKitRequest = z.infer<typeof createStyleKitRequestSchema>;

/** PATCH /api/style-kits/:id: a new name. */
export const renameStyleKitRequestSchema = z.object({ name: kitNameSchema });

export const styleKitResponseSchema = z.object({ kit: styleKitRecordSchema });
export type StyleKitResponse = z.infer<typeof styleKitResponseSchema>;
export const styleKitListResponseSchema = z.object({ kits: z.array(styleKitRecordSchema) });
export type StyleKitListResponse = z.infer<typeof styleKitListResponseSchema>;

/**
 * How far apart two palettes are, 0 (the same colours in the same amounts) to 100 (nothing alike): each swatch of one
 * to the nearest of the other in Lab, weighted by share, both ways. The feed preview's "Your grid" says a thumbnail
 * stands out of the creator's recent ones above STANDS_OUT_DISTANCE and blends in below BLENDS_IN_DISTANCE.
 */
export const STANDS_OUT_DISTANCE = 30;
export const BLENDS_IN_DISTANCE = 15;

export interface Swatch {
  color: string;
  share: number;
}

export function paletteDistance(a: readonly Swatch[], b: readonly Swatch[]): number {
  if (a.length === 0 || b.length === 0) return 100;
  const one = (from: readonly Swatch[], to: readonly Swatch[]) => {
    const total = from.reduce((sum, s) => sum + s.share, 0) || 1;
    return from.reduce((sum, s) => sum + (s.share / total) * Math.min(...to.map((t) => deltaE(labOfHex(s.color), labOfHex(t.color)))), 0);
  };
  return Math.min(100, Math.round(((one(a, b) + one(b, a)) / 2) * 10) / 10);
}

export type Lab = readonly [number, number, number];

/** sRGB (0–255 channels) to CIE Lab under D65. */
export function labOf(r: number, g: number, b: number): Lab {
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const R = lin(r);
  const G = lin(g);
  const B = lin(b);
  const x = (R * 0.4124 + G * 0.3576 + B * 0.1805) / 0.95047;
  const y = R * 0.2126 + G * 0.7152 + B * 0.0722;
  const zz = (R * 0.0193 + G * 0.1192 + B * 0.9505) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(zz))];
}

export function labOfHex(hex: string): Lab {
  const n = Number.parseInt(hex.slice(1), 16);
  return labOf((n >> 16) & 255, (n >> 8) & 255, n & 255);
}

/** CIE76 distance: enough to tell "the same orange" from "another colour". */
export function deltaE(a: Lab, b: Lab): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

/**
 * K-means in Lab over pixels (`channels` bytes each, RGB first), `k` clusters seeded by farthest-point picks so the
 * result is the same for the same pixels; `keep(i)` leaves pixels out (text, transparent ones). Swatches come back
 * most used first, clusters under 1% dropped. The server learns kits with it and the web's "Your grid" compares
 * thumbnails with it, so both measure the same way.
 */
export function clusterPalette(pixels: ArrayLike<number>, channels: number, k: number, keep?: (index: number) => boolean): Swatch[] {
  const points: Lab[] = [];
  const count = Math.floor(pixels.length / channels);
  for (let i = 0; i < count; i++) {
    if (keep && !keep(i)) continue;
    if (channels === 4 && (pixels[i * 4 + 3] ?? 255) < 128) continue;
    points.push(labOf(pixels[i * channels] ?? 0, pixels[i * channels + 1] ?? 0, pixels[i * channels + 2] ?? 0));
  }
  if (points.length === 0) return [];
  const centres: Lab[] = [points[0] as Lab];
  const nearest = new Float64Array(points.length).fill(Infinity);
  while (centres.length < k) {
    const last = centres[centres.length - 1] as Lab;
    let far = -1;
    let farIndex = 0;
    for (let i = 0; i < points.length; i++) {
      const d = deltaE(points[i] as Lab, last);
      if (d < (nearest[i] ?? Infinity)) nearest[i] = d;
      if ((nearest[i] ?? 0) > far) {
        far = nearest[i] ?? 0;
        farIndex = i;
      }
    }
    // Fewer distinct colours than clusters: stop rather than split one colour in two.
    if (far < 4) break;
    centres.push(points[farIndex] as Lab);
  }
  const owner = new Int32Array(points.length);
  for (let round = 0; round < 12; round++) {
    const sums = centres.map(() => [0, 0, 0, 0]);
    for (let i = 0; i < points.length; i++) {
      const p = points[i] as Lab;
      let best = 0;
      let bestD = Infinity;
      for (let c = 0; c < centres.length; c++) {
        const d = deltaE(p, centres[c] as Lab);
        if (d < bestD) {
          bestD = d;
          best = c;
        }
      }
      owner[i] = best;
      const s = sums[best] as number[];
      s[0] = (s[0] ?? 0) + p[0];
      s[1] = (s[1] ?? 0) + p[1];
      s[2] = (s[2] ?? 0) + p[2];
      s[3] = (s[3] ?? 0) + 1;
    }
    for (let c = 0; c < centres.length; c++) {
      const s = sums[c] as number[];
      if ((s[3] ?? 0) > 0) centres[c] = [(s[0] ?? 0) / (s[3] ?? 1), (s[1] ?? 0) / (s[3] ?? 1), (s[2] ?? 0) / (s[3] ?? 1)];
    }
  }
  const sizes = centres.map(() => 0);
  for (let i = 0; i < points.length; i++) sizes[owner[i] ?? 0] = (sizes[owner[i] ?? 0] ?? 0) + 1;
  return centres
    .map((centre, c) => ({ color: hexOfLab(centre), share: Math.round(((sizes[c] ?? 0) / points.length) * 1000) / 1000 }))
    .filter((s) => s.share >= 0.01)
    .sort((a, b) => b.share - a.share);
}

/** CIE Lab (D65) back to an sRGB hex colour, channels clamped. */
export function hexOfLab(lab: Lab): string {
  const fy = (lab[0] + 16) / 116;
  const fx = fy + lab[1] / 500;
  const fz = fy - lab[2] / 200;
  const inv = (t: number) => (t ** 3 > 216 / 24389 ? t ** 3 : (116 * t - 16) / (24389 / 27));
  const x = inv(fx) * 0.95047;
  const y = inv(fy);
  const z3 = inv(fz) * 1.08883;
  const R = x * 3.2406 + y * -1.5372 + z3 * -0.4986;
  const G = x * -0.9689 + y * 1.8758 + z3 * 0.0415;
  const B = x * 0.0557 + y * -0.204 + z3 * 1.057;
  const gamma = (v: number) => Math.round(255 * Math.min(1, Math.max(0, v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055)));
  return `#${[R, G, B].map((v) => gamma(v).toString(16).padStart(2, "0")).join("")}`;
}

/** Kits one account may learn per hour: each reads up to twelve pictures with OCR and the subject model. */
export const KIT_LEARNS_PER_HOUR = 10;
