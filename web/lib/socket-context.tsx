import { createContext, type ReactNode, useContext, useEffect, useLayoutEffect, useRef, useState } from "react";
import { type ServerEventName, type ServerEventPayload, serverEventSchemas, type ServerToClientEvents } from "../../contract/realtime.ts";
import { type AppSocket, connectSocket } from "./socket.ts";

const SocketContext = createContext<AppSocket | null>(null);

/**
 * One Socket.IO connection per signed-in screen (docs/product/realtime.md): credits, progress and gallery listeners all
 * share it instead of each opening their own. Closed when the user changes or the screen unmounts.
 */
export function SocketProvider({
  userId,
  children,
  connect = connectSocket,
}: {
  userId: string | undefined;
  children: ReactNode;
  /** Opens the connection; tests hand in a fake. */
  connect?: () => AppSocket;
}) {
  const [socket, setSocket] = useState<AppSocket | null>(null);
  // Only a new user reconnects; a new `connect` function on a re-render must not.
  const connectRef = useRef(connect);
  useEffect(() => {
    if (!userId) return;
    const next = connectRef.current();
    setSocket(next);
    return () => {
      next.close();
      setSocket(null);
    };
  }, [userId]);
  return <SocketContext value={socket}>{children}</SocketContext>;
}

export function useSocket(): AppSocket | null {
  return useContext(SocketContext);
}

/** Whether the screen's socket is connected now: live updates flow only while it is. */
export function useSocketConnected(): boolean {
  const socket = useSocket();
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    if (!socket) return;
    const update = () => setConnected(socket.connected);
    update();
    socket.on("connect", update);
    socket.on("disconnect", update);
    return () => {
      socket.off("connect", update);
      socket.off("disconnect", update);
    };
  }, [socket]);
  return socket !== null && connected;
}

/**
 * Listens to one server event on the screen's socket; the handler may change between renders freely. Payloads are
 * checked against the contract's schema first: one that does not match (a server of another version) is dropped.
 */
export function useSocketEvent<E extends ServerEventName>(event: E, handler: ServerToClientEvents[E]): void {
  const socket = useSocket();
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!socket) return;
    const listener = (payload: unknown) => {
      const checked = serverEventSchemas[event].safeParse(payload);
      if (checked.success) (latest.current as (p: ServerEventPayload<E>) => void)(checked.data as ServerEventPayload<E>);
    };
    // Socket.IO's typed `on` cannot follow a generic event name, hence the widening casts.
    (socket as unknown as { on(e: string, l: unknown): void }).on(event, listener);
    return () => {
      (socket as unknown as { off(e: string, l: unknown): void }).off(event, listener);
    };
  }, [socket, event]);
}

/**
 * Calls `onReconnect` when the socket comes back after a drop, or when the server says its node missed events from
 * the others (`realtime:resync`), so screens can refetch what they missed.
 */
export function useSocketReconnect(onReconnect: () => void): void {
  const socket = useSocket();
  const latest = useRef(onReconnect);
  useLayoutEffect(() => {
    latest.current = onReconnect;
  });
  useEffect(() => {
    if (!socket) return;
    const manager = socket.io;
    const listener = () => latest.current();
    manager.on("reconnect", listener);
    socket.on("realtime:resync", listener);
    return () => {
      manager.off("reconnect", listener);
      socket.off("realtime:resync", listener);
    };
  }, [socket]);
}
