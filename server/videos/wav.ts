/**
 * FFmpeg writing WAV into a pipe cannot go back to fill in the RIFF and data sizes, and leaves them unset; the
 * whole clip is in memory here, so they are written afterwards (some readers refuse a WAV without them).
 */
export function withWavSizes(wav: Buffer): Buffer {
  if (wav.length < 12 || wav.toString("ascii", 0, 4) !== "RIFF" || wav.toString("ascii", 8, 12) !== "WAVE") return wav;
  const fixed = Buffer.from(wav);
  fixed.writeUInt32LE(fixed.length - 8, 4);
  let at = 12;
  while (at + 8 <= fixed.length) {
    const id = fixed.toString("ascii", at, at + 4);
    if (id === "data") {
      fixed.writeUInt32LE(fixed.length - at - 8, at + 4);
      break;
    }
    at += 8 + fixed.readUInt32LE(at + 4);
  }
  return fixed;
}
