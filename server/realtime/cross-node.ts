import { createAdapter as createPostgresAdapter } from "@socket.io/postgres-adapter";
import { createAdapter as createRedisAdapter } from "@socket.io/redis-adapter";
import pg from "pg";
import { createClient } from "redis";
import { sessionRoom, userRoom } from "../../contract/realtime.ts";
import type { Logger } from "../logger.ts";
import { heardAcrossNodes, type RealtimeMessage } from "./publisher.ts";

type AdapterFactory = ReturnType<typeof createRedisAdapter> | ReturnType<typeof createPostgresAdapter>;

/** The server-side event that carries a hub's messages to the other nodes' hubs (their listeners, not their sockets). */
export const hubEvent = "realtime:heard";

/**
 * Socket.IO across nodes (docs/decisions/017-realtime-across-nodes.md): every node's Socket.IO server installs
 * `adapter`, so `io.to(room).emit` reaches the room's sockets on every node. A worker has a Socket.IO server that
 * serves no sockets, only to emit through the adapter.
 */
export interface CrossNodeRealtime {
  kind: "postgres" | "redis";
  adapter: AdapterFactory;
  /**
   * Calls `listener` each time this node hears the other nodes again after losing its channel (a database or Redis
   * restart, a cut connection): events sent meanwhile never reached its sockets, so their screens should read again.
   */
  onResumed(listener: () => void): void;
  /**
   * For a process with no Socket.IO server (the Discord bot): hears what the other nodes' hubs send, through an
   * adapter of its own on the same channel, and sends what its own hub publishes to the web nodes' sockets (and the
   * other nodes' listeners) the way a Socket.IO server's room emit would.
   */
  joinWithoutSockets(onMessage: (message: unknown) => void): SocketlessMember;
  /** Call after the Socket.IO server that uses the adapter has closed. */
  close(): Promise<void>;
}

/** A process on the channel without sockets: what it sends, and its closing. */
export interface SocketlessMember {
  send(message: RealtimeMessage): void;
  close(): Promise<void>;
}

/** Listeners told when a node's channel is back; a throwing listener does not stop the others. */
function resumedListeners(logger: Logger) {
  const listeners = new Set<() => void>();
  return {
    add: (listener: () => void) => void listeners.add(listener),
    resumed() {
      logger.info("realtime channel back: this node's tabs are asked to read again what they may have missed");
      for (const listener of listeners) {
        try {
          listener();
        } catch (err) {
          logger.warn({ err }, "realtime resume listener failed");
        }
      }
    },
  };
}

/** Redis when REDIS_URL is set (with DATABASE_URL), else PostgreSQL's LISTEN/NOTIFY; none for the embedded database. */
export async function openCrossNodeRealtime(deps: { databaseUrl?: string | undefined; redisUrl?: string | undefined; logger: Logger }): Promise<CrossNodeRealtime | undefined> {
  if (!deps.databaseUrl) return undefined;
  return deps.redisUrl ? openRedis(deps.redisUrl, deps.logger) : openPostgres(deps.databaseUrl, deps.logger);
}

async function openRedis(url: string, logger: Logger): Promise<CrossNodeRealtime> {
  const publisher = createClient({ url });
  const subscriber = publisher.duplicate();
  for (const client of [publisher, subscriber]) client.on("error", (err: unknown) => logger.warn({ err }, "realtime redis connection error"));
  await Promise.all([publisher.connect(), subscriber.connect()]);
  // The client subscribes again on its own when it reconnects; every "ready" after the first is such a return.
  const resumed = resumedListeners(logger);
  subscriber.on("ready", () => resumed.resumed());
  const adapter = createRedisAdapter(publisher, subscriber);
  return {
    kind: "redis",
    adapter,
    onResumed: resumed.add,
    joinWithoutSockets: (onMessage) => joinWithoutSockets(adapter, onMessage, logger),
    async close() {
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}

function openPostgres(url: string, logger: Logger): CrossNodeRealtime {
  // One connection LISTENs for the whole node; the others NOTIFY. A few are plenty.
  // Named with the process id, so an operator (or a test) can tell each node's listener in pg_stat_activity.
  const pool = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: 5000, idleTimeoutMillis: 30_000, application_name: `thumbforge-realtime-${process.pid}` });
  pool.on("error", (err) => logger.warn({ err }, "realtime postgres connection error"));
  // The adapter keeps its LISTEN connection checked out, where pg has no error listener: a database restart would
  // throw from it and end the process. Logged here; the adapter reconnects on the connection's "end".
  pool.on("connect", (client) => {
    client.on("error", (err) => logger.warn({ err }, "realtime postgres listener lost its connection"));
    // A connection that ends while checked out keeps its place in the pool until it is released, and the adapter never
    // releases its LISTEN connection: each database restart would cost a place, until none is left to listen with.
    client.once("end", () => {
      try {
        client.release(true);
      } catch {
        // Not checked out (an idle one the pool already dropped), or already given back.
      }
    });
  });
  const errorHandler = (err: unknown) => logger.warn({ err }, "realtime message not carried across nodes");
  const resumed = resumedListeners(logger);
  const adapter = createPostgresAdapter(watchListener(pool, resumed.resumed), { errorHandler });
  return {
    kind: "postgres",
    adapter,
    onResumed: resumed.add,
    joinWithoutSockets: (onMessage) => joinWithoutSockets(adapter, onMessage, logger),
    async close() {
      await pool.end();
    },
  };
}

/**
 * The pool as the PostgreSQL adapter uses it (it only checks out its LISTEN connection and runs queries), telling
 * `resumed` when a LISTEN succeeds on a connection after the first: the adapter has replaced one it lost.
 */
function watchListener(pool: pg.Pool, resumed: () => void): pg.Pool {
  let checkouts = 0;
  const connect = async (): Promise<pg.PoolClient> => {
    const client = await pool.connect();
    const replacement = ++checkouts > 1;
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    let told = false;
    // Own property on this one connection, answering exactly as before (callback or promise); it only watches.
    client.query = ((...args: unknown[]) => {
      const result = query(...args);
      if (replacement && !told && typeof args[0] === "string" && /^LISTEN\b/.test(args[0]) && result instanceof Promise) {
        result.then(
          () => {
            if (told) return;
            told = true;
            resumed();
          },
          () => {},
        );
      }
      return result;
    }) as typeof client.query;
    return client;
  };
  // The adapter's types ask for a whole Pool; it calls only these two.
  return { connect, query: pool.query.bind(pool) } as unknown as pg.Pool;
}

/**
 * An adapter over a namespace that holds no sockets and no server: what socket.io-adapter asks of a namespace (its
 * name, its sockets, the server's encoder and options, and `_onServerSideEmit`, through which every adapter hands over
 * server-side events). Room broadcasts find no socket here; only the hub's event is taken. Sending goes through the
 * adapter's own `broadcast` and `serverSideEmit`, the calls a Socket.IO server makes for `io.to(room).emit` and
 * `io.serverSideEmit`: the other nodes deliver to their sockets as if a node of theirs had emitted.
 */
function joinWithoutSockets(adapter: AdapterFactory, onMessage: (message: unknown) => void, logger: Logger): SocketlessMember {
  const namespace = {
    name: "/",
    sockets: new Map(),
    server: { encoder: { encode: () => [] }, opts: {} },
    _ids: 0,
    _onServerSideEmit(packet: unknown[]) {
      if (packet[0] === hubEvent) onMessage(packet[1]);
    },
  };
  interface AdapterInstance {
    close(): Promise<void> | void;
    broadcast(packet: { type: number; data: unknown[]; nsp: string }, opts: { rooms: Set<string>; except: Set<string>; flags: Record<string, never> }): Promise<void> | void;
    serverSideEmit(packet: unknown[]): Promise<void> | void;
    disconnectSockets(opts: { rooms: Set<string>; except: Set<string>; flags: Record<string, never> }, close: boolean): Promise<void> | void;
  }
  const instance = (adapter as unknown as (nsp: typeof namespace) => AdapterInstance)(namespace);
  const carried = (what: string, sending: () => Promise<void> | void) => {
    try {
      void Promise.resolve(sending()).catch((err: unknown) => logger.warn({ err, what }, "realtime message not carried across nodes"));
    } catch (err) {
      logger.warn({ err, what }, "realtime message not carried across nodes");
    }
  };
  return {
    send(message) {
      // As socketDeliverer with `acrossNodes`: the listeners' copy first, then the sockets'.
      if (heardAcrossNodes(message)) carried(hubEvent, () => instance.serverSideEmit([hubEvent, message]));
      if (message.type === "disconnect") {
        carried("disconnect", () => instance.disconnectSockets({ rooms: new Set(message.sessionIds.map(sessionRoom)), except: new Set(), flags: {} }, true));
        return;
      }
      // Socket.IO's EVENT packet (type 2) to the user's room, as `io.to(room).emit(event, payload)` sends it.
      carried(message.event, () => instance.broadcast({ type: 2, data: [message.event, message.payload], nsp: "/" }, { rooms: new Set([userRoom(message.userId)]), except: new Set(), flags: {} }));
    },
    async close() {
      await instance.close();
    },
  };
}
