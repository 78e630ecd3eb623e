import type { Server } from "node:http";
import type { Socket } from "node:net";
import type { RequestHandler } from "express";
import { AppError } from "../errors/app-error.ts";
import { clientKey } from "./client-address.ts";

/** How many of something each client holds, counted up and down. */
function createTally() {
  const open = new Map<string, number>();
  return {
    /** Counts one more for `key` unless it already holds `max`; false when refused. */
    take(key: string, max: number): boolean {
      const held = open.get(key) ?? 0;
      if (held >= max) return false;
      open.set(key, held + 1);
      return true;
    },
    give(key: string): void {
      const held = (open.get(key) ?? 1) - 1;
      if (held <= 0) open.delete(key);
      else open.set(key, held);
    },
  };
}

/**
 * Open TCP connections per peer address (an IPv6 /64), capped as they are accepted: one host holding thousands of
 * idle or half-sent connections would otherwise use up the process's file descriptors and lock everyone else out.
 * A connection over the cap is closed at once, before a byte of it is read.
 */
export function capConnectionsPerAddress(server: Server, max: number, onRefused: () => void = () => {}): void {
  const tally = createTally();
  server.on("connection", (socket: Socket) => {
    const key = clientKey(socket.remoteAddress);
    if (!tally.take(key, max)) {
      onRefused();
      socket.destroy();
      return;
    }
    socket.once("close", () => tally.give(key));
  });
}

/**
 * Behind trusted proxies every connection comes from a proxy, so connections say nothing about clients: the same cap
 * counts each client's requests in flight instead, the client being `req.ip` (TRUST_PROXY's rule, as every per-IP
 * limit). Holding the connections themselves is the proxy's job (README, Reverse proxy).
 */
export function capRequestsPerClient(max: number, onRefused: () => void = () => {}): RequestHandler {
  const tally = createTally();
  return (req, res, next) => {
    const key = clientKey(req.ip);
    if (!tally.take(key, max)) {
      onRefused();
      throw new AppError("rate_limited:connections", "Too many requests from your address at once.", undefined, { retryAfterSeconds: 1 });
    }
    res.once("close", () => tally.give(key));
    next();
  };
}
