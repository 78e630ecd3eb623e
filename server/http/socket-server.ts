import type { Server as HttpServer } from "node:http";
import { Server } from "socket.io";
import { type ClientToServerEvents, type ServerToClientEvents, sessionRoom, userRoom } from "../../contract/realtime.ts";
import type { CrossNodeRealtime } from "../realtime/cross-node.ts";
import { concernsCaches, type RealtimeHub, type RealtimeMessage } from "../realtime/publisher.ts";

export interface SocketData {
  userId: string;
  sessionId: string;
}

/** Between nodes: a message this node published that the other nodes' caches must hear (ended sessions, deleted images). */
interface NodeEvents {
  "realtime:heard": (message: RealtimeMessage) => void;
}

export type SocketServer = Server<ClientToServerEvents, ServerToClientEvents, NodeEvents, SocketData>;

/**
 * Socket.IO on the app's own HTTP server, same origin only. socket-auth.ts authenticates handshakes and joins
 * each socket to `user:<id>` and `session:<id>`.
 */
export function createSocketServer(http: HttpServer, crossNode?: CrossNodeRealtime): SocketServer {
  const io: SocketServer = new Server(http, {
    path: "/socket.io",
    serveClient: false,
    cors: { origin: false },
    maxHttpBufferSize: 64 * 1024,
    ...(crossNode ? { adapter: crossNode.adapter } : {}),
  });
  // Only this node's sockets missed what crossed while its channel was down; the other nodes' heard it.
  crossNode?.onResumed(() => io.local.emit("realtime:resync", {}));
  return io;
}

/** A Socket.IO server that serves no sockets: a worker emits through it, and its adapter carries the events to the web nodes. */
export function createEmitOnlySocketServer(crossNode: CrossNodeRealtime): SocketServer {
  return new Server({ serveClient: false, adapter: crossNode.adapter });
}

/**
 * The Socket.IO adapter of the realtime port: delivers each published message to the sockets it concerns, and with a
 * cross-node adapter (`acrossNodes`) carries what caches must hear to the other nodes' hubs.
 */
export function socketDeliverer(io: SocketServer, acrossNodes = false): (message: RealtimeMessage) => void {
  return (message) => {
    if (acrossNodes && concernsCaches(message)) io.serverSideEmit("realtime:heard", message);
    if (message.type === "disconnect") {
      io.in(message.sessionIds.map(sessionRoom)).disconnectSockets(true);
      return;
    }
    const room = io.to(userRoom(message.userId));
    (room.emit as (event: string, payload: unknown) => boolean)(message.event, message.payload);
  };
}

/** Hands what the other nodes carried (socketDeliverer's `acrossNodes`) to this node's hub; anything malformed is dropped. */
export function hearOtherNodes(io: SocketServer, hub: RealtimeHub): void {
  io.on("realtime:heard", (message) => {
    const ids = message?.type === "disconnect" ? message.sessionIds : undefined;
    if (Array.isArray(ids) && ids.every((id) => typeof id === "string")) return hub.heard({ type: "disconnect", sessionIds: ids });
    if (message?.type === "event" && message.event === "image:deleted" && typeof message.payload?.imageId === "string") {
      hub.heard({ type: "event", userId: String(message.userId), event: "image:deleted", payload: { imageId: message.payload.imageId } });
    }
  });
}
