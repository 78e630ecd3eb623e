import { request } from "node:http";
import { connect, type Socket } from "node:net";

export interface HalfSentConnections {
  /** How many the server has not closed yet. */
  open(): number;
  /** Resolves once the server has closed all but `n` of them (or `timeoutMs` passed); the count then. */
  settle(n: number, timeoutMs: number): Promise<number>;
  close(): void;
}

/**
 * `count` connections from `localAddress`, each with a request's first header lines and never the rest: what a
 * slow-headers attacker holds. Opened in batches, so the listen backlog never overflows into SYN retries.
 */
export async function holdHalfSentConnections(baseUrl: string, count: number, localAddress: string, batch = 100): Promise<HalfSentConnections> {
  const { hostname, port } = new URL(baseUrl);
  const sockets: Socket[] = [];
  let open = 0;
  for (let first = 0; first < count; first += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, count - first) }, () => {
        const socket = connect({ host: hostname, port: Number(port), localAddress });
        sockets.push(socket);
        socket.on("error", () => {});
        socket.once("close", () => open--);
        open++;
        return new Promise<void>((resolve) => {
          socket.once("connect", () => socket.write(`GET /api/health HTTP/1.1\r\nHost: ${hostname}:${port}\r\nX-Slow: `, () => resolve()));
          socket.once("close", () => resolve());
        });
      }),
    );
  }
  return {
    open: () => open,
    async settle(n, timeoutMs) {
      const until = Date.now() + timeoutMs;
      while (open > n && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
      return open;
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
    },
  };
}

/** One GET on a fresh connection from `localAddress`: its status (0: no answer within `timeoutMs`) and milliseconds. */
export function timedGet(url: string, localAddress: string, timeoutMs = 10_000): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (status: number) => resolve({ status, ms: performance.now() - started });
    const req = request(url, { localAddress, agent: false, headers: { connection: "close" }, timeout: timeoutMs }, (res) => {
      res.resume();
      res.once("end", () => done(res.statusCode ?? 0));
    });
    req.once("timeout", () => req.destroy());
    req.once("error", () => done(0));
    req.end();
  });
}
