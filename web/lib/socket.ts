import { io, type Socket } from "socket.io-client";
import type { ClientToServerEvents, ServerToClientEvents } from "../../contract/realtime.ts";
import { readSessionToken } from "./session-token.ts";

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** One connection per signed-in screen; the cookie or the stored token authenticates it (docs/product/realtime.md). */
export function connectSocket(): AppSocket {
  const token = readSessionToken();
  return io({ path: "/socket.io", auth: token ? { token } : {}, withCredentials: true });
}
