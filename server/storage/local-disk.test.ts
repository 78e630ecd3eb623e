import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { videoKey } from "./keys.ts";
import { createLocalDiskStorage } from "./local-disk.ts";

// Made before the first test, so a run that skips every test leaves no folder behind.
let dir = "";
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "tf-local-disk-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("local-disk storage", () => {
  it("stores a file under a key (putFile) without touching the source, and says where it is", async () => {
    const storage = createLocalDiskStorage(join(dir, "files"));
    const source = join(dir, "upload.bin");
    const bytes = Buffer.from(Array.from({ length: 3_000_000 }, (_, i) => (i * 7) % 256));
    writeFileSync(source, bytes);
    const key = videoKey(randomUUID(), randomUUID(), "source");
    await storage.putFile(key, source);
    expect((await storage.get(key))?.equals(bytes)).toBe(true);
    expect((await readFile(source)).equals(bytes)).toBe(true);
    const path = storage.localPath?.(key) ?? "";
    expect((await stat(path)).size).toBe(bytes.length);
    // No temp file is left beside it.
    expect(await readdir(dirname(path))).toEqual(["source.video"]);
  });

  it("refuses a path that is not a storage key", async () => {
    const storage = createLocalDiskStorage(join(dir, "files"));
    const source = join(dir, "x.bin");
    writeFileSync(source, "x");
    await expect(storage.putFile("videos/../../etc/passwd", source)).rejects.toThrow(/not a storage key/);
  });

  it("fails a putFile of a missing file and leaves nothing behind", async () => {
    const storage = createLocalDiskStorage(join(dir, "files"));
    const key = videoKey(randomUUID(), randomUUID(), "source");
    await expect(storage.putFile(key, join(dir, "missing.bin"))).rejects.toThrow();
    expect(await readdir(dirname(storage.localPath?.(key) ?? ""))).toEqual([]);
  });
});
