// GET /api/auth/user with a session lookup (token parse, one joined query, constant-time compare),
// next to /api/health on the same server in the same run.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { users } from "../db/schema/users.ts";
import { createSessionStore } from "../server/auth/session-store.ts";
import { createSessions } from "../server/auth/sessions.ts";
import { loadConfig } from "../server/config.ts";
import { createLogger } from "../server/logger.ts";
import { startNode } from "../server/compose/start-node.ts";
import { compare, printTable } from "./lib.ts";

export async function benchAuth(): Promise<void> {
  const dataDir = mkdtempSync(`${tmpdir()}/tf-bench-auth-`);
  const config = loadConfig(
    {
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      NODE_ENV: "production",
      // Production needs a mail server; nothing here sends mail, so a closed port will do.
      SMTP_URL: "smtp://127.0.0.1:9",
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret",
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "",
    },
    "bench",
  );
  const app = await startNode(config, createLogger(config));
  const base = `http://127.0.0.1:${app.port}`;
  try {
    const [user] = await app.database.db.insert(users).values({ email: `bench-${Date.now()}@example.com` }).returning();
    if (!user) throw new Error("bench user not created");
    const { token } = await createSessions({ store: createSessionStore(app.database.db), clock: Date.now }).create(user.id);
    const check = await fetch(`${base}/api/auth/user`, { headers: { "x-session-token": token } });
    if (check.status !== 200) throw new Error(`GET /api/auth/user answered ${check.status}`);

    printTable(
      `GET /api/auth/user with a session lookup vs /api/health (app on ${app.database.kind})`,
      await compare({
        "app /api/health": { url: `${base}/api/health` },
        "app /api/auth/user": { url: `${base}/api/auth/user`, headers: { "x-session-token": token } },
      }),
      "app /api/health",
    );
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
