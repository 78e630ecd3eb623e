// Several nodes on one PostgreSQL (docs/product/platform.md, Running at scale), each a separate `node server/main.ts`:
// - POST /api/waitlist and the gallery's first page through one web node and through two, side by side, with the raw
//   postgres.js INSERT … ON CONFLICT as the baseline the waitlist is measured against;
// - fan-out: one event to a user's 1,000 sockets spread over two web nodes, through the PostgreSQL adapter and the
//   Redis adapter, from a process that serves no sockets (as a worker sends it): p50 and p99 from send to receipt.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { io as connectSocket, type Socket } from "socket.io-client";
import { userRoom } from "../contract/realtime.ts";
import { openDb } from "../db/open-db.ts";
import { images, type NewImageRow } from "../db/schema/images.ts";
import { users } from "../db/schema/users.ts";
import { createSessionStore } from "../server/auth/session-store.ts";
import { createSessions } from "../server/auth/sessions.ts";
import { loadConfig } from "../server/config.ts";
import { createEmitOnlySocketServer } from "../server/http/socket-server.ts";
import { createLogger } from "../server/logger.ts";
import { openCrossNodeRealtime } from "../server/realtime/cross-node.ts";
import { type LoadOptions, load, median, openBenchDatabase, percentile, printTable, startRawInsertServer } from "./lib.ts";
import { freePort } from "../server/testing/free-port.ts";

const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const root = fileURLToPath(new URL("..", import.meta.url));
const ROUNDS = 3;
const SOCKETS = 1000;
const BROADCASTS = 30;

interface NodeProcess {
  url: string;
  stop(): Promise<void>;
}

/** A web node in its own process, quiet (the request log would cost more than some requests), ready when /api/health answers. */
async function webNode(env: Record<string, string>): Promise<NodeProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(`${tmpdir()}/tf-bench-scale-`);
  const child: ChildProcess = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production", SMTP_URL: "smtp://127.0.0.1:9", ROLE: "web", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", TRUST_PROXY: "1", WAITLIST_LIMIT_PER_IP: "1000", AUTH_SECRET: "bench-secret-bench-secret-bench-secret", ...env },
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error("a bench node exited while starting");
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
    if (i > 600) throw new Error("a bench node did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The machine's CPU time so far, busy and in all (Linux /proc/stat): how much of the machine a run used. */
function cpuTimes(): { busy: number; total: number } {
  const fields = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "").trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, v) => sum + v, 0);
  return { busy: total - (fields[3] ?? 0) - (fields[4] ?? 0), total };
}

interface Sample {
  rps: number;
  p99: number;
  errors: number;
  cpuBusy: number;
}

/** Load spread evenly over `urls` at once (one load generator per node, same connections in all). */
async function loadOver(urls: string[], options: (url: string) => LoadOptions): Promise<Sample> {
  const before = cpuTimes();
  const results = await Promise.all(urls.map((url) => load({ connections: Math.round(20 / urls.length), ...options(url) })));
  const after = cpuTimes();
  return {
    rps: results.reduce((sum, r) => sum + r.requestsPerSecond, 0),
    p99: Math.max(...results.map((r) => r.p99Ms)),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    cpuBusy: (after.busy - before.busy) / Math.max(1, after.total - before.total),
  };
}

async function compareSetups(title: string, setups: Record<string, () => Promise<Sample>>, baseline: string): Promise<void> {
  const samples: Record<string, Sample[]> = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, run] of Object.entries(setups)) (samples[name] ??= []).push(await run());
  }
  const rows = Object.fromEntries(
    Object.entries(samples).map(([name, runs]) => [name, { rps: median(runs.map((r) => r.rps)), p99: median(runs.map((r) => r.p99)), errors: runs.reduce((s, r) => s + r.errors, 0) }]),
  );
  printTable(title, rows, baseline);
  // With every core busy, a second node has nothing to run on: the ratio then measures the machine, not the app.
  console.log(`machine CPU busy (median, ${availableParallelism()} cores; load generator, PostgreSQL and nodes share them): ${Object.entries(samples).map(([name, runs]) => `${name} ${(median(runs.map((r) => r.cpuBusy)) * 100).toFixed(0)}%`).join(", ")}`);
}

async function throughput(databaseUrl: string): Promise<void> {
  const [a, b] = await Promise.all([webNode({ DATABASE_URL: databaseUrl }), webNode({ DATABASE_URL: databaseUrl })]);
  const raw = await startRawInsertServer(databaseUrl);
  try {
    const run = randomBytes(3).toString("hex");
    let n = 0;
    const join = (url: string): LoadOptions => {
      const tag = `${run}-${n++}`;
      return {
        url,
        method: "POST",
        headers: { "content-type": "application/json" },
        bodyFor: (i) => JSON.stringify({ email: `scale-${tag}-${i}@example.com` }),
        headersFor: (i) => ({ "x-forwarded-for": `198.18.${(i >> 8) & 255}.${i & 255}` }),
      };
    };
    await compareSetups(
      "POST /api/waitlist: one web node vs two, one PostgreSQL (separate processes, 20 connections in all)",
      {
        "raw insert (postgres.js)": () => loadOver([raw.url], join),
        "one web node": () => loadOver([`${a.url}/api/waitlist`], join),
        "two web nodes": () => loadOver([`${a.url}/api/waitlist`, `${b.url}/api/waitlist`], join),
      },
      "one web node",
    );

    // The gallery's first page of 60 (with its tab counts) out of 2,000 images of one user.
    const database = await openDb({ url: databaseUrl });
    const [owner] = await database.db.insert(users).values({ email: `bench-scale-${run}@example.com` }).returning();
    if (!owner) throw new Error("bench user not created");
    const now = Date.now();
    const rows: NewImageRow[] = Array.from({ length: 2000 }, (_, i) => ({
      userId: owner.id,
      kind: i % 5 === 0 ? "subject-replaced" : "generated",
      status: "ready",
      prompt: `Bench thumbnail ${i}`,
      style: "realistic",
      aspect: "16:9",
      model: "studio",
      width: 1280,
      height: 720,
      originalKey: `images/${owner.id}/${crypto.randomUUID()}/original.png`,
      creditsSpent: 1,
      createdAt: new Date(now - i * 60_000),
    }));
    for (let i = 0; i < rows.length; i += 1000) await database.db.insert(images).values(rows.slice(i, i + 1000));
    const token = (await createSessions({ store: createSessionStore(database.db), clock: Date.now }).create(owner.id)).token;
    await database.close();
    const page = (url: string): LoadOptions => ({ url, headers: { "x-session-token": token } });
    const gallery = `/api/users/${owner.id}/gallery?limit=60`;
    await compareSetups(
      "GET the gallery's first page (60 of 2,000, with tab counts): one web node vs two",
      { "one web node": () => loadOver([`${a.url}${gallery}`], page), "two web nodes": () => loadOver([`${a.url}${gallery}`, `${b.url}${gallery}`], page) },
      "one web node",
    );
  } finally {
    await raw.close();
    await Promise.all([a.stop(), b.stop()]);
  }
}

async function fanOut(databaseUrl: string, kind: "postgres" | "redis"): Promise<{ p50: number; p99: number; delivered: number }> {
  const env = { DATABASE_URL: databaseUrl, ...(kind === "redis" ? { REDIS_URL: redisUrl } : {}) };
  const nodes = await Promise.all([webNode(env), webNode(env)]);
  const database = await openDb({ url: databaseUrl });
  const [user] = await database.db.insert(users).values({ email: `bench-fanout-${kind}-${randomBytes(3).toString("hex")}@example.com` }).returning();
  if (!user) throw new Error("bench user not created");
  const token = (await createSessions({ store: createSessionStore(database.db), clock: Date.now }).create(user.id)).token;
  await database.close();
  const logger = createLogger(loadConfig({ LOG_LEVEL: "silent" }, "bench"));
  const crossNode = await openCrossNodeRealtime({ databaseUrl, redisUrl: kind === "redis" ? redisUrl : undefined, logger });
  if (!crossNode) throw new Error("no cross-node realtime");
  const sender = createEmitOnlySocketServer(crossNode);
  const sockets: Socket[] = [];
  const latencies: number[] = [];
  let delivered = 0;
  try {
    for (let i = 0; i < SOCKETS; i++) {
      const socket = connectSocket(nodes[i % 2]?.url ?? "", { transports: ["websocket"], auth: { token }, reconnection: false, forceNew: true });
      socket.on("credits:update", ({ credits: sentAt }: { credits: number }) => {
        delivered++;
        if (sentAt > 0) latencies.push(performance.timeOrigin + performance.now() - sentAt);
      });
      sockets.push(socket);
    }
    await Promise.all(sockets.map((s) => (s.connected ? undefined : new Promise<void>((resolve) => s.once("connect", () => resolve())))));
    const emit = (credits: number) => (sender.to(userRoom(user.id)).emit as (event: string, payload: unknown) => boolean)("credits:update", { credits });
    // Until every socket hears a warm-up message: the nodes have found each other and the connections are hot.
    for (let i = 0; delivered < SOCKETS && i < 100; i++) {
      emit(0);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    delivered = 0;
    for (let i = 0; i < BROADCASTS; i++) {
      emit(performance.timeOrigin + performance.now());
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), delivered };
  } finally {
    for (const socket of sockets) socket.disconnect();
    await sender.of("/").adapter.close();
    await crossNode.close();
    await Promise.all(nodes.map((node) => node.stop()));
  }
}

export async function benchScale(): Promise<void> {
  const scratch = await openBenchDatabase("Several nodes", "tf_bench_scale");
  if (!scratch) return;
  try {
    await throughput(scratch.url);
    console.log(`\n## Fan-out: one event to ${SOCKETS} sockets of a user over two web nodes, sent ${BROADCASTS} times from a process without sockets`);
    console.log("| adapter | deliveries | p50 ms | p99 ms |");
    console.log("|---|---:|---:|---:|");
    for (const kind of ["postgres", "redis"] as const) {
      const result = await fanOut(scratch.url, kind);
      console.log(`| ${kind} | ${result.delivered} of ${SOCKETS * BROADCASTS} | ${result.p50.toFixed(1)} | ${result.p99.toFixed(1)} |`);
    }
  } finally {
    await scratch.drop();
  }
}
