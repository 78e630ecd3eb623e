import type { Request, RequestHandler, Response } from "express";
import { SESSION_TOKEN_HEADER } from "../../contract/auth.ts";
import { AppError } from "../errors/app-error.ts";
import { readCookie } from "../http/cookies.ts";
import { sessionCookieName } from "./cookies.ts";
import { isCrossSiteRequest } from "./origin.ts";
import type { Sessions, ValidSession, Viewer } from "./sessions.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const resolved = Symbol("auth");

type Locals = Record<symbol, Promise<ValidSession | undefined> | undefined>;

export function createAuthMiddleware(deps: { sessions: Sessions; isProduction: boolean; publicUrl: string | undefined }) {
  const cookieName = sessionCookieName(deps.isProduction);

  /** The session from `x-session-token` or the cookie (either authenticates: docs/product/accounts.md); memoised. */
  function resolve(req: Request, res: Response): Promise<ValidSession | undefined> {
    const locals = res.locals as Locals;
    const token = req.get(SESSION_TOKEN_HEADER) || readCookie(req, cookieName);
    locals[resolved] ??= deps.sessions.validate(token);
    return locals[resolved];
  }

  /** Routes call this to get the signed-in user or answer 401. */
  async function requireAuth(req: Request, res: Response): Promise<ValidSession> {
    const auth = await resolve(req, res);
    if (!auth) throw new AppError("unauthorized:session", "Please sign in.");
    return auth;
  }

  /** Who asks, or 401, for routes that need only that (image bytes): cheaper than requireAuth (Sessions.viewer). */
  async function requireViewer(req: Request): Promise<Viewer> {
    const viewer = await deps.sessions.viewer(req.get(SESSION_TOKEN_HEADER) || readCookie(req, cookieName));
    if (!viewer) throw new AppError("unauthorized:session", "Please sign in.");
    return viewer;
  }

  /**
   * Cookies ride along on cross-site requests, so a state change authenticated by the cookie alone must come from
   * this origin (docs/product/accounts.md, Sessions). A custom header cannot be sent cross-site without CORS, which we
   * never allow.
   */
  const sameOriginForCookies: RequestHandler = (req, _res, next) => {
    if (SAFE_METHODS.has(req.method) || req.get(SESSION_TOKEN_HEADER) || readCookie(req, cookieName) === undefined) return next();
    const crossSite = isCrossSiteRequest(
      { secFetchSite: req.get("sec-fetch-site"), origin: req.get("origin"), host: req.get("host") },
      deps.publicUrl,
    );
    if (crossSite) throw new AppError("forbidden:origin", "This request must come from the Thumbforge site.");
    next();
  };

  return { resolve, requireAuth, requireViewer, sameOriginForCookies, cookieName };
}

export type AuthMiddleware = ReturnType<typeof createAuthMiddleware>;
