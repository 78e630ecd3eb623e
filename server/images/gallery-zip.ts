import type { Readable, Writable } from "node:stream";
import { Zip, ZipPassThrough } from "fflate";

/** One file of a gallery zip: its name inside the zip and how to open its bytes when its turn comes. */
export interface ZipSource {
  name: string;
  modified: Date;
  open(): Promise<Readable | undefined>;
}

/** Resolves when `out` can take more, or has closed (the client went away). */
function drained(out: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off("drain", done);
      out.off("close", done);
      resolve();
    };
    out.once("drain", done);
    out.once("close", done);
  });
}

/**
 * Writes a zip of `sources` to `out`, one entry after the other, each read from storage in chunks as `out` takes
 * them: at most one chunk of one file is held at a time, whatever the number or size of the files. Entries are stored,
 * not deflated (PNG, JPEG and WebP are compressed already). Resolves when the zip is complete; rejects when a file
 * cannot be read, after which `out` must be destroyed, since half a zip has been sent. A client that goes away stops
 * the reading.
 */
export async function writeZipStream(sources: readonly ZipSource[], out: Writable): Promise<void> {
  let failure: Error | undefined;
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      failure = err;
      return;
    }
    if (out.destroyed) return;
    out.write(chunk);
    if (final) out.end();
  });
  for (const source of sources) {
    if (out.destroyed) return;
    const stream = await source.open();
    if (!stream) throw new Error(`a zipped file is missing: ${source.name}`);
    const entry = new ZipPassThrough(source.name);
    entry.mtime = source.modified;
    zip.add(entry);
    try {
      for await (const chunk of stream) {
        entry.push(chunk as Uint8Array);
        if (failure) throw failure;
        if (out.destroyed) return;
        if (out.writableNeedDrain) await drained(out);
      }
    } finally {
      stream.destroy();
    }
    entry.push(new Uint8Array(0), true);
  }
  zip.end();
  if (failure) throw failure;
}
