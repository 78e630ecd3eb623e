import type { AppSocket } from "../lib/socket.ts";

/** Just enough of a Socket.IO client for a test: listeners by event, and `emit` for the test to play the server. */
export function fakeSocket(): { socket: AppSocket; emit: (event: string, payload: unknown) => void } {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const socket = {
    connected: true,
    on(event: string, listener: (payload: unknown) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)?.add(listener);
    },
    off(event: string, listener: (payload: unknown) => void) {
      listeners.get(event)?.delete(listener);
    },
    close() {},
    io: { on() {}, off() {} },
  };
  const emit = (event: string, payload: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener(payload);
  };
  return { socket: socket as unknown as AppSocket, emit };
}
