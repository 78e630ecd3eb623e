export type SniffedType = "image/png" | "image/jpeg" | "image/webp";

/**
 * The type the bytes say they are, whatever the file name or header claims (HTML named .png is a 415). Outside bytes
 * reach sharp only after this says PNG, JPEG or WebP: the only raster decoders the process keeps (sharp-settings.ts).
 */
export function sniffImageType(bytes: Buffer): SniffedType | undefined {
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.readUInt32BE(4) === 0x0d0a1a0a) return "image/png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 12 && bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP") return "image/webp";
  return undefined;
}
