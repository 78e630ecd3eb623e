import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { io as connectSocket, type Socket } from "socket.io-client";
import { afterAll, beforeAll, expect, it } from "vitest";
import { imageResponseSchema, type ImageRecord } from "../../contract/images.ts";
import { type ChildServer, signInThroughMailbox, startChildServer } from "../testing/child-server.ts";
import { describeOnPostgres } from "../testing/on-postgres.ts";
import { type PrivatePostgres, startPrivatePostgres } from "../testing/private-postgres.ts";

// PostgreSQL restarted under the nodes' feet: a cluster of this test's own (the machine's server is busy with the
// other tests), two web nodes and a worker on it, realtime through PostgreSQL's LISTEN/NOTIFY (no Redis).

let database: PrivatePostgres;
const dataDir = mkdtempSync(join(tmpdir(), "tf-restart-"));
const children: ChildServer[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) return;
  database = await startPrivatePostgres();
}, 60_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await Promise.all(children.map((child) => child.stop()));
  database?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

async function node(role: "web" | "worker"): Promise<ChildServer> {
  const child = await startChildServer({
    ROLE: role,
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    AUTH_SECRET: "one-secret-every-node-shares-0123456789",
    WAITLIST_LIMIT_PER_IP: "100000",
    DB_CONNECT_TIMEOUT_SECONDS: "2",
  });
  children.push(child);
  return child;
}

/** For a failure's message: each node's realtime connections as PostgreSQL sees them, what the tabs heard, and the first node's warnings. */
async function whatNodesSee(trail: string[]): Promise<string> {
  const probe = postgres(database.url, { max: 1, onnotice: () => {} });
  const connections = await probe`select application_name, backend_start, state, query from pg_stat_activity where application_name like 'thumbforge-realtime%'`;
  await probe.end();
  const warnings = (children[0]?.logs.join("") ?? "").split("\n").filter((line) => /"level":(40|50)/.test(line));
  return [`nodes ${children.map((c) => c.process.pid).join(", ")}`, JSON.stringify(connections), ...trail, ...warnings.slice(-30)].join("\n");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeOnPostgres("PostgreSQL restarted under light load", () => {
  it("the nodes recover by themselves, no acknowledged write is lost, and events still cross nodes", async () => {
    const webA = await node("web");
    const [webB] = await Promise.all([node("web"), node("worker")]);
    const nodes = [webA, webB];

    // A tab on each web node, open across the restart.
    const user = await signInThroughMailbox(webA.url, "restart@example.com");
    const trail: string[] = [];
    const tabs = await Promise.all(
      nodes.map(async (child) => {
        const socket = connectSocket(child.url, { transports: ["websocket"], auth: { token: user.token }, forceNew: true });
        sockets.push(socket);
        const tab = { updates: [] as ImageRecord[], resyncs: 0 };
        socket.onAny((event: string) => trail.push(`${child.url} ${event}`));
        socket.on("disconnect", (reason) => trail.push(`${child.url} disconnect: ${reason}`));
        socket.on("image:update", (payload: { image: ImageRecord }) => tab.updates.push(payload.image));
        socket.on("realtime:resync", () => void tab.resyncs++);
        await new Promise<void>((resolve, reject) => {
          socket.once("connect", () => resolve());
          socket.once("connect_error", reject);
        });
        return tab;
      }),
    );

    // Light load: a waitlist join every 20 ms, alternating nodes; an answer of 200 is an acknowledged write.
    const acknowledged: string[] = [];
    const refused: number[] = [];
    let running = true;
    const load = (async () => {
      for (let i = 0; running; i++) {
        const email = `load-${i}@example.com`;
        const res = await fetch(`${nodes[i % 2]?.url}/api/waitlist`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email }) }).catch(() => undefined);
        if (res?.status === 200 && ((await res.json()) as { success: boolean }).success) acknowledged.push(email);
        else refused.push(res?.status ?? 0);
        await sleep(20);
      }
    })();

    await sleep(1000);
    const beforeRestart = acknowledged.length;
    await database.restart({ downMs: 2000 });
    // Each node is ready again on its own: nobody restarts it.
    for (const child of nodes) {
      for (let i = 0; (await fetch(`${child.url}/api/health/ready`)).status !== 200; i++) {
        if (i > 200) throw new Error("a node did not recover");
        await sleep(100);
      }
    }
    const atRecovery = acknowledged.length;
    await sleep(1000);
    running = false;
    await load;

    expect(beforeRestart).toBeGreaterThan(10);
    // Writes were acknowledged after the restart too, and those refused during it were told so (503), not lost.
    expect(acknowledged.length).toBeGreaterThan(atRecovery);
    expect(refused.every((status) => status === 503)).toBe(true);
    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    const stored = new Set((await sql<{ email: string }[]>`select email from waitlist_entries`).map((row) => row.email));
    await sql.end();
    expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
    for (const child of [...nodes, ...children]) expect(child.process.exitCode).toBeNull();

    // Each node's channel to the others came back by itself, and told its tab to read again what it may have missed.
    for (let i = 0; !tabs.every((tab) => tab.resyncs > 0); i++) {
      if (i > 400) throw new Error(`a tab was never told to read again: ${JSON.stringify(tabs.map((tab) => tab.resyncs))}\n${await whatNodesSee(trail)}`);
      await sleep(50);
    }
    // And events cross again: a job the worker runs reaches the tab on each web node.
    const res = await fetch(`${webB.url}/api/generate-kontext-image`, {
      method: "POST",
      headers: { "x-session-token": user.token, "content-type": "application/json" },
      body: JSON.stringify({ prompt: "After the restart", model: "studio" }),
    });
    const { image } = imageResponseSchema.parse(await res.json());
    for (let i = 0; !tabs.every((tab) => tab.updates.some((record) => record.id === image.id && record.status === "ready")); i++) {
      if (i > 400) throw new Error(`the image never reached both tabs: ${JSON.stringify(tabs.map((tab) => tab.updates.map((r) => r.status)))}\n${await whatNodesSee(trail)}`);
      await sleep(50);
    }
  }, 120_000);
});
