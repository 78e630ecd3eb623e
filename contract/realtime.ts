import { z } from "zod/mini";
import { communityPollSchema } from "./community-polls.ts";
import { generateStages, imageRecordSchema } from "./images.ts";
import { personaDraftSchema } from "./personas.ts";
import { shareTallyRowSchema } from "./shares.ts";
import { videoProgressSchema, videoSchema } from "./videos.ts";

/**
 * Events the server pushes to signed-in browsers (and the bot) over Socket.IO (docs/product/realtime.md). Every tab of a user joins
 * `user:<id>` and sees these. The schemas are the one description: the server checks what it publishes, the web
 * checks what it receives.
 */
export const serverEventSchemas = {
  "credits:update": z.object({ credits: z.number() }),
  /** A generation moved on; `percent` never goes down for one image. */
  "image:progress": z.object({ imageId: z.string(), stage: z.enum(generateStages), percent: z.number().check(z.minimum(0), z.maximum(100)) }),
  /** An image changed status (pending, running, ready, failed). */
  "image:update": z.object({ image: imageRecordSchema }),
  /** One of the user's images was deleted: every tab drops its tile. */
  "image:deleted": z.object({ imageId: z.string() }),
  /** A new image is ready in the gallery. */
  "gallery:new": z.object({ image: imageRecordSchema }),
  /** A persona draft moved on (running, ready with its files, or failed with the reason). */
  "persona:draft": z.object({ draft: personaDraftSchema }),
  /** The user's personas changed (saved, renamed, deleted): lists read them again. */
  "personas:changed": z.object({ personaId: z.string() }),
  /** A video changed: uploaded, finding frames, ready with its best frames, failed, cancelled. */
  "video:update": z.object({ video: videoSchema }),
  /** The frame finder moved on ("Reading frames 412/1,800"); sent at most a few times a second. */
  "video:progress": z.object({ videoId: z.string(), progress: videoProgressSchema }),
  /** Someone voted on one of the user's share links (the page or Discord): its tally now, per source. */
  "share:votes": z.object({ shareId: z.string(), targetId: z.string(), tally: z.array(shareTallyRowSchema) }),
  /** One of the user's community polls changed: posted, a vote, closed or failed. */
  "community:poll": z.object({ poll: communityPollSchema }),
  /**
   * This node lost the other nodes for a while (a database or Redis restart) and hears them again: events sent
   * meanwhile may not have arrived, so screens read their data again, as after a reconnect.
   */
  "realtime:resync": z.object({}),
} as const;

export type ServerEventName = keyof typeof serverEventSchemas;
export const serverEventNames = Object.keys(serverEventSchemas) as ServerEventName[];
export type ServerEventPayload<E extends ServerEventName> = z.infer<(typeof serverEventSchemas)[E]>;

export type ServerToClientEvents = { [E in ServerEventName]: (payload: ServerEventPayload<E>) => void };

/** Clients only listen for now; later capabilities add their events here, with their schemas. */
export type ClientToServerEvents = Record<string, never>;

export const userRoom = (userId: string): string => `user:${userId}`;
export const sessionRoom = (sessionId: string): string => `session:${sessionId}`;
