/**
 * Removes what a photo says about its owner (EXIF with GPS and camera serials, XMP, IPTC, comments, text chunks)
 * without decoding it: the kept original is the uploaded picture byte for byte, less those segments. Colour
 * profiles stay, so the picture looks the same. Returns undefined when the container is not what it claims, so the
 * caller falls back to a re-encode.
 */
export function stripMetadata(bytes: Buffer, format: "jpeg" | "png" | "webp"): Buffer | undefined {
  if (format === "jpeg") return stripJpeg(bytes);
  if (format === "png") return stripPng(bytes);
  return stripWebp(bytes);
}

// APP0 (JFIF), APP2 (ICC profile) and APP14 (Adobe colour transform) are needed to show the picture right.
const KEPT_APP_MARKERS = new Set([0xe0, 0xe2, 0xee]);

function stripJpeg(bytes: Buffer): Buffer | undefined {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1] as number;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > bytes.length) return undefined;
    const segment = bytes.subarray(at, at + 2 + length);
    // Start of scan: the entropy-coded data and everything after it is picture, kept as it is.
    if (marker === 0xda) {
      kept.push(bytes.subarray(at));
      return Buffer.concat(kept);
    }
    const isApp = marker >= 0xe0 && marker <= 0xef;
    const isComment = marker === 0xfe;
    if (!(isApp && !KEPT_APP_MARKERS.has(marker)) && !isComment) kept.push(segment);
    at += 2 + length;
  }
  return undefined;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// Chunks that carry the picture or how to show it; text, EXIF, time stamps and private chunks are dropped.
const KEPT_PNG_CHUNKS = new Set(["IHDR", "PLTE", "IDAT", "IEND", "tRNS", "gAMA", "cHRM", "sRGB", "iCCP", "sBIT", "pHYs", "bKGD", "acTL", "fcTL", "fdAT"]);

function stripPng(bytes: Buffer): Buffer | undefined {
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
  const kept: Buffer[] = [PNG_SIGNATURE];
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const end = at + 12 + length;
    if (end > bytes.length) return undefined;
    const type = bytes.toString("latin1", at + 4, at + 8);
    if (KEPT_PNG_CHUNKS.has(type)) kept.push(bytes.subarray(at, end));
    at = end;
    if (type === "IEND") return Buffer.concat(kept);
  }
  return undefined;
}

const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function stripWebp(bytes: Buffer): Buffer | undefined {
  if (bytes.length < 12 || bytes.toString("latin1", 0, 4) !== "RIFF" || bytes.toString("latin1", 8, 12) !== "WEBP") return undefined;
  const kept: Buffer[] = [];
  let at = 12;
  while (at + 8 <= bytes.length) {
    const type = bytes.toString("latin1", at, at + 4);
    const length = bytes.readUInt32LE(at + 4);
    const end = at + 8 + length + (length % 2);
    if (at + 8 + length > bytes.length) return undefined;
    const chunk = Buffer.from(bytes.subarray(at, Math.min(end, bytes.length)));
    if (type === "VP8X" && chunk.length >= 9) chunk[8] = (chunk[8] as number) & ~(VP8X_EXIF | VP8X_XMP);
    if (type !== "EXIF" && type !== "XMP ") kept.push(chunk);
    at = end;
  }
  const body = Buffer.concat(kept);
  const header = Buffer.alloc(12);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(body.length + 4, 4);
  header.write("WEBP", 8, "latin1");
  return Buffer.concat([header, body]);
}
