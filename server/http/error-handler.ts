import type { IncomingMessage } from "node:http";
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
  const answer = () => {
    if (!res.headersSent) res.status(appError.status).json(errorBody(appError));
  };
  if (appError.status < 500 && unreadBodyWithin(req, DRAIN_MAX_BYTES)) drainThen(req, answer);
  else answer();
};

/**
 * A body up to this size is read to its end before an early answer (401, 413, 415) is sent. Closing a socket with
 * unread bytes in its buffer makes the kernel send a reset, and a reset can arrive before the client has read the
 * answer: the browser then shows a network error instead of "Please sign in". Larger bodies are answered at once.
 */
const DRAIN_MAX_BYTES = 25 * 1024 * 1024;
const DRAIN_MAX_MS = 5_000;

function unreadBodyWithin(req: IncomingMessage, maxBytes: number): boolean {
  if (req.complete || req.readableEnded || req.destroyed) return false;
  const length = Number(req.headers["content-length"] ?? Number.NaN);
  return Number.isFinite(length) && length > 0 && length <= maxBytes;
}

/** Reads what is left of the body into nothing, then answers; a client that stops sending gets the answer anyway. */
function drainThen(req: IncomingMessage, answer: () => void): void {
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    answer();
  };
  const timer = setTimeout(finish, DRAIN_MAX_MS);
  timer.unref();
  req.once("end", finish);
  req.once("close", finish);
  req.once("error", finish);
  req.resume();
}

export const apiNotFound: RequestHandler = (_req, _res, next) => {
  next(new AppError("not_found:route", "No such API endpoint."));
};
