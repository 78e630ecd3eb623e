import { sessionRoom, userRoom } from "../../contract/realtime.ts";
import { cookieFrom } from "../http/cookies.ts";
import { isSameOrigin } from "./origin.ts";
import type { Sessions } from "./sessions.ts";
import { isDatabaseUnavailable } from "../errors/database-unavailable.ts";
import type { SocketServer } from "../http/socket-server.ts";

/**
 * docs/product/realtime.md: a handshake authenticates with the session cookie or token (`auth.token` or
 * `x-session-token`) and, from a browser, must come from this site; each socket then joins `user:<id>` and
 * `session:<id>`. Failures reach the client as connect_error with the error code as its message.
 */
export function authenticateSockets(io: SocketServer, deps: { sessions: Sessions; cookieName: string; publicUrl: string | undefined }): void {
  io.use(async (socket, next) => {
    try {
      const { headers, auth } = socket.handshake;
      if (headers.origin && !isSameOrigin(headers.origin, headers.host, deps.publicUrl)) {
        next(new Error("forbidden:origin"));
        return;
      }
      const fromAuth = typeof auth?.token === "string" ? auth.token : undefined;
      const fromHeader = typeof headers["x-session-token"] === "string" ? headers["x-session-token"] : undefined;
      const valid = await deps.sessions.validate(fromAuth || fromHeader || cookieFrom(headers.cookie, deps.cookieName));
      if (!valid) {
        next(new Error("unauthorized:session"));
        return;
      }
      socket.data.userId = valid.user.id;
      socket.data.sessionId = valid.session.id;
      await socket.join([userRoom(valid.user.id), sessionRoom(valid.session.id)]);
      next();
    } catch (err) {
      // The client retries on its own; the code tells it the database, not its session, is the problem.
      next(new Error(isDatabaseUnavailable(err) ? "unavailable:database" : "internal:socket"));
    }
  });
}
