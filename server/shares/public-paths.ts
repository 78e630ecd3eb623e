import type { RequestHandler } from "express";

/** A share's token in a URL: the page and its images (`/s/<token>…`) and the visitor's API (`/api/s/<token>…`). */
const TOKEN_IN_URL = /^(\/api)?\/s\/[^/?#]+/;

/** A URL as it may be logged: a share link's token is a live secret, so it becomes `:token` (decision 043). */
export const urlWithoutShareToken = (url: string): string => url.replace(TOKEN_IN_URL, (_match, api: string | undefined) => `${api ?? ""}/s/:token`);

/** Whether a path is one a visitor of a share reaches: its page, images and API. */
const isSharePath = (path: string): boolean => path === "/api/s" || path.startsWith("/api/s/") || path.startsWith("/s/");

/** Nothing of a share is kept by a browser or a proxy, and no search engine lists it (decision 043). */
export const PRIVATE_NOINDEX = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "no-referrer" };

/**
 * Sets PRIVATE_NOINDEX before anything answers a share's path, so its errors (404, 429, a database outage's 503) carry
 * it too, not only the answers its handlers write.
 */
export const sharePrivacyHeaders: RequestHandler = (req, res, next) => {
  if (isSharePath(req.path)) res.set(PRIVATE_NOINDEX);
  next();
};
