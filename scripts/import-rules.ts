import { dirname, join, normalize } from "node:path";

/**
 * The import rules of the house (docs/architecture.md, "Import rules"), checked over the source graph by
 * scripts/import-rules.test.ts in `npm test`. Paths are repo-relative with forward slashes.
 */

export interface SourceFile {
  path: string;
  text: string;
}

export interface ImportEdge {
  from: string;
  /** A repo path for a relative import, else the bare package name. */
  to: string;
  relative: boolean;
  /** `import type` / `export type`: erased at run time. */
  typeOnly: boolean;
}

/** Which top-level folders each layer may import from. */
const layers: Record<string, readonly string[]> = {
  contract: ["contract"],
  db: ["db", "contract"],
  server: ["server", "db", "contract"],
  web: ["web", "contract"],
  bot: ["bot", "server", "db", "contract"],
};

/*
 * Every folder right under server/ is in exactly one of the three lists below; a folder in none fails the check, so
 * a new one is placed on purpose rather than passing unchecked.
 */
/** Capabilities: each a folder under server/ whose insides are its own. */
export const serverFeatures = ["auth", "chat", "community-polls", "comparisons", "credits", "discord", "editor", "feed-check", "generation", "health", "images", "openapi", "payments", "personas", "search", "shares", "studio", "style-kits", "subjects", "videos", "waitlist", "web"] as const;
/** Shared parts any capability may use; they use no capability. */
export const serverShared = ["errors", "http", "idempotency", "jobs", "mail", "metrics", "paging", "rate-limit", "realtime", "storage"] as const;
/** Composition and test support: they may wire any part to any other, and no other part of server/ uses them. */
export const serverWiring = ["compose", "fuzz", "testing"] as const;
/**
 * The bottom of the web and the only areas each may import: shared pieces never reach up into a feature, a route or
 * the app shell. A feature that needs one of its own parts shared moves that part down here.
 */
export const webBase: Readonly<Record<string, readonly string[]>> = { lib: ["lib"], components: ["components", "lib"] };
/** What another capability may import from one: what it does, an interface others implement, its HTTP guard. */
export const publicFiles = ["service.ts", "engine.ts", "middleware.ts"] as const;
/** Packages of the web door: the services, the worker and the bot must not load them. */
export const webDoorPackages = ["express", "socket.io", "helmet", "compression"] as const;

const importPattern = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

export function importsOf(file: SourceFile): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const match of file.text.matchAll(importPattern)) {
    const specifier = match[3] ?? match[4];
    if (!specifier) continue;
    const relative = specifier.startsWith(".");
    const to = relative ? normalize(join(dirname(file.path), specifier)).replaceAll("\\", "/") : packageName(specifier);
    edges.push({ from: file.path, to, relative, typeOnly: match[2] !== undefined });
  }
  return edges;
}

function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? specifier);
}

const top = (path: string) => path.split("/")[0] ?? "";
/** The folder right under server/ a path is in, or undefined for a file at server/'s root. */
function serverFolder(path: string): string | undefined {
  const parts = path.split("/");
  return parts[0] === "server" && parts.length > 2 ? parts[1] : undefined;
}
const isTest = (path: string) => /\.test\.tsx?$/.test(path);
type ServerPart = "capability" | "shared" | "wiring";
/** Which list a folder under server/ is in; undefined when it is in none. */
function partOfFolder(folder: string): ServerPart | undefined {
  if ((serverFeatures as readonly string[]).includes(folder)) return "capability";
  if ((serverShared as readonly string[]).includes(folder)) return "shared";
  if ((serverWiring as readonly string[]).includes(folder)) return "wiring";
  return undefined;
}
/** What a server path belongs to; the files at server/'s root (config, logger, …) are shared. */
function serverPart(path: string): ServerPart | undefined {
  const folder = serverFolder(path);
  return folder === undefined ? "shared" : partOfFolder(folder);
}
/** Composition and test support may wire any part to any other. */
function exempt(path: string): boolean {
  return isTest(path) || serverPart(path) === "wiring" || path === "server/main.ts";
}
/** Web code that only tests load: web/testing/, the Vitest set-up, test files and a feature's own `testing.tsx`. */
const isWebTestSupport = (path: string) => isTest(path) || path.startsWith("web/testing/") || path === "web/test-setup.ts" || /\/testing\.tsx?$/.test(path);

/** Each folder under server/ that none of serverFeatures, serverShared and serverWiring lists. */
export function unclassifiedServerFolders(files: readonly SourceFile[]): string[] {
  const folders = new Set(files.map((file) => serverFolder(file.path)).filter((folder) => folder !== undefined));
  return [...folders].filter((folder) => partOfFolder(folder) === undefined).sort();
}
const isStore = (path: string) => /(^|\/|-)store\.ts$/.test(path);

/** Every broken rule, as `from → to: why`. */
export function checkImports(files: readonly SourceFile[]): string[] {
  const problems = unclassifiedServerFolders(files).map(
    (folder) =>
      `server/${folder}/ is unclassified: add it to serverFeatures (capabilities: ${serverFeatures.join(", ")}) ` +
      `or serverShared (shared parts: ${serverShared.join(", ")}) in scripts/import-rules.ts`,
  );
  const edges = files.flatMap(importsOf);
  for (const edge of edges) {
    if (!edge.relative) continue;
    const fromTop = top(edge.from);
    const allowed = layers[fromTop];
    if (allowed && !allowed.includes(top(edge.to))) {
      problems.push(`${edge.from} → ${edge.to}: ${fromTop}/ may import only ${allowed.join(", ")}`);
      continue;
    }
    if (fromTop === "bot" && top(edge.to) === "server" && serverFolder(edge.to) !== undefined && serverFolder(edge.to) !== "compose" && !edge.typeOnly && !isTest(edge.from) && !edge.from.startsWith("bot/testing/")) {
      problems.push(`${edge.from} → ${edge.to}: the bot starts from server/compose (createServices), not a capability's insides`);
    }
    if (fromTop === "web") {
      const [, fromArea, fromFeature] = edge.from.split("/");
      const [, toArea, toFeature] = edge.to.split("/");
      const base = fromArea !== undefined && Object.hasOwn(webBase, fromArea) ? webBase[fromArea] : undefined;
      if (top(edge.to) === "web" && !isWebTestSupport(edge.from) && isWebTestSupport(edge.to)) {
        problems.push(`${edge.from} → ${edge.to}: production code never imports test support (web/testing/, test files, testing.tsx)`);
      } else if (fromArea === "features" && toArea === "features" && fromFeature !== toFeature) {
        problems.push(`${edge.from} → ${edge.to}: a web feature never imports another feature; share it through web/components or web/lib`);
      } else if (base && top(edge.to) === "web" && !base.includes(toArea ?? "") && !isWebTestSupport(edge.to)) {
        const allowed = base.map((area) => `web/${area}/`).join(", ");
        problems.push(`${edge.from} → ${edge.to}: web/${fromArea}/ imports only ${allowed}; move the shared piece down into it, or the importer up into its feature`);
      }
    }
    if (fromTop !== "server" || top(edge.to) !== "server" || exempt(edge.from)) continue;
    const fromFolder = serverFolder(edge.from);
    const toFolder = serverFolder(edge.to);
    if (fromFolder === toFolder) continue;
    const fromPart = serverPart(edge.from);
    const toPart = serverPart(edge.to);
    // An unclassified folder is reported once above, not at each of its imports.
    if (fromPart === undefined || toPart === undefined) continue;
    const fileName = edge.to.split("/").at(-1) ?? "";
    if (isStore(edge.to)) {
      problems.push(`${edge.from} → ${edge.to}: a store is used only inside its own folder; call its service`);
    } else if (toPart === "wiring") {
      problems.push(`${edge.from} → ${edge.to}: only composition and tests use server/${toFolder}`);
    } else if (toPart === "capability") {
      if (fromPart === "shared") problems.push(`${edge.from} → ${edge.to}: shared parts use no capability`);
      else if (!(publicFiles as readonly string[]).includes(fileName)) {
        problems.push(`${edge.from} → ${edge.to}: another capability's insides; import its ${publicFiles.join(", ")} only`);
      }
    }
  }
  for (const cycle of findCycles(edges)) problems.push(`import cycle: ${cycle.join(" → ")}`);
  return problems;
}

/** Each import cycle once, as the files around it. */
export function findCycles(edges: readonly ImportEdge[]): string[][] {
  const graph = new Map<string, string[]>();
  for (const edge of edges) {
    if (!edge.relative) continue;
    graph.set(edge.from, [...(graph.get(edge.from) ?? []), edge.to]);
  }
  const cycles: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

/** Packages an entry point loads at run time, through every relative import it makes (type-only ones are erased). */
export function packagesLoadedBy(entry: string, files: readonly SourceFile[]): Set<string> {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const packages = new Set<string>();
  const seen = new Set<string>();
  const walk = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    const file = byPath.get(path);
    if (!file) return;
    for (const edge of importsOf(file)) {
      if (edge.typeOnly) continue;
      if (edge.relative) walk(edge.to);
      else packages.add(edge.to);
    }
  };
  walk(entry);
  return packages;
}
