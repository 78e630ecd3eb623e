// GET /api/auth/user with a session lookup (token parse, one joined query, constant-time compare),
// next to /api/health on the same server in the same run.
import { users } from "../db/schema/users.ts";
import { createSessionStore } from "../server/auth/session-store.ts";
import { createSessions } from "../server/auth/sessions.ts";
import { compare, printTable, startBenchApp } from "./lib.ts";

export async function benchAuth(): Promise<void> {
  const { app, base, stop } = await startBenchApp("auth");
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
    await stop();
  }
}
