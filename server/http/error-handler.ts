import type { ErrorRequestHandler, RequestHandler } from "express";
import { AppError } from "../errors/app-error.ts";
import { errorBody, toAppError } from "../errors/to-app-error.ts";

/** Maps body-parser failures (they carry `type`) to stable codes. */
function fromBodyParser(err: { type?: unknown; status?: unknown }): AppError | undefined {
  switch (err.type) {
    case "entity.parse.failed":
      return new AppError("invalid:json", "The request body is not valid JSON.");
    case "entity.too.large":
      return new AppError("payload_too_large:body", "The request body is too large.");
    case "encoding.unsupported":
      return new AppError("unsupported_media_type:encoding", "Unsupported body encoding.");
    case "charset.unsupported":
      return new AppError("unsupported_media_type:charset", "Unsupported body charset.");
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

/** Any error an Express request met, as an AppError: body-parser and static-file errors mapped first. */
export const toHttpAppError = (err: unknown): AppError => toAppError(err, fromBodyParser);

/** The single Express error handler: logs causes, never sends stacks or provider/database text. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const appError = toHttpAppError(err);
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
