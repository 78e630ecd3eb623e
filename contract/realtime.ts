import type { GenerateStage, ImageRecord } from "./images.ts";

/** Socket.IO events (docs/product/realtime.md). Every tab of a user joins `user:<id>` and sees these. */
export interface ServerToClientEvents {
  "credits:update": (payload: { credits: number }) => void;
  /** A generation moved on; `percent` never goes down for one image. */
  "image:progress": (payload: { imageId: string; stage: GenerateStage; percent: number }) => void;
  /** An image changed status (running, ready, failed). */
  "image:update": (payload: { image: ImageRecord }) => void;
  /** A new image is ready in the gallery. */
  "gallery:new": (payload: { image: ImageRecord }) => void;
}

/** Clients only listen for now; later capabilities add their events here. */
export type ClientToServerEvents = Record<string, never>;

export const userRoom = (userId: string): string => `user:${userId}`;
export const sessionRoom = (sessionId: string): string => `session:${sessionId}`;
