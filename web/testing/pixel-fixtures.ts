import type { Pixels } from "../components/feed-preview/legibility.ts";

// Test-only: thumbnails drawn pixel by pixel (jsdom has no canvas), with block capitals for text.

type Rgb = readonly [number, number, number];

/** An image of one colour. */
export function solid(width: number, height: number, [r, g, b]: Rgb): Pixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([r, g, b, 255], i);
  return { width, height, data };
}

function fill(image: Pixels, x: number, y: number, w: number, h: number, [r, g, b]: Rgb): void {
  for (let yy = Math.max(0, y); yy < Math.min(image.height, y + h); yy++) {
    for (let xx = Math.max(0, x); xx < Math.min(image.width, x + w); xx++) image.data.set([r, g, b, 255], (yy * image.width + xx) * 4);
  }
}

/**
 * A row of block "H" and "E" capitals, `cap` pixels tall with strokes a fifth of that, from (x, y): enough like a
 * headline for an analysis that looks for dense, sharp strokes.
 */
export function drawHeadline(image: Pixels, { x, y, cap, letters, colour }: { x: number; y: number; cap: number; letters: number; colour: Rgb }): Pixels {
  const stroke = Math.max(1, Math.round(cap / 5));
  const width = Math.round(cap * 0.6);
  for (let i = 0; i < letters; i++) {
    const left = x + i * (width + stroke * 2);
    fill(image, left, y, stroke, cap, colour);
    if (i % 2 === 0) {
      fill(image, left + width - stroke, y, stroke, cap, colour);
      fill(image, left, y + Math.round((cap - stroke) / 2), width, stroke, colour);
    } else {
      fill(image, left, y, width, stroke, colour);
      fill(image, left, y + Math.round((cap - stroke) / 2), width, stroke, colour);
      fill(image, left, y + cap - stroke, width, stroke, colour);
    }
  }
  return image;
}
