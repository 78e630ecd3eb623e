import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A stand-in for the built web app (dist/web): just the shell, so tests that look at what unknown paths answer
 * (the 404 card) do not depend on `npm run build` having run first.
 */
export function shellOnlyWebDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "tf-web-shell-"));
  writeFileSync(join(dir, "index.html"), '<!doctype html><html lang="en"><head><title>Thumbforge</title></head><body><div id="root"></div></body></html>');
  return dir;
}
