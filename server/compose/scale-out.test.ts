import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { io as connectSocket, type Socket } from "socket.io-client";
import { afterAll, beforeAll, expect, it } from "vitest";
import { imageResponseSchema, type ImageRecord } from "../../contract/images.ts";
import { type ChildServer, signInThroughMailbox, startChildServer } from "../testing/child-server.ts";
import { describeOnRedisAndPostgres } from "../testing/on-postgres.ts";
import { startS3Server, type TestS3Server } from "../testing/s3-server.ts";
import { createScratchDatabase } from "../testing/scratch-database.ts";

// Two web nodes and one worker as separate processes, each with its own DATA_DIR (no shared disk), on one
// PostgreSQL, one Redis and one S3-compatible store: what a browser on either node sees of work done elsewhere.

let s3: TestS3Server;
let provider: Server;
const hanging: IncomingMessage[] = [];
let databaseUrl = "";
let dropDatabase: (() => Promise<void>) | undefined;
const dirs: string[] = [];
const children: ChildServer[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  const base = process.env.TEST_DATABASE_URL;
  if (!base || !process.env.TEST_REDIS_URL) return;
  s3 = await startS3Server();
  // An image provider that takes a request and never answers: a job stays running until its worker dies.
  provider = createServer((req) => hanging.push(req));
  await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
  const scratch = await createScratchDatabase(base, "tf_scale");
  databaseUrl = scratch.url;
  dropDatabase = scratch.drop;
}, 60_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await Promise.all(children.map((child) => child.stop()));
  provider?.closeAllConnections();
  provider?.close();
  await s3?.close();
  await dropDatabase?.();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}, 60_000);

async function node(role: "web" | "worker"): Promise<ChildServer> {
  const dataDir = mkdtempSync(join(tmpdir(), `tf-${role}-`));
  dirs.push(dataDir);
  const child = await startChildServer({
    ROLE: role,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.TEST_REDIS_URL ?? "",
    AUTH_SECRET: "one-secret-every-node-shares-0123456789",
    // An image provider that is not the chat's (OpenAI would also take the chat's model).
    BFL_API_KEY: "bfl-test",
    BFL_BASE_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`,
    JOB_LEASE_SECONDS: "5",
    OFFLINE_ASSISTANT_DELAY_MS: "20",
    // Every tab of this test comes from this one machine: 500 sockets on each web node.
    MAX_CONNECTIONS_PER_IP: "2000",
    ...s3.env,
  });
  children.push(child);
  return child;
}

/** A tab's socket on one node, collecting every event it is sent. */
async function tab(url: string, token: string): Promise<{ socket: Socket; events: [string, unknown][] }> {
  const socket = connectSocket(url, { path: "/socket.io", transports: ["websocket"], auth: { token }, reconnection: false, forceNew: true });
  sockets.push(socket);
  const events: [string, unknown][] = [];
  socket.onAny((event: string, payload: unknown) => events.push([event, payload]));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return { socket, events };
}

async function until<T>(what: string, read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)?.slice(0, 400)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const json = (token: string) => ({ "x-session-token": token, "content-type": "application/json" });

describeOnRedisAndPostgres("two web nodes and a worker, as separate processes", () => {
  let webA: ChildServer;
  let webB: ChildServer;
  let worker: ChildServer;
  let user: { userId: string; token: string };

  beforeAll(async () => {
    // All at once on a new database: one migrates, the others wait for it.
    [webA, webB, worker] = await Promise.all([node("web"), node("web"), node("worker")]);
    user = await signInThroughMailbox(webA.url, "scale@example.com");
  }, 120_000);

  const image = async (url: string, id: string): Promise<ImageRecord> =>
    imageResponseSchema.parse(await (await fetch(`${url}/api/images/${id}`, { headers: json(user.token) })).json()).image;
  const balance = async (url: string) => ((await (await fetch(`${url}/api/users/${user.userId}/credits`, { headers: json(user.token) })).json()) as { credits: number; transactions: { reason: string; ref: string; delta: number }[] });

  it(
    "a job the worker runs shows its progress, image and credits in a tab on each node; its bytes live in S3",
    async () => {
      const [tabA, tabB] = await Promise.all([tab(webA.url, user.token), tab(webB.url, user.token)]);
      const before = (await balance(webB.url)).credits;
      const res = await fetch(`${webA.url}/api/generate-kontext-image`, { method: "POST", headers: json(user.token), body: JSON.stringify({ prompt: "Two nodes one worker", model: "studio" }) });
      expect(res.status).toBe(202);
      const { image: queued } = imageResponseSchema.parse(await res.json());
      const ready = await until("the image", () => image(webB.url, queued.id), (record) => record.status === "ready" || record.status === "failed");
      expect(ready.status).toBe("ready");

      // The database says ready before the worker's last event has crossed to the tabs, so each tab is given time to
      // hear the ready update itself.
      const imageUpdates = (seen: [string, unknown][]) => seen.filter(([event]) => event === "image:update").map(([, payload]) => (payload as { image: ImageRecord }).image);
      for (const seen of [tabA.events, tabB.events]) {
        await until("the ready update and every event kind in both tabs", () => seen.map(([event]) => event), (events) => ["image:progress", "image:update", "credits:update"].every((e) => events.includes(e)) && imageUpdates(seen).at(-1)?.status === "ready");
        expect(seen.filter(([event]) => event === "image:progress").every(([, payload]) => (payload as { imageId: string }).imageId === queued.id)).toBe(true);
        expect(seen.find(([event]) => event === "credits:update")?.[1]).toEqual({ credits: before - queued.creditsSpent });
        expect(imageUpdates(seen).at(-1)).toMatchObject({ id: queued.id, status: "ready" });
      }

      // The worker wrote the bytes; neither web node has them on its disk, and both serve them from the bucket.
      for (const url of [webA.url, webB.url]) {
        const original = await fetch(`${url}/api/images/${queued.id}/original`, { headers: json(user.token) });
        expect(original.status).toBe(200);
        expect(original.headers.get("content-type")).toBe("image/png");
        expect(Buffer.from(await original.arrayBuffer()).subarray(1, 4).toString()).toBe("PNG");
      }
      for (const dir of dirs) {
        const files = join(dir, "files");
        expect(existsSync(files) ? readdirSync(files, { recursive: true }).filter((f) => String(f).includes(queued.id)) : []).toEqual([]);
      }
      const stranger = await signInThroughMailbox(webB.url, "stranger@example.com");
      expect((await fetch(`${webB.url}/api/images/${queued.id}/original`, { headers: json(stranger.token) })).status).toBe(404);
    },
    60_000,
  );

  it(
    "a chat answer started on one node is followed from its first word on the other after a reload",
    async () => {
      const created = await fetch(`${webA.url}/api/conversations`, { method: "POST", headers: json(user.token), body: "{}" });
      const { conversation } = (await created.json()) as { conversation: { id: string } };
      const first = await fetch(`${webA.url}/api/chat`, {
        method: "POST",
        headers: json(user.token),
        body: JSON.stringify({ id: conversation.id, message: { id: "m1", role: "user", parts: [{ type: "text", text: "What can you do?" }] } }),
      });
      expect(first.status).toBe(200);
      const reader = first.body?.getReader();
      expect(new TextDecoder().decode((await reader?.read())?.value)).toContain("data:");
      await reader?.cancel();

      const resumed = await fetch(`${webB.url}/api/chat/${conversation.id}/stream`, { headers: json(user.token) });
      expect(resumed.status).toBe(200);
      const text = await resumed.text();
      const deltas = [...text.matchAll(/"delta":"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]).join("");
      expect(text).toContain('"type":"start"');
      expect(text).toContain('"type":"finish"');
      expect(deltas.length).toBeGreaterThan(20);

      const stored = await until(
        "the saved answer",
        async () => ((await (await fetch(`${webB.url}/api/conversations/${conversation.id}/messages`, { headers: json(user.token) })).json()) as { messages: { role: string; parts: { type: string; text?: string }[] }[] }).messages,
        (messages) => messages.length === 2,
      );
      expect(stored[1]?.parts.filter((p) => p.type === "text").map((p) => p.text).join("")).toBe(deltas);
    },
    60_000,
  );

  it(
    "1,000 sockets spread over both nodes all receive an event the worker sends",
    async () => {
      const many = await Promise.all(Array.from({ length: 1000 }, (_, i) => tab(i % 2 === 0 ? webA.url : webB.url, user.token)));
      const res = await fetch(`${webB.url}/api/generate-kontext-image`, { method: "POST", headers: json(user.token), body: JSON.stringify({ prompt: "Fan out", model: "studio" }) });
      const { image: queued } = imageResponseSchema.parse(await res.json());
      const received = await until(
        "the image's last update on every socket",
        () => many.filter(({ events }) => events.some(([event, payload]) => event === "image:update" && (payload as { image: ImageRecord }).image.id === queued.id && (payload as { image: ImageRecord }).image.status === "ready")).length,
        (count) => count === 1000,
      );
      expect(received).toBe(1000);
      for (const { socket } of many) socket.disconnect();
    },
    120_000,
  );

  it(
    "a worker killed in the middle of a job: the next worker fails it and refunds it once, after the lease",
    async () => {
      const before = (await balance(webA.url)).credits;
      const res = await fetch(`${webA.url}/api/generate-kontext-image`, { method: "POST", headers: json(user.token), body: JSON.stringify({ prompt: "A job that never finishes", model: "flux-kontext-pro" }) });
      expect(res.status).toBe(202);
      const { image: queued } = imageResponseSchema.parse(await res.json());
      await until("the provider to be asked", () => hanging.length, (n) => n > 0);
      await until("the job to run", () => image(webB.url, queued.id), (record) => record.status === "running");

      await worker.kill();
      const next = await node("worker");
      const failed = await until("the job to fail", () => image(webB.url, queued.id), (record) => record.status === "failed");
      expect(failed.errorCode).toBe("unavailable:interrupted");
      const statement = await balance(webB.url);
      expect(statement.credits).toBe(before);
      expect(statement.transactions.filter((t) => t.ref === queued.id).map((t) => [t.reason, t.delta]).sort()).toEqual([
        ["generation", -queued.creditsSpent],
        ["refund", queued.creditsSpent],
      ]);
      await next.stop();
    },
    60_000,
  );
});
