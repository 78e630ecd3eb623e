import type { Server as HttpServer } from "node:http";
import { Server } from "socket.io";

/**
 * Socket.IO on the app's own HTTP server, same origin only. Each user's sockets join `user:<id>` once the
 * accounts capability authenticates handshakes; fan-out across nodes swaps the adapter (DESIGN.md §10).
 */
export function createSocketServer(http: HttpServer): Server {
  return new Server(http, {
    path: "/socket.io",
    serveClient: false,
    cors: { origin: false },
    maxHttpBufferSize: 64 * 1024,
  });
}
