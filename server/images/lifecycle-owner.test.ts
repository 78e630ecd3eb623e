import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

interface SourceFile {
  path: string;
  text: string;
}

const root = fileURLToPath(new URL("../../", import.meta.url));
const LIFECYCLE = "server/images/lifecycle.ts";
const STORE = "server/images/store.ts";

/** The code that runs in the server and the bot; tests and their helpers may set rows up directly. */
function runningCode(): SourceFile[] {
  const listing = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "server", "bot"], { cwd: root });
  return listing
    .toString("utf8")
    .split("\0")
    .filter((path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path) && !/^server\/(testing|fuzz)\//.test(path))
    .map((path) => ({ path, text: readFileSync(`${root}${path}`, "utf8") }));
}

const imageEventPublished = /\.toUser\(\s*[^,()]+,\s*["'`](image:update|image:progress|gallery:new|image:deleted)["'`]/g;
const storeWriteCalled = /\.(setStatus|insertUploadWithinQuota|deleteOwned)\(/g;
const imageTableWritten = /\.(insert|update|delete)\(\s*images\s*\)/g;
/** Raw SQL, looked for only inside sql`…` templates: elsewhere such words are data (a hostile prompt corpus). */
const sqlTemplate = /\bsql`([^`]*)`/g;
const imageTableWrittenInSql = /\binsert\s+into\s+"?images"?\s|\bupdate\s+"?images"?\s+set\b|\bdelete\s+from\s+"?images"?\b/gi;

/**
 * Where image status is written or image events are published outside the image lifecycle
 * (docs/decisions/026-image-lifecycle.md): the images table is written only by the store's `createImageWrites`, which
 * only lifecycle.ts uses, and only lifecycle.ts publishes the four image events.
 */
function lifecycleBypasses(files: readonly SourceFile[]): string[] {
  const found: string[] = [];
  for (const { path, text } of files) {
    if (path === LIFECYCLE) continue;
    for (const match of text.matchAll(imageEventPublished)) found.push(`${path}: publishes ${match[1]}`);
    if (path !== STORE) {
      if (/\bcreateImageWrites\b/.test(text)) found.push(`${path}: uses the image store's writes`);
      // The store is private to its folder (import rules), so its write methods can only be called from here.
      if (path.startsWith("server/images/")) {
        for (const match of text.matchAll(storeWriteCalled)) found.push(`${path}: calls the image store's ${match[1]}`);
      }
      for (const match of text.matchAll(imageTableWritten)) found.push(`${path}: writes the images table (${match[0]})`);
      for (const [, query = ""] of text.matchAll(sqlTemplate)) {
        for (const match of query.matchAll(imageTableWrittenInSql)) found.push(`${path}: writes the images table (${match[0]})`);
      }
    }
  }
  return found;
}

describe("the image lifecycle owns image status and image events", () => {
  it("is the only code in server/ and bot/ that writes an image's status or publishes an image event", () => {
    expect(lifecycleBypasses(runningCode())).toEqual([]);
  });

  it("catches an event published, the store's writes used or the table written anywhere else", () => {
    const planted: SourceFile[] = [
      { path: "server/generation/planted.ts", text: 'deps.realtime.toUser(row.userId, "image:update", { image });\nrealtime.toUser(\n  userId,\n  "gallery:new", { image });\n' },
      { path: "server/editor/planted.ts", text: 'this.realtime.toUser(userId, "image:deleted", { imageId });\nrealtime.toUser(userId, `image:progress`, p);\n' },
      { path: "server/images/planted.ts", text: 'import { createImageWrites } from "./store.ts";\nawait createImageWrites(db).setStatus(id, ["running"], "ready");\nawait store.deleteOwned(userId, id);\n' },
      { path: "bot/planted.ts", text: 'await db.update(images).set({ status: "ready" });\nawait db.delete( images );\nawait db.execute(sql`UPDATE images SET status = \'failed\'`);\n' },
      // Other events and other tables are not the lifecycle's, nor SQL words outside a query.
      { path: "server/credits/planted.ts", text: 'realtime.toUser(userId, "credits:update", { credits });\nawait db.update(jobs).set({ status: "failed" });\nconst prompt = "DELETE FROM images";\n' },
    ];
    expect(lifecycleBypasses([...runningCode(), ...planted])).toEqual([
      "server/generation/planted.ts: publishes image:update",
      "server/generation/planted.ts: publishes gallery:new",
      "server/editor/planted.ts: publishes image:deleted",
      "server/editor/planted.ts: publishes image:progress",
      "server/images/planted.ts: uses the image store's writes",
      "server/images/planted.ts: calls the image store's setStatus",
      "server/images/planted.ts: calls the image store's deleteOwned",
      "bot/planted.ts: writes the images table (.update(images))",
      "bot/planted.ts: writes the images table (.delete( images ))",
      "bot/planted.ts: writes the images table (UPDATE images SET)",
    ]);
  });
});
