import { AppError } from "./app-error.ts";
import { hasCodeInChain } from "./error-chain.ts";

/** Seconds a client is asked to wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// Socket-level failures (Node), postgres.js' own connection errors, and SQLSTATEs PostgreSQL sends while it shuts
// down, restarts, refuses connections or cancels a statement that ran past statement_timeout.
const unavailableCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "57P01", // admin_shutdown: "terminating connection due to administrator command"
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: the server is starting up or shutting down
  "53300", // too_many_connections
  "57014", // query_canceled: statement_timeout
]);

/** True when `err` (or an error it wraps) says the database cannot be reached or answer now. */
export function isDatabaseUnavailable(err: unknown): boolean {
  // Class 08 is "connection exception" (08000, 08003, 08006, …).
  return hasCodeInChain(err, (code) => unavailableCodes.has(code) || /^08[0-9A-Z]{3}$/.test(code));
}

export function databaseUnavailable(cause: unknown): AppError {
  return new AppError("unavailable:database", "We can't reach our database right now. Please try again in a moment.", undefined, {
    cause,
    retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
  });
}
