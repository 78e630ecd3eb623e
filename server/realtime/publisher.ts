import { type ServerEventName, type ServerEventPayload, serverEventSchemas } from "../../contract/realtime.ts";
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

export interface RealtimeHub extends RealtimePublisher {
  /** Adds a deliverer (the Socket.IO server, a cross-node relay, a test); returns its removal. */
  subscribe(deliver: (message: RealtimeMessage) => void): () => void;
  /**
   * Adds a listener on this node (a cache): told of every message published here and of those `heard` from other
   * nodes; returns its removal.
   */
  listen(listener: (message: RealtimeMessage) => void): () => void;
  /** A message another node published, as its cross-node carrier brings it: told to the listeners, delivered nowhere. */
  heard(message: RealtimeMessage): void;
}

/** What this node's caches must hear from every node: ended sessions and deleted images. */
export const concernsCaches = (message: RealtimeMessage): boolean => message.type === "disconnect" || message.event === "image:deleted";

/**
 * The realtime port: services publish here, and each subscriber delivers. A web node subscribes its Socket.IO
 * server; a worker without sockets publishes all the same, and a cross-node adapter subscribes to carry messages
 * to the nodes that hold the sockets. A payload that does not match its contract schema is a bug: logged, never sent.
 */
export function createRealtimeHub(deps: { logger: Logger }): RealtimeHub {
  const deliverers = new Set<(message: RealtimeMessage) => void>();
  const listeners = new Set<(message: RealtimeMessage) => void>();
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
    heard(message) {
      tell(listeners, message);
    },
  };
}
