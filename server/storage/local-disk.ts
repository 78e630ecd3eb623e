import { createReadStream } from "node:fs";
import { copyFile, link, mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { randomUUID } from "node:crypto";
import { isStorageKey } from "./keys.ts";
import type { Storage } from "./storage.ts";

/** Files under one root folder (DATA_DIR/files by default). Writes go to a temp name first, so readers never see half a file. */
export function createLocalDiskStorage(root: string): Storage {
  const base = resolve(root);

  function pathOf(key: string): string {
    // Keys come from keys.ts; this is the last guard against a key that would climb out of the root.
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
    const path = resolve(base, ...key.split("/"));
    if (!path.startsWith(base + sep)) throw new Error(`storage key escapes the root: ${key}`);
    return path;
  }

  const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === "ENOENT";

  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temp = join(dirname(path), `.${randomUUID()}.tmp`);
      try {
        await writeFile(temp, bytes);
        await rename(temp, path);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },
    async putFile(key, source) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temp = join(dirname(path), `.${randomUUID()}.tmp`);
      try {
        // A hard link costs nothing on the same disk (the usual case: the upload folder is under DATA_DIR too).
        await link(source, temp).catch(async (err: unknown) => {
          if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
          await copyFile(source, temp);
        });
        await rename(temp, path);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (err) {
        if (missing(err)) return undefined;
        throw err;
      }
    },
    async open(key) {
      const path = pathOf(key);
      try {
        const { size } = await stat(path);
        return { stream: createReadStream(path), size };
      } catch (err) {
        if (missing(err)) return undefined;
        throw err;
      }
    },
    localPath: (key) => pathOf(key),
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
