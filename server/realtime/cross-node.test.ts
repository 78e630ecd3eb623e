import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { io as connectSocket, type Socket } from "socket.io-client";
import { afterEach, beforeAll, expect, it } from "vitest";
import { sessionRoom, userRoom } from "../../contract/realtime.ts";
import { createEmitOnlySocketServer, createSocketServer, type SocketServer, socketDeliverer } from "../http/socket-server.ts";
import { createLogger } from "../logger.ts";
import { loadConfig } from "../config.ts";
import { describeOnPostgres } from "../testing/on-postgres.ts";
import { startTcpProxy } from "../testing/tcp-proxy.ts";
import { openTestDb } from "../testing/test-db.ts";
import { type CrossNodeRealtime, openCrossNodeRealtime } from "./cross-node.ts";

const logger = createLogger(loadConfig({ LOG_LEVEL: "silent" }, "test"));
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

beforeAll(async () => {
  // The adapter's table for large messages comes with the migrations.
  const database = await openTestDb();
  await database.close();
});

/** A web node: Socket.IO on its own HTTP server, joined to the cross-node channel. Sockets join rooms from their auth. */
async function webNode(crossNode: CrossNodeRealtime): Promise<{ io: SocketServer; url: string }> {
  const http: HttpServer = createServer();
  const io = createSocketServer(http, crossNode);
  io.use((socket, next) => {
    const { userId, sessionId } = socket.handshake.auth as { userId: string; sessionId: string };
    void socket.join([userRoom(userId), sessionRoom(sessionId)]);
    next();
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise<void>((resolve) => void io.close(() => resolve())));
  return { io, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
}

async function tab(url: string, userId: string, sessionId: string): Promise<{ socket: Socket; events: unknown[]; resyncs: () => number; closed: Promise<void> }> {
  const socket = connectSocket(url, { transports: ["websocket"], auth: { userId, sessionId }, reconnection: false, forceNew: true });
  cleanups.push(() => void socket.disconnect());
  const events: unknown[] = [];
  let resyncs = 0;
  socket.on("credits:update", (payload: unknown) => events.push(payload));
  socket.on("realtime:resync", () => void resyncs++);
  const closed = new Promise<void>((resolve) => socket.once("disconnect", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return { socket, events, resyncs: () => resyncs, closed };
}

async function eventually(check: () => boolean, timeoutMs = 5000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !check(); ) {
    if (Date.now() > deadline) throw new Error("not delivered across nodes");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const kinds = [
  ["postgres", () => ({ databaseUrl: process.env.TEST_DATABASE_URL })],
  ["redis", () => ({ databaseUrl: process.env.TEST_DATABASE_URL, redisUrl: process.env.TEST_REDIS_URL })],
] as const;

describeOnPostgres("socket events across nodes", () => {
  for (const [kind, urls] of kinds) {
    it(`through ${kind}: a worker's event reaches a user's tabs on two nodes, and a logout closes them there`, async (ctx) => {
      if (kind === "redis" && !process.env.TEST_REDIS_URL) {
        if (process.env.CI === "true") throw new Error("needs Redis: set TEST_REDIS_URL");
        ctx.skip();
      }
      const open = async () => {
        const crossNode = await openCrossNodeRealtime({ ...urls(), logger });
        if (!crossNode) throw new Error("no cross-node realtime");
        cleanups.push(() => crossNode.close());
        return crossNode;
      };
      const [a, b] = [await webNode(await open()), await webNode(await open())];
      expect([a.io, b.io].every((io) => io.of("/").adapter.constructor.name.toLowerCase().includes(kind))).toBe(true);
      // A worker: no HTTP server, no sockets, only the adapter.
      const workerIo = createEmitOnlySocketServer(await open());
      cleanups.push(() => workerIo.of("/").adapter.close());
      const deliver = socketDeliverer(workerIo);

      const [onA, onB, otherUser] = await Promise.all([tab(a.url, "u1", "s1"), tab(b.url, "u1", "s2"), tab(b.url, "u2", "s3")]);
      // Nodes find each other by heartbeat; the first message may go before they have.
      await eventually(() => {
        deliver({ type: "event", userId: "u1", event: "credits:update", payload: { credits: 7 } });
        return onA.events.length > 0 && onB.events.length > 0;
      });
      expect(onA.events.at(-1)).toEqual({ credits: 7 });
      expect(onB.events.at(-1)).toEqual({ credits: 7 });
      expect(otherUser.events).toEqual([]);

      // A node's own emit reaches the other node too (the loop above may still have copies of 7 on their way).
      socketDeliverer(b.io)({ type: "event", userId: "u1", event: "credits:update", payload: { credits: 8 } });
      await eventually(() => onA.events.some((e) => (e as { credits: number }).credits === 8));
      expect(otherUser.events).toEqual([]);

      deliver({ type: "disconnect", sessionIds: ["s1", "s2"] });
      await Promise.all([onA.closed, onB.closed]);
      expect(otherUser.socket.connected).toBe(true);
    });
  }

  for (const [kind, urls] of kinds) {
    it(`through ${kind}: a node whose connections are cut again and again listens again each time, and asks its tabs to read again`, async (ctx) => {
      if (kind === "redis" && !process.env.TEST_REDIS_URL) {
        if (process.env.CI === "true") throw new Error("needs Redis: set TEST_REDIS_URL");
        ctx.skip();
      }
      // Node A reaches its channel (PostgreSQL, or Redis) through a proxy the test can cut; node B directly.
      const direct: { databaseUrl?: string | undefined; redisUrl?: string | undefined } = urls();
      const target = new URL((kind === "redis" ? direct.redisUrl : direct.databaseUrl) ?? "");
      const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || (kind === "redis" ? 6379 : 5432)) });
      cleanups.push(() => proxy.close());
      const viaProxy = new URL(target.href);
      viaProxy.host = `127.0.0.1:${proxy.port}`;
      const open = async (settings: { databaseUrl?: string | undefined; redisUrl?: string | undefined }) => {
        const crossNode = await openCrossNodeRealtime({ ...settings, logger });
        if (!crossNode) throw new Error("no cross-node realtime");
        cleanups.push(() => crossNode.close());
        return crossNode;
      };
      const a = await webNode(await open(kind === "redis" ? { ...direct, redisUrl: viaProxy.href } : { databaseUrl: viaProxy.href }));
      const b = await webNode(await open(direct));
      const onA = await tab(a.url, "u1", "s1");
      const send = socketDeliverer(b.io);
      await eventually(() => {
        send({ type: "event", userId: "u1", event: "credits:update", payload: { credits: 0 } });
        return onA.events.length > 0;
      }, 20_000);
      // Nothing was lost yet: no tab is told to read again.
      expect(onA.resyncs()).toBe(0);
      // More cuts than the PostgreSQL adapter's pool has places: a connection lost while listening must not keep its place.
      for (let cut = 1; cut <= 6; cut++) {
        proxy.cut();
        proxy.restore();
        await eventually(() => {
          send({ type: "event", userId: "u1", event: "credits:update", payload: { credits: cut } });
          return onA.events.some((e) => (e as { credits: number }).credits === cut);
        }, 20_000);
        // What B sent while A was away never reached A's tab: the tab hears that it should read again.
        await eventually(() => onA.resyncs() >= cut);
      }
      expect(onA.resyncs()).toBe(6);
    }, 120_000);
  }
});
