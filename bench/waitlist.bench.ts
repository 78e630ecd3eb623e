// POST /api/waitlist with distinct e-mails through the whole app on PostgreSQL, next to the bare
// `INSERT … ON CONFLICT` it ends in, sent straight through postgres.js, in the same run.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import postgres from "postgres";
import { openDb } from "../db/open-db.ts";
import { loadConfig } from "../server/config.ts";
import { createLogger } from "../server/logger.ts";
import { startNode } from "../server/compose/start-node.ts";
import { compare, printTable } from "./lib.ts";

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
  const sql = postgres(url.href, { max: 10, onnotice: () => {} });
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
  const rawUrl = `http://127.0.0.1:${(raw.address() as AddressInfo).port}/`;

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
    raw.close();
    await sql.end();
    await app.stop();
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}
