// POST /api/waitlist with distinct e-mails through the whole app on PostgreSQL, next to the bare
// `INSERT … ON CONFLICT` it ends in, sent straight through postgres.js, in the same run.
import { randomBytes } from "node:crypto";
import { loadConfig } from "../server/config.ts";
import { createLogger } from "../server/logger.ts";
import { startNode } from "../server/compose/start-node.ts";
import { compare, openBenchDatabase, printTable, startRawInsertServer } from "./lib.ts";

export async function benchWaitlist(): Promise<void> {
  const database = await openBenchDatabase("POST /api/waitlist", "tf_bench");
  if (!database) return;

  // Real sign-ups come from many addresses: each request carries its own X-Forwarded-For (one trusted proxy),
  // so the per-IP limit row is not one hot row that every request queues on.
  const config = loadConfig(
    { PORT: "0", HOST: "127.0.0.1", DATABASE_URL: database.url, LOG_LEVEL: "silent", TRUST_PROXY: "1", WAITLIST_LIMIT_PER_IP: "1000" },
    "bench",
  );
  const app = await startNode(config, createLogger(config));

  // The raw baseline: an HTTP handler doing only the insert, on the same pool size the app uses.
  const raw = await startRawInsertServer(database.url);

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
      await compare({ "raw insert (postgres.js)": post(raw.url, "raw"), "app /api/waitlist": post(`http://127.0.0.1:${app.port}/api/waitlist`, "app") }),
      "raw insert (postgres.js)",
    );
  } finally {
    await raw.close();
    await app.stop();
    await database.drop();
  }
}
