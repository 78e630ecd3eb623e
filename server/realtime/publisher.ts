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
}

/**
 * The realtime port: services publish here, and each subscriber delivers. A web node subscribes its Socket.IO
 * server; a worker without sockets publishes all the same, and a cross-node adapter subscribes to carry messages
 * to the nodes that hold the sockets. A payload that does not match its contract schema is a bug: logged, never sent.
 */
export function createRealtimeHub(deps: { logger: Logger }): RealtimeHub {
  const deliverers = new Set<(message: RealtimeMessage) => void>();
  function send(message: RealtimeMessage): void {
    // At debug, each message with the request (and job) it came from, so a tab's event can be traced to its cause.
    if (deps.logger.isLevelEnabled("debug")) {
      const about = message.type === "event" ? { event: message.event, userId: message.userId } : { sessions: message.sessionIds.length };
      deps.logger.debug({ ...currentContext(), type: message.type, ...about }, "realtime message");
    }
    for (const deliver of deliverers) {
      try {
        deliver(message);
      } catch (err) {
        deps.logger.error({ err, type: message.type }, "realtime delivery failed");
      }
    }
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
  };
}
