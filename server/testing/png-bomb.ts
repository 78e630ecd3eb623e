import { crc32, deflateSync } from "node:zlib";

function pngOf(width: number, height: number, format: { bitDepth: number; colourType: number; rowBytes: number }, rows: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([format.bitDepth, format.colourType, 0, 0, 0], 8); // deflate, no filter, no interlace
  // Each row is a filter byte (0: none) and its pixels, all zero.
  const data = deflateSync(Buffer.alloc((format.rowBytes + 1) * rows), { level: 1 });
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", data), chunk("IEND", Buffer.alloc(0))]);
}

/**
 * A decompression bomb: a valid PNG header claiming `width`×`height` pixels over a few bytes of data. Decoding it
 * would need width×height×3 bytes; a safe reader refuses it from the header alone.
 */
export function pngBomb(width: number, height: number): Buffer {
  return pngOf(width, height, { bitDepth: 8, colourType: 2, rowBytes: width * 3 }, 4);
}

/**
 * A complete, valid black PNG of `width`×`height` pixels, every row present: one bit of grey per pixel keeps even
 * 20000×20000 at 50 MB before compression and a few tens of kilobytes after, so only a pixel limit can refuse it
 * (a reader that stops at a missing row, as failOn does with the bomb, has nothing to stop at).
 */
export function completeHugePng(width: number, height: number): Buffer {
  return pngOf(width, height, { bitDepth: 1, colourType: 0, rowBytes: Math.ceil(width / 8) }, height);
}
