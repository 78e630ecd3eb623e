import { createServer, connect, type AddressInfo, type Socket } from "node:net";

export interface TcpProxy {
  port: number;
  /** Drops every open connection and leaves new ones hanging unanswered, like a network that went dark. */
  cut(): void;
  /** Keeps connections open but passes no more bytes either way: a partition nobody hears about. */
  freeze(): void;
  /** Drops what is open (frozen connections too) and forwards new connections again. */
  restore(): void;
  close(): Promise<void>;
}

/** A TCP proxy to `target` that a test can cut, freeze and restore, to take a real server away from the app. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let mode: "open" | "cut" | "frozen" = "open";
  const track = (socket: Socket) => {
    open.add(socket);
    socket.once("close", () => open.delete(socket));
    // A reset while cut is the point of the exercise, not a test failure.
    socket.on("error", () => socket.destroy());
  };
  const forward = (from: Socket, to: Socket) => {
    from.on("data", (chunk: Buffer) => {
      if (mode === "open") to.write(chunk);
    });
    from.once("close", () => to.destroy());
  };
  const server = createServer((client) => {
    track(client);
    if (mode !== "open") return;
    const upstream = connect(target.port, target.host);
    track(upstream);
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const dropAll = () => {
    for (const socket of open) socket.destroy();
  };
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      mode = "cut";
      dropAll();
    },
    freeze() {
      mode = "frozen";
    },
    restore() {
      mode = "open";
      dropAll();
    },
    close: () =>
      new Promise<void>((resolve) => {
        dropAll();
        server.close(() => resolve());
      }),
  };
}
