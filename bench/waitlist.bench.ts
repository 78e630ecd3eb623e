// POST /api/waitlist with distinct e-mails through the whole app on PostgreSQL, next to the bare
// `INSERT … ON CONFLICT` it ends in, sent straight through postgres.js, in the same run.
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { openDb } from "../db/open-db.ts";
import { loadConfig } from "../server/config.ts";
import { createLogger } from "../server/logger.ts";
import { startNode } from "../server/compose/start-node.ts";
import { compare, printTable, startRawInsertServer } from "./lib.ts";

const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export async function benchWaitlist(): Promise<void> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin`select 1`;
  } catch {
    console.log(`\n## POST /api/waitlist\nskipped: no PostgreSQL at ${adminUrl} (set BENCH_DATABASE_URL)`);
    await admin.end();
    return;
  }
  const name = `tf_bench_${randomBytes(4).toString("hex")}`;
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const migrator = await openDb({ url: url.href });
  await migrator.migrate();
  await migrator.close();

  // Real sign-ups come from many addresses: each request carries its own X-Forwarded-For (one trusted proxy),
  // so the per-IP limit row is not one hot row that every request queues on.
  const config = loadConfig(
    { PORT: "0", HOST: "127.0.0.1", DATABASE_URL: url.href, LOG_LEVEL: "silent", TRUST_PROXY: "1", WAITLIST_LIMIT_PER_IP: "1000" },
    "bench",
  );
  const app = await startNode(config, createLogger(config));

  // The raw baseline: an HTTP handler doing only the insert, on the same pool size the app uses.
  const raw = await startRawInsertServer(url.href);
  const rawUrl = raw.url;

  const run = randomBytes(3).toString("hex");
  const post = (target: string, tag: string) => ({
    url: target,
    method: "POST" as const,
    headers: { "content-type": "application/json" },
    bodyFor: (n: number) => JSON.stringify({ email: `${tag}-${run}-${n}@example.com` }),
    headersFor: (n: number) => ({ "x-forwarded-for": `198.18.${(n >> 8) & 255}.${n & 255}` }),
  });
  try {
    printTable(
      "POST /api/waitlist (distinct e-mails, PostgreSQL) vs raw INSERT … ON CONFLICT via postgres.js",
      await compare({ "raw insert (postgres.js)": post(rawUrl, "raw"), "app /api/waitlist": post(`http://127.0.0.1:${app.port}/api/waitlist`, "app") }),
      "raw insert (postgres.js)",
    );
  } finally {
    await raw.close();
    await app.stop();
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}
