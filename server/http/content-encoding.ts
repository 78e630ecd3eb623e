import type { RequestHandler } from "express";
import { AppError } from "../errors/app-error.ts";
import { hasBody, pathMatcher } from "./body-deadline.ts";

// What the body parsers (express.json and express.raw, both body-parser) inflate. The upload parser reads the bytes
// as they come, so an upload decodes none of them.
const inflatedByParsers = new Set(["gzip", "deflate", "br"]);

/**
 * A body in a Content-Encoding the route does not decode is refused (415) before any handler reads it: a handler
 * that streams the body itself would otherwise take compressed bytes for the real ones. Stacked codings
 * ("gzip, br") are not decoded by anything here either.
 */
export function refuseUndecodedEncoding(uploadPaths: readonly string[]): RequestHandler {
  const isUpload = pathMatcher(uploadPaths);
  return (req, _res, next) => {
    const encoding = req.headers["content-encoding"]?.trim().toLowerCase();
    if (encoding === undefined || encoding === "" || encoding === "identity" || !hasBody(req)) return next();
    if (!inflatedByParsers.has(encoding) || isUpload(req)) {
      throw new AppError("unsupported_media_type:encoding", "Unsupported body encoding: send it uncompressed.");
    }
    next();
  };
}
