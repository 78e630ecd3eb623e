import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The repository stands alone: comments, tests and docs point at docs/product/ or state the requirement, never at a
 * document a reader of the repo cannot open (a spec or design file kept elsewhere, a numbered issue).
 */
const pointers: readonly { name: string; pattern: RegExp }[] = [
  { name: "spec document", pattern: /\bSPEC\.md\b/i },
  { name: "design document", pattern: /\bDESIGN\.md\b/i },
  { name: "folder outside the repo", pattern: /\.\.\/shared\b/ },
  { name: "issue number", pattern: /\bissues?\s+#?\d+|\bissues\/\d+/i },
];

const root = fileURLToPath(new URL("../", import.meta.url));

/** Every `file:line: text` in `files` that holds a pointer; binary files (a NUL byte) are skipped. */
function findPointers(files: readonly { path: string; bytes: Buffer }[]): string[] {
  const found: string[] = [];
  for (const { path, bytes } of files) {
    if (bytes.includes(0)) continue;
    bytes
      .toString("utf8")
      .split("\n")
      .forEach((line, index) => {
        const hit = pointers.find(({ pattern }) => pattern.test(line));
        if (hit) found.push(`${path}:${index + 1}: ${hit.name}: ${line.trim()}`);
      });
  }
  return found;
}

function trackedFiles(): { path: string; bytes: Buffer }[] {
  const listing = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: root });
  return listing
    .toString("utf8")
    .split("\0")
    .filter((path) => path !== "" && !path.split("/").includes("node_modules"))
    .flatMap((path) => {
      try {
        return [{ path, bytes: readFileSync(`${root}${path}`) }];
      } catch {
        return []; // listed by git but deleted in the work tree
      }
    });
}

describe("the repository stands alone", () => {
  it("finds a pointer of each kind, with its file and line", () => {
    const planted = [
      `// ${"SPEC"}.md §8: errors`,
      `See ${"DESIGN"}.md for the layers.`,
      `read ${".."}/shared/notes`,
      `the waitlist (${"issue"} 3)`,
      `${"Issue"} 12: the hot path`,
      `https://github.com/o/r/${"issues"}/7`,
    ];
    const found = findPointers([{ path: "planted.ts", bytes: Buffer.from(["clean", ...planted].join("\n")) }]);
    expect(found).toHaveLength(planted.length);
    expect(found[0]).toBe(`planted.ts:2: spec document: ${planted[0]}`);
    expect(found[3]).toBe(`planted.ts:5: issue number: ${planted[3]}`);
  });

  it("leaves docs/product links, decision numbers and ordinary words alone", () => {
    const clean = [
      "// docs/product/api.md (Errors): any non-OK answer raises an Error",
      "see decision 008 and docs/decisions/011-uploads-and-sign-in-abuse.md",
      "err.issues.map((i) => i.message)",
      "import { x } from './shared-state.ts';",
    ];
    expect(findPointers([{ path: "clean.ts", bytes: Buffer.from(clean.join("\n")) }])).toEqual([]);
  });

  it("no tracked text file points at a document outside the repository", () => {
    const files = trackedFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(findPointers(files), "point at docs/product/<file>.md or state the requirement").toEqual([]);
  });
});
