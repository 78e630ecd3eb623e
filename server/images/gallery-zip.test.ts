import { Readable, Writable } from "node:stream";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { writeZipStream, type ZipSource } from "./gallery-zip.ts";

const MB = 1024 * 1024;

/** A file of `size` bytes read in 64 KB chunks, made as they are read (never whole in memory). */
function lazyFile(size: number, fill: number, reads: { bytes: number }): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return void this.push(null);
      const n = Math.min(64 * 1024, size - sent);
      sent += n;
      reads.bytes += n;
      this.push(Buffer.alloc(n, fill));
    },
  });
}

describe("writeZipStream", () => {
  it("reads a file only as fast as the client takes the zip, opens one file at a time, and writes a zip that unpacks to the same bytes", async () => {
    const reads = { bytes: 0 };
    let opened = 0;
    const sources: ZipSource[] = [0, 1, 2, 3].map((i) => ({
      name: `thumbforge-${i}.png`,
      modified: new Date("2026-11-20T10:00:00Z"),
      open: async () => {
        opened += 1;
        return lazyFile(2 * MB, i + 1, reads);
      },
    }));
    const received: Buffer[] = [];
    let release: () => void = () => {};
    let gate = new Promise<void>((resolve) => (release = resolve));
    // A slow client: it takes nothing until the gate opens.
    const out = new Writable({
      highWaterMark: 64 * 1024,
      write(chunk: Buffer, _encoding, callback) {
        received.push(chunk);
        void gate.then(() => callback());
      },
    });
    const finished = writeZipStream(sources, out);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Stalled: one file open, and no more read than the socket's buffer and a chunk or two in flight.
    expect(opened).toBe(1);
    expect(reads.bytes).toBeLessThanOrEqual(256 * 1024);
    release();
    gate = Promise.resolve();
    await finished;
    await new Promise((resolve) => out.once("finish", resolve));
    expect(opened).toBe(4);
    const files = unzipSync(new Uint8Array(Buffer.concat(received)));
    expect(Object.keys(files)).toEqual(["thumbforge-0.png", "thumbforge-1.png", "thumbforge-2.png", "thumbforge-3.png"]);
    for (const [i, name] of Object.keys(files).entries()) {
      const bytes = files[name] ?? new Uint8Array();
      expect(bytes.length).toBe(2 * MB);
      expect(bytes.every((b) => b === i + 1)).toBe(true);
    }
  });

  it("stops reading when the client goes away, and fails on a file that is missing", async () => {
    const reads = { bytes: 0 };
    const out = new Writable({ highWaterMark: 16 * 1024, write: () => {} });
    const sources: ZipSource[] = [{ name: "a.png", modified: new Date(), open: async () => lazyFile(50 * MB, 7, reads) }];
    const done = writeZipStream(sources, out);
    await new Promise((resolve) => setTimeout(resolve, 50));
    out.destroy();
    await done;
    expect(reads.bytes).toBeLessThan(MB);

    const sink = new Writable({ write: (_c, _e, cb) => cb() });
    await expect(writeZipStream([{ name: "gone.png", modified: new Date(), open: async () => undefined }], sink)).rejects.toThrow(/missing/);
  });
});
