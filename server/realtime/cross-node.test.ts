import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { io as connectSocket, type Socket } from "socket.io-client";
import { afterEach, beforeAll, expect, it } from "vitest";
import { sessionRoom, userRoom } from "../../contract/realtime.ts";
import { createEmitOnlySocketServer, createSocketServer, hearOtherNodes, type SocketServer, socketDeliverer } from "../http/socket-server.ts";
import { createLogger } from "../logger.ts";
import { loadConfig } from "../config.ts";
import { describeOnPostgres } from "../testing/on-postgres.ts";
import { startTcpProxy } from "../testing/tcp-proxy.ts";
import { openTestDb } from "../testing/test-db.ts";
import { type CrossNodeRealtime, hubEvent, openCrossNodeRealtime } from "./cross-node.ts";
import { createRealtimeHub, type RealtimeHub, type RealtimeMessage } from "./publisher.ts";

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
  socket.on("image:update", (payload: unknown) => events.push(payload));
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
      const crossNodeA = await open(kind === "redis" ? { ...direct, redisUrl: viaProxy.href } : { databaseUrl: viaProxy.href });
      const a = await webNode(crossNodeA);
      // A's hub tells its listeners (a tool waiting for an image) each time, so they read again what they missed.
      const hubA: RealtimeHub = createRealtimeHub({ logger });
      hearOtherNodes(a.io, hubA, crossNodeA);
      let hubResumes = 0;
      cleanups.push(hubA.onResumed(() => void hubResumes++));
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
      expect(hubResumes).toBe(6);
    }, 120_000);
  }

  for (const [kind, urls] of kinds) {
    it(`through ${kind}: what a node's hub publishes reaches the other nodes' listeners, checked; a tab gets it once`, async (ctx) => {
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
      // Each node as createHttp wires it: its hub delivers to its sockets and the other nodes, and hears them.
      const hubNode = async () => {
        const crossNode = await open();
        const node = await webNode(crossNode);
        const dropped: unknown[] = [];
        const hub = createRealtimeHub({ logger: { ...logger, warn: (...args: unknown[]) => void dropped.push(args), isLevelEnabled: () => false } as unknown as typeof logger });
        cleanups.push(hub.subscribe(socketDeliverer(node.io, true)));
        hearOtherNodes(node.io, hub, crossNode);
        const heard: RealtimeMessage[] = [];
        cleanups.push(hub.listen((message) => void heard.push(message)));
        return { ...node, hub, heard, dropped };
      };
      const [a, b] = [await hubNode(), await hubNode()];
      // The bot: no Socket.IO server at all, only its hub.
      const bot = createRealtimeHub({ logger });
      const botHeard: RealtimeMessage[] = [];
      cleanups.push(bot.listen((message) => void botHeard.push(message)));
      const botMember = (await open()).joinWithoutSockets((message) => bot.heard(message));
      cleanups.push(bot.subscribe((message) => botMember.send(message)));
      cleanups.push(() => botMember.close());

      const onB = await tab(b.url, "u1", "s1");
      const image = { id: "img-1", kind: "generated", status: "ready", prompt: "p", style: null, aspect: null, model: "studio", width: 1280, height: 720, creditsSpent: 1, error: null, errorCode: null, parentId: null, packId: null, createdAt: new Date(0).toISOString(), urls: null } as const;
      // Nodes find each other by heartbeat; the first messages may go before they listen.
      await eventually(() => {
        a.hub.toUser("u1", "image:update", { image: { ...image, id: "warm-up" } });
        return b.heard.length > 0 && botHeard.length > 0 && onB.events.length > 0;
      }, 10_000);
      // Only what B's own hub published is delivered by B; A's messages reach B's listeners and nothing more.
      const updateOf = (heard: RealtimeMessage[], id: string) => heard.find((m) => m.type === "event" && m.event === "image:update" && m.payload.image.id === id);
      a.hub.toUser("u1", "image:update", { image });
      await eventually(() => updateOf(b.heard, "img-1") !== undefined && updateOf(botHeard, "img-1") !== undefined);
      expect(updateOf(b.heard, "img-1")).toEqual({ type: "event", userId: "u1", event: "image:update", payload: { image } });
      expect(updateOf(botHeard, "img-1")).toEqual(updateOf(b.heard, "img-1"));

      // Malformed news from the channel (a payload against its schema, an unknown event, junk) is logged and dropped.
      const droppedBefore = b.dropped.length;
      a.io.serverSideEmit(hubEvent, { type: "event", userId: "u1", event: "image:update", payload: { image: { ...image, status: "done" } } });
      a.io.serverSideEmit(hubEvent, { type: "event", userId: "u1", event: "admin:grant", payload: {} });
      a.io.serverSideEmit(hubEvent, "junk");
      // Progress concerns browsers only: it reaches B's tabs through the room emit and stays off the hub channel.
      a.hub.toUser("u1", "image:progress", { imageId: "img-2", stage: "queued", percent: 2 });
      a.hub.toUser("u1", "image:update", { image: { ...image, id: "img-2" } });
      await eventually(() => updateOf(b.heard, "img-2") !== undefined);
      expect(b.heard.filter((m) => m.type === "event" && m.event === "image:progress")).toEqual([]);
      await eventually(() => b.dropped.length >= droppedBefore + 3);
      expect(b.heard.filter((m) => m.type === "event" && m.event === "image:update" && m.payload.image.status !== "ready")).toEqual([]);
      expect(botHeard.map((m) => (m.type === "event" && m.event === "image:update" ? m.payload.image.id : m.type))).not.toContain("done");

      // The tab on B got each of A's updates exactly once (give a duplicate the time to arrive).
      await new Promise((resolve) => setTimeout(resolve, 300));
      const ids = onB.events.map((e) => (e as { image: { id: string } }).image.id).filter((id) => id !== "warm-up");
      expect(ids).toEqual(["img-1", "img-2"]);
      // A hears nothing of its own through the channel: its listeners were told once, directly.
      expect(a.heard.filter((m) => updateOf([m], "img-1"))).toHaveLength(1);

      // The bot publishes too, without a Socket.IO server: B's tab gets its event once, A's listeners its image news.
      const fromBot = { ...image, id: "img-bot" };
      bot.toUser("u1", "credits:update", { credits: 41 });
      bot.toUser("u1", "image:update", { image: fromBot });
      await eventually(() => onB.events.some((e) => (e as { image?: { id: string } }).image?.id === "img-bot") && updateOf(a.heard, "img-bot") !== undefined);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(onB.events.filter((e) => (e as { image?: { id: string } }).image?.id === "img-bot")).toHaveLength(1);
      expect(onB.events.filter((e) => (e as { credits?: number }).credits === 41)).toHaveLength(1);
    }, 30_000);
  }
});
