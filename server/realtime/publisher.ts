import { z } from "zod";
import { type ServerEventName, type ServerEventPayload, serverEventNames, serverEventSchemas } from "../../contract/realtime.ts";
import type { Logger } from "../logger.ts";
import { currentContext } from "../request-context.ts";

/** One message on its way to browsers: an event for every tab of a user, or sessions whose sockets must close. */
export type RealtimeMessage =
  | { [E in ServerEventName]: { type: "event"; userId: string; event: E; payload: ServerEventPayload<E> } }[ServerEventName]
  | { type: "disconnect"; sessionIds: string[] };

/** What services use to reach browsers. They publish; they never know who delivers. */
export interface RealtimePublisher {
  toUser<E extends ServerEventName>(userId: string, event: E, payload: ServerEventPayload<E>): void;
  /** Closes every socket opened with these sessions (logout, password change). */
  disconnectSessions(sessionIds: string[]): void;
}

/** What code on this node uses to hear what every node publishes (caches, a tool waiting for an image). */
export interface RealtimeListening {
  /**
   * Adds a listener on this node: told of every message published here and of those `heard` from other nodes;
   * returns its removal.
   */
  listen(listener: (message: RealtimeMessage) => void): () => void;
  /**
   * Adds a listener told when this node hears the other nodes again after losing its channel: what they published
   * meanwhile never arrived, so a listener that waits for news reads its state again. Returns its removal.
   */
  onResumed(listener: () => void): () => void;
}

export interface RealtimeHub extends RealtimePublisher, RealtimeListening {
  /** Adds a deliverer (the Socket.IO server, a test); returns its removal. */
  subscribe(deliver: (message: RealtimeMessage) => void): () => void;
  /**
   * A message another node published, as its cross-node carrier brings it: checked against the contract (anything
   * malformed is logged and dropped), told to the listeners, delivered nowhere (the adapter already took it to the
   * sockets of every node).
   */
  heard(message: unknown): void;
  /** The cross-node channel is back after a loss: tells the `onResumed` listeners. */
  resumed(): void;
}

const heardMessageSchema = z.union([
  z.object({ type: z.literal("disconnect"), sessionIds: z.array(z.string()).max(10_000) }),
  z.object({ type: z.literal("event"), userId: z.string(), event: z.enum(serverEventNames), payload: z.unknown() }),
]);

/** A message from another node as this node may believe it, or undefined when it does not match the contract. */
function readHeard(message: unknown): RealtimeMessage | undefined {
  const envelope = heardMessageSchema.safeParse(message);
  if (!envelope.success) return undefined;
  if (envelope.data.type === "disconnect") return envelope.data;
  const { userId, event, payload } = envelope.data;
  const checked = serverEventSchemas[event].safeParse(payload);
  return checked.success ? ({ type: "event", userId, event, payload: checked.data } as RealtimeMessage) : undefined;
}

/**
 * The realtime port: services publish here, and each subscriber delivers. A web node subscribes its Socket.IO
 * server; a worker without sockets publishes all the same through an emit-only one, whose adapter carries messages
 * to the nodes that hold the sockets and to every node's listeners (docs/decisions/017-realtime-across-nodes.md).
 * A payload that does not match its contract schema is a bug: logged, never sent.
 */
/**
 * What another node's listeners hear: ended sessions and deleted images (the caches), finished or failed images
 * (`awaitImages`) and persona drafts (the chat's personaFromFrame waits for one). The rest (progress, balances) concerns only browsers, which the room emit reaches anyway;
 * a new listener of another event adds it here, or it never crosses.
 */
export const heardAcrossNodes = (message: RealtimeMessage): boolean =>
  message.type === "disconnect" || message.event === "image:update" || message.event === "image:deleted" || message.event === "persona:draft";

export function createRealtimeHub(deps: { logger: Logger }): RealtimeHub {
  const deliverers = new Set<(message: RealtimeMessage) => void>();
  const listeners = new Set<(message: RealtimeMessage) => void>();
  const resumeListeners = new Set<() => void>();
  function tell(targets: Set<(message: RealtimeMessage) => void>, message: RealtimeMessage): void {
    for (const target of targets) {
      try {
        target(message);
      } catch (err) {
        deps.logger.error({ err, type: message.type }, "realtime delivery failed");
      }
    }
  }
  function send(message: RealtimeMessage): void {
    // At debug, each message with the request (and job) it came from, so a tab's event can be traced to its cause.
    if (deps.logger.isLevelEnabled("debug")) {
      const about = message.type === "event" ? { event: message.event, userId: message.userId } : { sessions: message.sessionIds.length };
      deps.logger.debug({ ...currentContext(), type: message.type, ...about }, "realtime message");
    }
    // Listeners first: a cache forgets before any other node or tab can act on the news.
    tell(listeners, message);
    tell(deliverers, message);
  }
  return {
    toUser(userId, event, payload) {
      const checked = serverEventSchemas[event].safeParse(payload);
      if (!checked.success) {
        deps.logger.error({ event, issues: checked.error.issues }, "realtime payload does not match its schema; not sent");
        return;
      }
      send({ type: "event", userId, event, payload } as RealtimeMessage);
    },
    disconnectSessions(sessionIds) {
      if (sessionIds.length > 0) send({ type: "disconnect", sessionIds });
    },
    subscribe(deliver) {
      deliverers.add(deliver);
      return () => deliverers.delete(deliver);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onResumed(listener) {
      resumeListeners.add(listener);
      return () => resumeListeners.delete(listener);
    },
    heard(message) {
      const read = readHeard(message);
      if (!read) {
        deps.logger.warn({ type: typeof message === "object" && message !== null && "type" in message ? String(message.type).slice(0, 40) : typeof message }, "realtime message from another node does not match the contract; dropped");
        return;
      }
      tell(listeners, read);
    },
    resumed() {
      for (const listener of resumeListeners) {
        try {
          listener();
        } catch (err) {
          deps.logger.error({ err }, "realtime resume listener failed");
        }
      }
    },
  };
}
