import type { Server } from "socket.io";
import { type ClientToServerEvents, type ServerToClientEvents, sessionRoom, userRoom } from "../../contract/realtime.ts";

export type SocketServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface SocketData {
  userId: string;
  sessionId: string;
}

/** How services reach browsers; a multi-node adapter fans these out to every node (docs/product/platform.md). */
export function createRealtime(io: SocketServer) {
  return {
    toUser<E extends keyof ServerToClientEvents>(userId: string, event: E, ...payload: Parameters<ServerToClientEvents[E]>): void {
      io.to(userRoom(userId)).emit(event, ...payload);
    },
    /** Closes every socket opened with these sessions (logout, password change). */
    disconnectSessions(sessionIds: string[]): void {
      if (sessionIds.length > 0) io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
    },
  };
}

export type Realtime = ReturnType<typeof createRealtime>;
