import type { Server as HttpServer } from "node:http";
import { Server } from "socket.io";
import type { SocketServer } from "./realtime.ts";

/**
 * Socket.IO on the app's own HTTP server, same origin only. socket-auth.ts authenticates handshakes and joins
 * each socket to `user:<id>`; fan-out across nodes swaps the adapter (docs/product/platform.md).
 */
export function createSocketServer(http: HttpServer): SocketServer {
  return new Server(http, {
    path: "/socket.io",
    serveClient: false,
    cors: { origin: false },
    maxHttpBufferSize: 64 * 1024,
  });
}
