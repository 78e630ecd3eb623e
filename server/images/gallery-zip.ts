import type { Readable, Writable } from "node:stream";
import { ZipPassThrough } from "fflate";
import { zipInto } from "../http/zip-into.ts";

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
  const { zip, throwIfFailed } = zipInto(out);
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
        throwIfFailed();
        if (out.destroyed) return;
        if (out.writableNeedDrain) await drained(out);
      }
    } finally {
      stream.destroy();
    }
    entry.push(new Uint8Array(0), true);
  }
  zip.end();
  throwIfFailed();
}
