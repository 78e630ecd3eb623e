import type { ErrorRequestHandler, RequestHandler } from "express";
import { z } from "zod";
import type { ErrorBody } from "../../contract/errors.ts";
import { AppError } from "./app-error.ts";
import { databaseUnavailable, isDatabaseUnavailable } from "./database-unavailable.ts";
import { isUnstorableInput, unstorableInput } from "./unstorable-input.ts";

/** Maps body-parser failures (they carry `type`) to stable codes. */
function fromBodyParser(err: { type?: unknown; status?: unknown }): AppError | undefined {
  switch (err.type) {
    case "entity.parse.failed":
      return new AppError("invalid:json", "The request body is not valid JSON.");
    case "entity.too.large":
      return new AppError("payload_too_large:body", "The request body is too large.");
    case "encoding.unsupported":
    case "charset.unsupported":
      return new AppError("unsupported_media_type:charset", "Unsupported body encoding.");
    default:
      return fromHttpStatus(err.status);
  }
}

/** Errors from Express' own middleware (static files, parsers) carry a 4xx `status`. */
function fromHttpStatus(status: unknown): AppError | undefined {
  if (typeof status !== "number" || status < 400 || status > 499) return undefined;
  if (status === 404) return new AppError("not_found:file", "Not found.");
  if (status === 413) return new AppError("payload_too_large:body", "The request body is too large.");
  if (status === 415) return new AppError("unsupported_media_type:body", "Unsupported content type.");
  return new AppError("invalid:request", "The request could not be understood.");
}

export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  // Both zod and zod/mini (contract/) throw subclasses of $ZodError.
  if (err instanceof z.core.$ZodError) {
    return new AppError(
      "invalid:body",
      "Some fields are missing or invalid.",
      err.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    );
  }
  if (err && typeof err === "object") {
    const mapped = fromBodyParser(err as { type?: unknown; status?: unknown });
    if (mapped) return mapped;
  }
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

/** The single Express error handler: logs causes, never sends stacks or provider/database text. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const appError = toAppError(err);
  if (appError.code === "unavailable:database") req.log?.warn({ err }, "database unavailable");
  else if (appError.status >= 500) req.log?.error({ err }, "request failed");
  if (res.headersSent) {
    res.end();
    return;
  }
  if (appError.retryAfterSeconds !== undefined) res.setHeader("Retry-After", String(appError.retryAfterSeconds));
  res.status(appError.status).json(errorBody(appError));
};

export const apiNotFound: RequestHandler = (_req, _res, next) => {
  next(new AppError("not_found:route", "No such API endpoint."));
};
