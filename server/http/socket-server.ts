import type { Server as HttpServer } from "node:http";
import { Server } from "socket.io";
import { type ClientToServerEvents, type ServerToClientEvents, sessionRoom, userRoom } from "../../contract/realtime.ts";
import { type CrossNodeRealtime, hubEvent } from "../realtime/cross-node.ts";
import { heardAcrossNodes, type RealtimeHub, type RealtimeMessage } from "../realtime/publisher.ts";

export interface SocketData {
  userId: string;
  sessionId: string;
}

/** Between nodes: every message this node's hub published, for the other nodes' listeners (read as unknown: checked on arrival). */
interface NodeEvents {
  [hubEvent]: (message: unknown) => void;
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
 * The Socket.IO adapter of the realtime port: delivers each published message to the sockets it concerns (the room
 * emit reaches them on every node), and with a cross-node adapter (`acrossNodes`) carries it to the other nodes' hub
 * listeners too, ahead of the sockets' copy, so a cache there forgets before a tab can act on the news.
 */
export function socketDeliverer(io: SocketServer, acrossNodes = false): (message: RealtimeMessage) => void {
  return (message) => {
    if (acrossNodes && heardAcrossNodes(message)) io.serverSideEmit(hubEvent, message);
    if (message.type === "disconnect") {
      io.in(message.sessionIds.map(sessionRoom)).disconnectSockets(true);
      return;
    }
    const room = io.to(userRoom(message.userId));
    (room.emit as (event: string, payload: unknown) => boolean)(message.event, message.payload);
  };
}

/**
 * Hands what the other nodes carried (socketDeliverer's `acrossNodes`) to this node's hub, which checks it and tells
 * its listeners only, and tells the hub when the channel is back after a loss.
 */
export function hearOtherNodes(io: SocketServer, hub: RealtimeHub, crossNode: CrossNodeRealtime): void {
  io.on(hubEvent, (message) => hub.heard(message));
  crossNode.onResumed(() => hub.resumed());
}
