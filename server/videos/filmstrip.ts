import sharp from "sharp";
import type { FoundFilmstrip } from "./engine.ts";

/** At most this many tiles across the whole video, this wide, this many to a row. */
export const FILMSTRIP_MAX_TILES = 100;
const TILE_WIDTH = 96;
const COLUMNS = 10;

/**
 * Collects the filmstrip's tiles during the reading pass: tile i is the first sample at or after i × stepMs, shrunk
 * at once (a tile is a few kilobytes; the sampled frame is not kept).
 */
export function createFilmstripCollector(durationMs: number, expectedSamples: number, frameWidth: number, frameHeight: number) {
  const count = Math.max(1, Math.min(FILMSTRIP_MAX_TILES, expectedSamples));
  const stepMs = durationMs / count;
  const tileWidth = Math.min(TILE_WIDTH, frameWidth);
  const tileHeight = Math.max(2, Math.round((tileWidth * frameHeight) / frameWidth / 2) * 2);
  const tiles: Buffer[] = [];
  return {
    offer(rgb: Uint8Array, timeMs: number) {
      if (tiles.length >= count || timeMs + 0.5 < tiles.length * stepMs) return;
      tiles.push(shrink(rgb, frameWidth, frameHeight, tileWidth, tileHeight));
    },
    /** One JPEG of the tiles read; a file cut short has fewer tiles than planned, the rest stay dark. */
    async compose(): Promise<FoundFilmstrip> {
      const columns = Math.min(COLUMNS, count);
      const rows = Math.ceil(count / columns);
      const width = columns * tileWidth;
      const sheet = Buffer.alloc(width * rows * tileHeight * 3);
      tiles.forEach((tile, i) => {
        const x0 = (i % columns) * tileWidth;
        const y0 = Math.floor(i / columns) * tileHeight;
        for (let y = 0; y < tileHeight; y++) tile.copy(sheet, ((y0 + y) * width + x0) * 3, y * tileWidth * 3, (y + 1) * tileWidth * 3);
      });
      const jpeg = await sharp(sheet, { raw: { width, height: rows * tileHeight, channels: 3 } }).jpeg({ quality: 72 }).toBuffer();
      return { jpeg, columns, rows, tileWidth, tileHeight, count, stepMs: Math.round(stepMs) };
    },
  };
}

/** Box-averages an RGB24 picture down to a tile. */
function shrink(rgb: Uint8Array, width: number, height: number, toWidth: number, toHeight: number): Buffer {
  const tile = Buffer.alloc(toWidth * toHeight * 3);
  for (let ty = 0; ty < toHeight; ty++) {
    const y0 = Math.floor((ty * height) / toHeight);
    const y1 = Math.max(y0 + 1, Math.floor(((ty + 1) * height) / toHeight));
    for (let tx = 0; tx < toWidth; tx++) {
      const x0 = Math.floor((tx * width) / toWidth);
      const x1 = Math.max(x0 + 1, Math.floor(((tx + 1) * width) / toWidth));
      let r = 0;
      let g = 0;
      let b = 0;
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const i = (y * width + x) * 3;
          r += rgb[i] ?? 0;
          g += rgb[i + 1] ?? 0;
          b += rgb[i + 2] ?? 0;
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      const o = (ty * toWidth + tx) * 3;
      tile[o] = r / n;
      tile[o + 1] = g / n;
      tile[o + 2] = b / n;
    }
  }
  return tile;
}
