import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";
import { AppError } from "../errors/app-error.ts";

// A host name (letters, digits, dots, hyphens, underscores as container names have), an IPv4 address or a bracketed
// IPv6 address, and an optional port. Anything else is not a Host a client could have meant.
const HOST = /^(?:[A-Za-z0-9._~-]+|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;

export function isValidHost(host: string): boolean {
  const match = HOST.exec(host);
  if (!match) return false;
  const port = match[1];
  return port === undefined || Number(port) <= 65_535;
}

/**
 * HTTP/1.1 wants a 400 for an invalid Host, and for more than one Host line (RFC 9112 §3.2): Node keeps the first
 * of several, while a proxy in front may have routed by another. Refused before anything reads it, so no handler has
 * to cope with one; nothing builds a URL from it either (absolute URLs come from PUBLIC_URL alone). Node itself
 * answers a missing Host on HTTP/1.1; an HTTP/1.0 request without one passes.
 */
export const rejectMalformedHost: RequestHandler = (req, _res, next) => {
  if (!isAcceptableHost(req)) throw new AppError("invalid:host", "The Host header is not valid.");
  next();
};

/** One Host line, and a valid one (or none, as HTTP/1.0 may send). */
export function isAcceptableHost(req: IncomingMessage): boolean {
  const host = req.headers.host;
  return host === undefined || (isValidHost(host) && (req.headersDistinct.host?.length ?? 0) <= 1);
}
