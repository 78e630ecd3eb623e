/** Socket.IO events (DESIGN.md §7). Every tab of a user joins `user:<id>` and sees these. */
export interface ServerToClientEvents {
  "credits:update": (payload: { credits: number }) => void;
}

/** Clients only listen for now; later issues add their events here. */
export type ClientToServerEvents = Record<string, never>;

export const userRoom = (userId: string): string => `user:${userId}`;
export const sessionRoom = (sessionId: string): string => `session:${sessionId}`;
