import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_PATHS } from "../../contract/auth.ts";
import { readinessSchema } from "../../contract/health.ts";
import type { OpenDb } from "../../db/open-db.ts";
import { openSocket, tokenHeaders } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTcpProxy, type TcpProxy } from "../testing/tcp-proxy.ts";
import { openTestDb } from "../testing/test-db.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

// A database outage needs a real PostgreSQL behind a connection that can be cut; PGlite runs inside the process.
const base = process.env.TEST_DATABASE_URL;
if (!base) {
  if (process.env.CI === "true") throw new Error("database-outage.test.ts needs TEST_DATABASE_URL (PostgreSQL) under CI");
  console.warn("SKIPPED database-outage.test.ts: set TEST_DATABASE_URL to a PostgreSQL server to run the outage test");
}

describe.skipIf(!base)("a PostgreSQL outage", () => {
  let proxy: TcpProxy;
  let database: OpenDb;
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    const target = new URL(base ?? "");
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    database = await openTestDb({
      via: { host: "127.0.0.1", port: proxy.port },
      timeouts: { connectTimeoutSeconds: 1, statementTimeoutMs: 5000, idleTimeoutSeconds: 60 },
    });
    server = await startTestServer({ database, deps: { jobSettings: { pollMs: 50 } } });
    token = (await signInByCode(server, "outage@example.test")).sessionToken;
  });

  afterAll(async () => {
    proxy?.restore();
    await server?.close();
    await database?.close();
    await proxy?.close();
  });

  it("gives every connection the configured statement timeout", async () => {
    const [row] = await database.query<{ statement_timeout: string }>("show statement_timeout", []);
    expect(row?.statement_timeout).toBe("5s");
  });

  /**
   * Asks again while the answer is the outage's 503: the API lets requests through once its next database check
   * (at most a second apart) succeeds. Anything but 503 or 200 ends the wait.
   */
  async function untilAnswered(call: () => Promise<Response>): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const res = await call();
      if (res.status !== 503 || attempt >= 100) return res;
      expect(res.headers.get("retry-after")).toBe("5");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Asks readiness (checked at most once a second) until it says `status`, at most 100 times. */
  async function untilReady(status: number): Promise<number> {
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(`${server.url}/api/health/ready`);
      if (res.status === status || attempt >= 100) return res.status;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const whoAmI = () => fetch(`${server.url}${AUTH_PATHS.user}`, { headers: tokenHeaders(token) });

  it("answers 503 with Retry-After while the database is cut, and 200 again once it is back, without a restart", async () => {
    expect((await whoAmI()).status).toBe(200);

    proxy.cut();
    const down = await whoAmI();
    expect(down.status).toBe(503);
    expect(down.headers.get("retry-after")).toBe("5");
    const body = (await down.json()) as { error: string; code: string };
    expect(body).toEqual({ code: "unavailable:database", error: "We can't reach our database right now. Please try again in a moment." });

    // The first 503 closed the gate: the next request is refused before it touches the pool.
    const gated = await whoAmI();
    expect(gated.status).toBe(503);
    expect(await gated.json()).toMatchObject({ code: "unavailable:database" });

    // A burst queues behind the pool's ten connections: every request still gets its 503, none waits forever.
    const burst = await Promise.all(Array.from({ length: 30 }, () => whoAmI()));
    expect(burst.map((r) => r.status)).toEqual(Array.from({ length: 30 }, () => 503));
    expect(burst.every((r) => r.headers.get("retry-after") === "5")).toBe(true);

    // Liveness stays up (no restart wanted); readiness says the database is gone.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const ready = await fetch(`${server.url}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get("retry-after")).toBe("5");
    expect(readinessSchema.parse(await ready.json()).database.reachable).toBe(false);

    // A socket handshake looks the session up too: it is refused with the database code, not a session error.
    await expect(openSocket(server, token)).rejects.toThrow("unavailable:database");

    proxy.restore();
    const up = await untilAnswered(whoAmI);
    expect(up.status).toBe(200);
    expect(((await up.json()) as { email: string }).email).toBe("outage@example.test");
  });

  it("answers readiness within bounds when the network goes silent, and closes the gate until it is back", async () => {
    expect((await untilAnswered(whoAmI)).status).toBe(200);
    proxy.freeze();
    // No reset, no answer: the readiness check gives up on its own instead of waiting for TCP keepalive.
    await expect(untilReady(503)).resolves.toBe(503);
    const gated = await whoAmI();
    expect(gated.status).toBe(503);
    expect(gated.headers.get("retry-after")).toBe("5");
    proxy.restore();
    await expect(untilReady(200)).resolves.toBe(200);
    expect((await untilAnswered(whoAmI)).status).toBe(200);
  });

  it("keeps the job worker running through the outage: a generation after it completes", async () => {
    proxy.cut();
    // Polls fail while cut (pollMs 50); none of them may take the process or the worker down.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    proxy.restore();
    const res = await untilAnswered(() =>
      fetch(`${server.url}/api/generate-kontext-image`, {
        method: "POST",
        headers: { "content-type": "application/json", ...tokenHeaders(token) },
        body: JSON.stringify({ prompt: "A lighthouse after the storm", model: "studio" }),
      }),
    );
    expect(res.status).toBe(202);
    const { image } = (await res.json()) as { image: { id: string } };
    await server.jobs.idle();
    const record = await fetch(`${server.url}/api/images/${image.id}`, { headers: tokenHeaders(token) });
    expect(((await record.json()) as { image: { status: string } }).image.status).toBe("ready");
  });
});
