import { z } from "zod";
import type { ErrorBody } from "../../contract/errors.ts";
import { AppError } from "./app-error.ts";
import { databaseUnavailable, isDatabaseUnavailable } from "./database-unavailable.ts";
import { isUnstorableInput, unstorableInput } from "./unstorable-input.ts";

/**
 * Any thrown value as the AppError a customer may read: refused input keeps its issues, a database outage is a 503,
 * and anything unexpected becomes `internal:unexpected` with the original kept as its cause (logged, never sent).
 * HTTP, the socket handshake and the job runner all map errors here.
 */
export function toAppError(err: unknown, fromTransport?: (err: object) => AppError | undefined): AppError {
  if (err instanceof AppError) return err;
  // Both zod and zod/mini (contract/) throw subclasses of $ZodError.
  if (err instanceof z.core.$ZodError) {
    return new AppError(
      "invalid:body",
      "Some fields are missing or invalid.",
      err.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    );
  }
  const mapped = err && typeof err === "object" ? fromTransport?.(err) : undefined;
  if (mapped) return mapped;
  // A database outage is not a bug: the client hears 503 with Retry-After, and the app reconnects on its own.
  if (isDatabaseUnavailable(err)) return databaseUnavailable(err);
  if (isUnstorableInput(err)) return unstorableInput(err);
  return new AppError("internal:unexpected", "Something went wrong on our side. Please try again.", undefined, {
    cause: err,
  });
}

export function errorBody(err: AppError): ErrorBody {
  return err.issues ? { error: err.message, code: err.code, issues: err.issues } : { error: err.message, code: err.code };
}
