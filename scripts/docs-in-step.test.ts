import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, expectTypeOf, it } from "vitest";
import { type ClientToServerEvents, serverEventNames } from "../contract/realtime.ts";
import { type DecisionRecord, decisionRecordProblems, firstCellNames, folderNames, listProblems, markedBlock, serverFolders } from "./docs-in-step.ts";
import { serverShared, serverWiring } from "./import-rules.ts";

const root = fileURLToPath(new URL("../", import.meta.url));
const architecture = () => readFileSync(`${root}docs/architecture.md`, "utf8");
const productRealtime = () => readFileSync(`${root}docs/product/realtime.md`, "utf8");

function trackedServerPaths(): string[] {
  const listing = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "server"], { cwd: root });
  return listing.toString("utf8").split("\0").filter(Boolean);
}

/** Capabilities are every folder under server/ that is neither a shared part nor composition or test support. */
function capabilityFolders(paths: readonly string[]): string[] {
  const notCapabilities: readonly string[] = [...serverShared, ...serverWiring];
  return serverFolders(paths).filter((folder) => !notCapabilities.includes(folder));
}

const eventProblems = (doc: string, events: readonly string[]) => listProblems("realtime events", firstCellNames(markedBlock(doc, "realtime-events")), events);
const capabilityProblems = (doc: string, paths: readonly string[]) =>
  listProblems("capabilities", folderNames(markedBlock(doc, "capabilities")), capabilityFolders(paths));
const sharedProblems = (doc: string, paths: readonly string[]) =>
  listProblems("shared parts", folderNames(markedBlock(doc, "shared-parts")), serverFolders(paths).filter((folder) => (serverShared as readonly string[]).includes(folder)));

describe("docs/architecture.md is in step with the code", () => {
  it("lists exactly the events of contract/realtime.ts in its realtime table, as docs/product/realtime.md does", () => {
    expect(eventProblems(architecture(), serverEventNames)).toEqual([]);
    expect(eventProblems(productRealtime(), serverEventNames)).toEqual([]);
    // Clients send no events. Should they, their names belong in the table too (and this line stops compiling).
    expectTypeOf<keyof ClientToServerEvents>().toEqualTypeOf<string>();
  });

  it("names exactly the capability folders and the shared parts under server/", () => {
    const paths = trackedServerPaths();
    expect(capabilityFolders(paths)).toContain("payments");
    expect(capabilityProblems(architecture(), paths)).toEqual([]);
    expect(sharedProblems(architecture(), paths)).toEqual([]);
  });

  it("fails when an event or a capability is added and the doc is not", () => {
    const doc = architecture();
    expect(eventProblems(doc, [...serverEventNames, "planted:event"])).toEqual(["realtime events: `planted:event` is missing from the doc"]);
    expect(eventProblems(doc, serverEventNames.filter((name) => name !== "image:deleted"))).toEqual([
      "realtime events: `image:deleted` is in the doc but not in the code",
    ]);
    const paths = [...trackedServerPaths(), "server/planted/service.ts"];
    expect(capabilityProblems(doc, paths)).toEqual(["capabilities: `planted` is missing from the doc"]);
    expect(() => eventProblems(doc.replace("<!-- /in-step:realtime-events -->", ""), serverEventNames)).toThrow(/no block/);
  });

  it("reads table rows and folder names the way the doc writes them", () => {
    const table = "| event | published by |\n|---|---|\n| `credits:update` | credits |\n| `image:update` | `generation/` |\n";
    expect(firstCellNames(table)).toEqual(["credits:update", "image:update"]);
    expect(folderNames("- Shared parts (`errors`, `rate-limit`, and `config.ts`/`logger.ts`) use no `compose/x.ts`")).toEqual(["errors", "rate-limit"]);
    expect(listProblems("x", ["a", "a"], ["a"])).toEqual(["x: `a` is listed twice"]);
  });
});

describe("docs/decisions", () => {
  const records = (): DecisionRecord[] =>
    readdirSync(`${root}docs/decisions`)
      .sort()
      .map((file) => ({ file, text: readFileSync(`${root}docs/decisions/${file}`, "utf8") }));

  it("every record has its number, title, date and status, and no number is taken twice", () => {
    const all = records();
    expect(all.length).toBeGreaterThan(20);
    expect(decisionRecordProblems(all)).toEqual([]);
  });

  it("catches a missing or malformed date and status line, a duplicate number and a status naming no later record", () => {
    const record = (file: string, title: string, status: string) => ({ file, text: `${title}\n\n${status}\n\n**Context.** …\n` });
    const ok = (n: string) => record(`${n}-fine.md`, `# ${n} — Fine`, "**Date:** 2026-11-22 · **Status:** accepted");
    expect(decisionRecordProblems([ok("001"), record("002-amended.md", "# 002 — Amended", "**Date:** 2026-11-23 · **Status:** amended by 003, 004"), ok("003"), ok("004")])).toEqual([]);
    expect(
      decisionRecordProblems([
        ok("001"),
        record("002-no-status.md", "# 002 — No status", "**Context.** Straight into it."),
        record("003-bad-date.md", "# 003 — Bad date", "**Date:** 2026-02-30 · **Status:** accepted"),
        record("004-maybe.md", "# 004 — Maybe", "**Date:** 2026-11-24 · **Status:** proposed"),
        record("005-points-back.md", "# 005 — Points back", "**Date:** 2026-11-24 · **Status:** superseded by 001"),
        record("006-points-nowhere.md", "# 006 — Points nowhere", "**Date:** 2026-11-24 · **Status:** amended by 099"),
        ok("007"),
        record("007-twin.md", "# 007 — Twin", "**Date:** 2026-11-25 · **Status:** accepted"),
        record("008-wrong-title.md", "# 009 — Wrong number", "**Date:** 2026-11-25 · **Status:** accepted"),
      ]),
    ).toEqual([
      "decision 007 is taken by more than one file: 007-fine.md, 007-twin.md",
      expect.stringMatching(/^002-no-status\.md: the third line is "\*\*Date:\*\* YYYY-MM-DD/),
      "003-bad-date.md: 2026-02-30 is not a date",
      expect.stringMatching(/^004-maybe\.md: the third line is/),
      "005-points-back.md: its status names decision 001, which is not a later record",
      "006-points-nowhere.md: its status names decision 099, which does not exist",
      '008-wrong-title.md: the first line is "# 008 — Title"',
    ]);
  });
});

describe("the docs name files that exist", () => {
  // A backticked path from the repo's root (`server/images/lifecycle.ts`, `web/lib/`) is a promise that it is there:
  // a renamed or deleted file leaves the doc pointing at nothing, as moved hooks once did.
  const rooted = /`((?:server|web|contract|db|bot|scripts|e2e|bench|docs)\/[\w./-]*[\w/])`/g;
  const docs = ["docs/architecture.md", "README.md", ...readdirSync(`${root}docs/product`).map((name) => `docs/product/${name}`)];

  it.each(docs)("%s", (doc) => {
    const text = readFileSync(`${root}${doc}`, "utf8");
    const missing = [...text.matchAll(rooted)].map((match) => match[1] as string).filter((path) => !path.includes("*") && !existsSync(`${root}${path}`));
    expect([...new Set(missing)]).toEqual([]);
  });
});
