// What an Idempotency-Key costs a paid POST, side by side on one server. A refused generation (409, an unconfigured
// model: nothing is charged) without a key and with a fresh key each time (the key is taken, then let go); on
// PostgreSQL also an accepted generation (charged and queued on a web node that runs no jobs, so no render competes)
// without and with a fresh key (taken, then its answer stored); and the replay of a stored answer.
import { users } from "../db/schema/users.ts";
import { createSessionStore } from "../server/auth/session-store.ts";
import { createSessions } from "../server/auth/sessions.ts";
import { compare, type LoadOptions, openBenchDatabase, printTable, startBenchApp } from "./lib.ts";

/** On embedded PGlite, then on PostgreSQL (a scratch database) when one answers. */
export async function benchIdempotency(): Promise<void> {
  await keyCosts("");
  const scratch = await openBenchDatabase("Idempotency-Key on PostgreSQL", "tf_bench_idem");
  if (!scratch) return;
  try {
    await keyCosts(scratch.url);
  } finally {
    await scratch.drop();
  }
}

async function keyCosts(databaseUrl: string): Promise<void> {
  const postgres = databaseUrl !== "";
  const { app, base, stop } = await startBenchApp("idempotency", { databaseUrl, role: postgres ? "web" : "all" });
  try {
    const [user] = await app.database.db.insert(users).values({ email: `bench-idem-${Date.now()}@example.com` }).returning();
    if (!user) throw new Error("bench user not created");
    await app.services.credits.applyIn(app.database.db, { userId: user.id, delta: 10_000_000, reason: "adjustment", ref: `bench-${user.id}` });
    const { token } = await createSessions({ store: createSessionStore(app.database.db), clock: Date.now }).create(user.id);
    const url = `${base}/api/generate-kontext-image`;
    const headers = { "content-type": "application/json", "x-session-token": token };
    const refused = JSON.stringify({ prompt: "Bench", model: "gpt-image" });
    const accepted = JSON.stringify({ prompt: "Bench", seed: 1 });
    const stored = await fetch(url, { method: "POST", headers: { ...headers, "Idempotency-Key": "bench-replay-key" }, body: accepted });
    if (stored.status !== 202) throw new Error(`the accepted generation answered ${stored.status}`);
    const probe = await fetch(url, { method: "POST", headers, body: refused });
    if (probe.status !== 409) throw new Error(`the refused generation answered ${probe.status}`);
    const run = Date.now().toString(36);
    const fresh = (kind: string) => (n: number) => ({ "Idempotency-Key": `bench-${kind}-${run}-${n}` });

    const targets: Record<string, LoadOptions> = {
      "refused, no key": { url, method: "POST", headers, body: refused },
      "refused, fresh key": { url, method: "POST", headers, body: refused, headersFor: fresh("refused") },
      ...(postgres
        ? {
            "accepted, no key": { url, method: "POST", headers, body: accepted },
            "accepted, fresh key": { url, method: "POST", headers, body: accepted, headersFor: fresh("accepted") },
          }
        : {}),
      "replayed answer": { url, method: "POST", headers: { ...headers, "Idempotency-Key": "bench-replay-key" }, body: accepted },
    };
    // One interleaved run; each pair is read against its own row without a key.
    const rows = await compare(targets);
    const pick = (names: string[]) => Object.fromEntries(Object.entries(rows).filter(([name]) => names.includes(name)));
    printTable(
      `POST /api/generate-kontext-image refused (409), and a replayed answer, with and without an Idempotency-Key (app on ${app.database.kind}; the refused rows' errors are their expected 409s)`,
      pick(["refused, no key", "refused, fresh key", "replayed answer"]),
      "refused, no key",
    );
    if (postgres) {
      printTable(
        "POST /api/generate-kontext-image accepted (charged and queued), and a replayed answer, with and without an Idempotency-Key (app on postgres)",
        pick(["accepted, no key", "accepted, fresh key", "replayed answer"]),
        "accepted, no key",
      );
    }
  } finally {
    await stop();
  }
}
