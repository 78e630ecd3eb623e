import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import autocannon from "autocannon";
import postgres from "postgres";
import { openDb } from "../db/open-db.ts";
import { type RunningNode, startNode } from "../server/compose/start-node.ts";
import { loadConfig } from "../server/config.ts";
import { createLogger } from "../server/logger.ts";
import { createScratchDatabase, type ScratchDatabase } from "../server/testing/scratch-database.ts";

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
}

export interface LoadOptions {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** Builds each request's body (distinct e-mails and the like). */
  bodyFor?: (n: number) => string;
  /** Extra headers per request (a distinct client address, say). */
  headersFor?: (n: number) => Record<string, string>;
  seconds?: number;
  connections?: number;
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  let counter = 0;
  const result = await autocannon({
    url: options.url,
    method: options.method ?? "GET",
    headers: options.headers,
    body: options.body,
    duration: options.seconds ?? 3,
    connections: options.connections ?? 20,
    requests:
      options.bodyFor || options.headersFor
        ? [
            {
              setupRequest: (req) => {
                const n = counter++;
                return {
                  ...req,
                  body: options.bodyFor ? options.bodyFor(n) : req.body,
                  headers: { ...req.headers, ...options.headersFor?.(n) },
                };
              },
            },
          ]
        : undefined,
  });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Runs each target once per round, interleaved, so drift on a shared machine hits all of them alike. */
export async function compare(
  targets: Record<string, LoadOptions>,
  rounds = 3,
): Promise<Record<string, { rps: number; p99: number; errors: number }>> {
  const samples: Record<string, LoadResult[]> = {};
  for (let round = 0; round < rounds; round++) {
    for (const [name, options] of Object.entries(targets)) {
      (samples[name] ??= []).push(await load(options));
    }
  }
  return Object.fromEntries(
    Object.entries(samples).map(([name, results]) => [
      name,
      {
        rps: median(results.map((r) => r.requestsPerSecond)),
        p99: median(results.map((r) => r.p99Ms)),
        errors: results.reduce((sum, r) => sum + r.errors, 0),
      },
    ]),
  );
}

export function printTable(title: string, rows: Record<string, { rps: number; p99: number; errors: number }>, baseline?: string): void {
  console.log(`\n## ${title}`);
  console.log("| target | req/s (median) | p99 ms (median) | errors | ratio to baseline |");
  console.log("|---|---:|---:|---:|---:|");
  const base = baseline ? rows[baseline]?.rps : undefined;
  for (const [name, row] of Object.entries(rows)) {
    const ratio = base ? (row.rps / base).toFixed(2) : "";
    console.log(`| ${name} | ${row.rps.toFixed(0)} | ${row.p99.toFixed(1)} | ${row.errors} | ${ratio} |`);
  }
}

/**
 * The whole app as production runs it (on `databaseUrl`, else BENCH_DATABASE_URL when set, else embedded PGlite;
 * an empty `databaseUrl` asks for PGlite; `role` web needs PostgreSQL) on a free port, with a
 * data dir of its own; `stop` closes it and removes the dir. Nothing here sends mail, so a closed port stands in.
 */
export async function startBenchApp(
  name: string,
  options: { databaseUrl?: string; role?: "all" | "web"; env?: Record<string, string> } = {},
): Promise<{ app: RunningNode; base: string; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(`${tmpdir()}/tf-bench-${name}-`);
  const config = loadConfig(
    {
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      NODE_ENV: "production",
      SMTP_URL: "smtp://127.0.0.1:9",
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret",
      DATABASE_URL: options.databaseUrl ?? process.env.BENCH_DATABASE_URL ?? "",
      // A web node (PostgreSQL only) queues jobs without running them: a bench of requests alone.
      ROLE: options.role ?? "all",
      ...options.env,
    },
    "bench",
  );
  const app = await startNode(config, createLogger(config));
  return {
    app,
    base: `http://127.0.0.1:${app.port}`,
    stop: async () => {
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The waitlist's bare baseline: an HTTP handler doing only the `INSERT … ON CONFLICT` the app's join ends in, through
 * postgres.js with the app's pool size.
 */
export async function startRawInsertServer(databaseUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const sql = postgres(databaseUrl, { max: 10, onnotice: () => {} });
  const raw = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", async () => {
      const { email } = JSON.parse(body) as { email: string };
      const rows = await sql`insert into waitlist_entries (email) values (${email}) on conflict (email) do nothing returning id`;
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ success: true, alreadyExists: rows.length === 0 }));
    });
  });
  await new Promise<void>((resolve) => raw.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(raw.address() as AddressInfo).port}/`,
    async close() {
      raw.close();
      await sql.end();
    },
  };
}

/**
 * A new, migrated database for one bench section on BENCH_DATABASE_URL's server (else this machine's PostgreSQL), or
 * undefined, after saying the section is skipped, when no server answers. The caller drops it.
 */
export async function openBenchDatabase(section: string, prefix: string): Promise<ScratchDatabase | undefined> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin`select 1`;
  } catch {
    console.log(`\n## ${section}\nskipped: no PostgreSQL at ${serverUrl} (set BENCH_DATABASE_URL)`);
    return undefined;
  } finally {
    await admin.end();
  }
  const scratch = await createScratchDatabase(serverUrl, prefix);
  const migrator = await openDb({ url: scratch.url });
  await migrator.migrate();
  await migrator.close();
  return scratch;
}
