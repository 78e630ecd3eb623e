import { sessionRoom, userRoom } from "../../contract/realtime.ts";
import { cookieFrom } from "../http/cookies.ts";
import { isSameOrigin } from "./origin.ts";
import type { Sessions } from "./sessions.ts";
import { isDatabaseUnavailable } from "../errors/database-unavailable.ts";
import type { SocketServer } from "../http/socket-server.ts";
import type { Logger } from "../logger.ts";

/**
 * docs/product/realtime.md: a handshake authenticates with the session cookie or token (`auth.token` or
 * `x-session-token`) and, from a browser, must come from this site; each socket then joins `user:<id>` and
 * `session:<id>`. Failures reach the client as connect_error with the error code as its message.
 * Each connection's log lines carry its socket id (`socketId`), its one id across handshake, events and disconnect.
 */
export function authenticateSockets(io: SocketServer, deps: { sessions: Sessions; cookieName: string; publicUrl: string | undefined; logger: Logger }): void {
  io.use(async (socket, next) => {
    const refuse = (code: string) => {
      // A stale session or a foreign page is the client's business, not an incident: debug only.
      deps.logger.debug({ socketId: socket.id, code }, "socket refused");
      next(new Error(code));
    };
    try {
      const { headers, auth } = socket.handshake;
      if (headers.origin && !isSameOrigin(headers.origin, headers.host, deps.publicUrl)) {
        refuse("forbidden:origin");
        return;
      }
      const fromAuth = typeof auth?.token === "string" ? auth.token : undefined;
      const fromHeader = typeof headers["x-session-token"] === "string" ? headers["x-session-token"] : undefined;
      const valid = await deps.sessions.validate(fromAuth || fromHeader || cookieFrom(headers.cookie, deps.cookieName));
      if (!valid) {
        refuse("unauthorized:session");
        return;
      }
      socket.data.userId = valid.user.id;
      socket.data.sessionId = valid.session.id;
      await socket.join([userRoom(valid.user.id), sessionRoom(valid.session.id)]);
      deps.logger.debug({ socketId: socket.id, userId: valid.user.id }, "socket connected");
      socket.once("disconnect", (reason) => deps.logger.debug({ socketId: socket.id, userId: valid.user.id, reason }, "socket disconnected"));
      next();
    } catch (err) {
      // The client retries on its own; the code tells it the database, not its session, is the problem.
      const unavailable = isDatabaseUnavailable(err);
      if (unavailable) deps.logger.warn({ err, socketId: socket.id }, "socket handshake: database unavailable");
      else deps.logger.error({ err, socketId: socket.id }, "socket handshake failed");
      next(new Error(unavailable ? "unavailable:database" : "internal:socket"));
    }
  });
}
