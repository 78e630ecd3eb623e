/**
 * Checks that keep the docs in step with the code, run by scripts/docs-in-step.test.ts in `npm test`: the lists in
 * docs/architecture.md between `<!-- in-step:<name> -->` and `<!-- /in-step:<name> -->` against what the code
 * declares, and the header of every decision record in docs/decisions/.
 */

/** The text between a block's two markers. */
export function markedBlock(doc: string, name: string): string {
  const open = `<!-- in-step:${name} -->`;
  const close = `<!-- /in-step:${name} -->`;
  const start = doc.indexOf(open);
  const end = doc.indexOf(close);
  if (start === -1 || end === -1 || end < start) throw new Error(`the doc has no block ${open} … ${close}`);
  return doc.slice(start + open.length, end);
}

/** The name in the first cell of each table row (`` | `image:update` | … ``), header and rule rows left out. */
export function firstCellNames(block: string): string[] {
  return [...block.matchAll(/^\|\s*`([^`]+)`\s*\|/gm)].map((match) => match[1] ?? "");
}

/** Every code span that looks like a folder name: `auth`, `rate-limit` (files such as `service.ts` left out). */
export function folderNames(block: string): string[] {
  return [...block.matchAll(/`([a-z][a-z0-9-]*)`/g)].map((match) => match[1] ?? "");
}

/** What the doc lists against what the code declares, as readable problems; none when they are the same set. */
export function listProblems(what: string, documented: readonly string[], declared: readonly string[]): string[] {
  const problems: string[] = [];
  for (const name of declared) if (!documented.includes(name)) problems.push(`${what}: \`${name}\` is missing from the doc`);
  for (const name of new Set(documented)) {
    if (!declared.includes(name)) problems.push(`${what}: \`${name}\` is in the doc but not in the code`);
    if (documented.indexOf(name) !== documented.lastIndexOf(name)) problems.push(`${what}: \`${name}\` is listed twice`);
  }
  return problems;
}

/** The folders right under server/ that hold files, from repo-relative paths. */
export function serverFolders(paths: readonly string[]): string[] {
  const folders = paths.flatMap((path) => {
    const parts = path.split("/");
    return parts[0] === "server" && parts.length > 2 && parts[1] ? [parts[1]] : [];
  });
  return [...new Set(folders)].sort();
}

export interface DecisionRecord {
  /** The file name inside docs/decisions/. */
  file: string;
  text: string;
}

const fileNamePattern = /^(\d{3})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
const titlePattern = /^# (\d{3}) — \S/;
const statusLinePattern = /^\*\*Date:\*\* (\d{4}-\d{2}-\d{2}) · \*\*Status:\*\* (accepted|superseded by (\d{3})|amended by (\d{3}(?:, \d{3})*))$/;

const isCalendarDate = (date: string): boolean => {
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
};

/**
 * Every record is `NNN-name.md` with a number of its own, opens with `# NNN — Title`, a blank line and
 * `**Date:** YYYY-MM-DD · **Status:** accepted` (or `superseded by NNN`, `amended by NNN[, NNN…]`, naming later
 * records that exist).
 */
export function decisionRecordProblems(records: readonly DecisionRecord[]): string[] {
  const problems: string[] = [];
  const numbers = records.map(({ file }) => fileNamePattern.exec(file)?.[1]).filter((n): n is string => n !== undefined);
  for (const number of new Set(numbers)) {
    const files = records.filter(({ file }) => file.startsWith(`${number}-`)).map(({ file }) => file);
    if (files.length > 1) problems.push(`decision ${number} is taken by more than one file: ${files.join(", ")}`);
  }
  for (const { file, text } of records) {
    const number = fileNamePattern.exec(file)?.[1];
    if (!number) {
      problems.push(`${file}: a record's file name is NNN-short-name.md`);
      continue;
    }
    const [title = "", blank, statusLine = ""] = text.split("\n");
    if (titlePattern.exec(title)?.[1] !== number) problems.push(`${file}: the first line is "# ${number} — Title"`);
    if (blank?.trim() !== "") problems.push(`${file}: the second line is blank`);
    const status = statusLinePattern.exec(statusLine);
    if (!status) {
      problems.push(`${file}: the third line is "**Date:** YYYY-MM-DD · **Status:** accepted" (or "superseded by NNN", "amended by NNN")`);
      continue;
    }
    const [, date = "", , supersededBy, amendedBy] = status;
    if (!isCalendarDate(date)) problems.push(`${file}: ${date} is not a date`);
    for (const later of supersededBy ? [supersededBy] : (amendedBy?.split(", ") ?? [])) {
      if (!numbers.includes(later)) problems.push(`${file}: its status names decision ${later}, which does not exist`);
      else if (later <= number) problems.push(`${file}: its status names decision ${later}, which is not a later record`);
    }
  }
  return problems;
}
