/**
 * Moves a cut-out's colours part of the way toward the scene it is pasted into: per-channel mean and spread in CIELAB
 * (Reinhard et al. 2001), taken from the ring of background around the hole. Partial strength, so a persona picks up
 * the scene's cast and light without turning the colour of the wall behind it.
 */
import type { RawImage } from "./inpaint.ts";

export interface LabStats {
  mean: [number, number, number];
  std: [number, number, number];
}

const toLinear = new Float32Array(256);
for (let i = 0; i < 256; i++) {
  const c = i / 255;
  toLinear[i] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

const WHITE = [0.95047, 1, 1.08883] as const;
const labF = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
const labFInverse = (t: number) => (t > 0.206893 ? t * t * t : (t - 16 / 116) / 7.787);

/** Linear light back to sRGB bytes by table: 4096 steps are finer than 8-bit output needs, and pow() is slow. */
const LINEAR_STEPS = 4096;
const fromLinearTable = new Uint8Array(LINEAR_STEPS + 1);
for (let i = 0; i <= LINEAR_STEPS; i++) {
  const c = i / LINEAR_STEPS;
  const v = c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055;
  fromLinearTable[i] = Math.max(0, Math.min(255, Math.round(v * 255)));
}

function fromLinear(c: number): number {
  return fromLinearTable[Math.round(Math.max(0, Math.min(1, c)) * LINEAR_STEPS)]!;
}

/** sRGB bytes at `data[i..i+2]` to L*a*b* into `out`. */
function rgbToLab(data: Uint8Array, i: number, out: Float64Array): void {
  const r = toLinear[data[i]!]!;
  const g = toLinear[data[i + 1]!]!;
  const b = toLinear[data[i + 2]!]!;
  const x = labF((0.4124 * r + 0.3576 * g + 0.1805 * b) / WHITE[0]);
  const y = labF(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = labF((0.0193 * r + 0.1192 * g + 0.9505 * b) / WHITE[2]);
  out[0] = 116 * y - 16;
  out[1] = 500 * (x - y);
  out[2] = 200 * (y - z);
}

function labToRgb(lab: Float64Array, data: Uint8Array, i: number): void {
  const fy = (lab[0]! + 16) / 116;
  const x = WHITE[0] * labFInverse(fy + lab[1]! / 500);
  const y = labFInverse(fy);
  const z = WHITE[2] * labFInverse(fy - lab[2]! / 200);
  data[i] = fromLinear(3.2406 * x - 1.5372 * y - 0.4986 * z);
  data[i + 1] = fromLinear(-0.9689 * x + 1.8758 * y + 0.0415 * z);
  data[i + 2] = fromLinear(0.0557 * x - 0.204 * y + 1.057 * z);
}

/** Lab mean and standard deviation of the pixels `include(index)` picks; undefined when it picks none. */
export function labStats(image: RawImage, include: (index: number) => boolean): LabStats | undefined {
  const lab = new Float64Array(3);
  const sum = [0, 0, 0];
  const squares = [0, 0, 0];
  let n = 0;
  for (let p = 0; p < image.width * image.height; p++) {
    if (!include(p)) continue;
    rgbToLab(image.data, p * 4, lab);
    for (let c = 0; c < 3; c++) {
      sum[c]! += lab[c]!;
      squares[c]! += lab[c]! * lab[c]!;
    }
    n++;
  }
  if (n === 0) return undefined;
  const mean = sum.map((s) => s / n) as [number, number, number];
  const std = squares.map((s, c) => Math.sqrt(Math.max(0, s / n - mean[c]! ** 2))) as [number, number, number];
  return { mean, std };
}

/**
 * Shifts the opaque pixels of `persona` (in place) toward `scene` by `strength` (0 nothing, 1 all the way): mean and
 * spread per Lab channel, the spread ratio clamped so a flat background cannot wash the persona out.
 */
export function matchColours(persona: RawImage, scene: LabStats, strength: number): void {
  const own = labStats(persona, (p) => persona.data[p * 4 + 3]! >= 128);
  if (!own) return;
  const scale = own.std.map((s, c) => {
    const ratio = s > 1 ? scene.std[c]! / s : 1;
    return 1 + strength * (Math.max(0.8, Math.min(1.25, ratio)) - 1);
  });
  const lab = new Float64Array(3);
  for (let p = 0; p < persona.width * persona.height; p++) {
    const i = p * 4;
    if (persona.data[i + 3] === 0) continue;
    rgbToLab(persona.data, i, lab);
    for (let c = 0; c < 3; c++) lab[c] = own.mean[c]! + (lab[c]! - own.mean[c]!) * scale[c]! + strength * (scene.mean[c]! - own.mean[c]!);
    labToRgb(lab, persona.data, i);
  }
}
