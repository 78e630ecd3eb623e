import { createServer, connect, type AddressInfo, type Socket } from "node:net";

export interface TcpProxy {
  port: number;
  /** Drops every open connection and leaves new ones hanging unanswered, like a network that went dark. */
  cut(): void;
  /** Forwards new connections again. */
  restore(): void;
  close(): Promise<void>;
}

/** A TCP proxy to `target` that a test can cut and restore, to take a real server away from the app and back. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let isCut = false;
  const track = (socket: Socket) => {
    open.add(socket);
    socket.once("close", () => open.delete(socket));
    // A reset while cut is the point of the exercise, not a test failure.
    socket.on("error", () => socket.destroy());
  };
  const server = createServer((client) => {
    track(client);
    if (isCut) return;
    const upstream = connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.once("close", () => upstream.destroy());
    upstream.once("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      isCut = true;
      for (const socket of open) socket.destroy();
    },
    restore() {
      isCut = false;
      for (const socket of open) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
