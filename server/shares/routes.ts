import { randomBytes } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { pipeline } from "node:stream/promises";
import { type Request, type RequestHandler, type Response, Router } from "express";
import { z } from "zod";
import type { Language } from "../../contract/languages.ts";
import {
  type CreateShareResponse,
  createShareRequestSchema,
  PUBLIC_SHARE_API_PATH,
  type PublicShareResponse,
  publicShareApiPath,
  SHARE_TOKEN_PATTERN,
  shareImageVariants,
  type ShareListResponse,
  shareListQuerySchema,
  sharePagePath,
  type ShareResponse,
  SHARES_PATH,
  type ShareVoteResponse,
  shareVoteRequestSchema,
} from "../../contract/shares.ts";
import type { AuthMiddleware } from "../auth/middleware.ts";
import { AppError } from "../errors/app-error.ts";
import { clientKey } from "../http/client-address.ts";
import { readCookie } from "../http/cookies.ts";
import { goneShareHtml, plainShareHtml, sharePageHtml } from "./page-html.ts";
import { PRIVATE_NOINDEX } from "./public-paths.ts";
import type { ShareService } from "./service.ts";

const missingShare = () => new AppError("not_found:share", "This link does not exist, has expired or was revoked.");
const tokenSchema = z.string().regex(SHARE_TOKEN_PATTERN);
const idSchema = z.uuid();
const variantSchema = z.enum(shareImageVariants);

/** A malformed token is answered like a revoked one: the one 404, and nothing malformed reaches SQL. */
function tokenOf(req: Request): string {
  const parsed = tokenSchema.safeParse(req.params.token);
  if (!parsed.success) throw missingShare();
  return parsed.data;
}

/**
 * A browser's voter id: random, httpOnly, SameSite=Lax and sent only to its share's API path, so it identifies a
 * browser to one share and to nothing else (decision 043).
 */
const voterCookieName = (isProduction: boolean) => (isProduction ? "__Secure-share_voter" : "share_voter");
const VOTER_PATTERN = /^[A-Za-z0-9_-]{22}$/;

function voterOf(req: Request, isProduction: boolean): string | undefined {
  const value = readCookie(req, voterCookieName(isProduction));
  return value && VOTER_PATTERN.test(value) ? value : undefined;
}


export interface ShareRoutesDeps {
  auth: AuthMiddleware;
  shares: ShareService;
  jsonBody: RequestHandler;
  isProduction: boolean;
  publicUrl: string | undefined;
  /** The web app's shell in a language (undefined when the web app is not built). */
  shellHtml(language: Language): string | undefined;
  /** The language a page is served in (the visitor's cookie, else the browser's). */
  languageOf(headers: IncomingHttpHeaders): Language;
}

/** Share links (docs/product/sharing.md): the owner's API, and the visitor's page, data, image bytes and votes. */
export function shareRoutes(deps: ShareRoutesDeps): Router {
  const { auth, shares } = deps;
  const router = Router();

  router.post(SHARES_PATH, deps.jsonBody, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const body: CreateShareResponse = await shares.create(user.id, createShareRequestSchema.parse(req.body));
    res.set("Cache-Control", "no-store").status(201).json(body);
  });

  router.get(SHARES_PATH, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const { kind, targetId } = shareListQuerySchema.parse(req.query);
    const body: ShareListResponse = { shares: await shares.list(user.id, kind, targetId) };
    res.set("Cache-Control", "no-store").json(body);
  });

  router.post(`${SHARES_PATH}/:id/revoke`, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const id = idSchema.safeParse(req.params.id);
    if (!id.success) throw missingShare();
    const body: ShareResponse = { share: await shares.revoke(user.id, id.data) };
    res.set("Cache-Control", "no-store").json(body);
  });

  /** Gives this browser its voter id for one share: sent back only to that share's API path. */
  function setVoterCookie(res: Response, token: string, voter: string): void {
    res.cookie(voterCookieName(deps.isProduction), voter, {
      httpOnly: true,
      secure: deps.isProduction,
      sameSite: "lax",
      path: publicShareApiPath(token),
      maxAge: 365 * 86_400_000,
    });
  }
  const newVoter = () => randomBytes(16).toString("base64url");

  // The page's data gives the browser its voter id, so its first vote already carries it: two quick votes (or two
  // tabs) of one browser are one voter's, the second changing the first.
  router.get(`${PUBLIC_SHARE_API_PATH}/:token`, async (req, res) => {
    const token = tokenOf(req);
    const known = voterOf(req, deps.isProduction);
    const body: PublicShareResponse = await shares.page(token, known);
    if (body.voting && !known) setVoterCookie(res, token, newVoter());
    res.set(PRIVATE_NOINDEX).json(body);
  });

  router.post(`${PUBLIC_SHARE_API_PATH}/:token/vote`, deps.jsonBody, async (req, res) => {
    const token = tokenOf(req);
    const { imageId } = shareVoteRequestSchema.parse(req.body);
    const known = voterOf(req, deps.isProduction);
    const voter = known ?? newVoter();
    // Per client (an IPv6 /64 is one), so walking through a subscriber's addresses does not multiply the limit.
    const body: ShareVoteResponse = await shares.vote(token, imageId, voter, clientKey(req.ip));
    if (!known) setVoterCookie(res, token, voter);
    res.set(PRIVATE_NOINDEX).json(body);
  });

  // Under the share's own path, checked against the link on every request: revoking stops them at once, on every node.
  router.get("/s/:token/images/:imageId/:variant", async (req, res) => {
    const token = tokenOf(req);
    const imageId = idSchema.safeParse(req.params.imageId);
    const variant = variantSchema.safeParse(req.params.variant);
    if (!imageId.success || !variant.success) throw missingShare();
    const file = await shares.imageBytes(token, imageId.data, variant.data);
    res.set({
      ...PRIVATE_NOINDEX,
      "Content-Type": file.contentType,
      "Content-Length": String(file.size),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    });
    if (Buffer.isBuffer(file.body)) {
      res.end(file.body);
      return;
    }
    await pipeline(file.body, res).catch(() => undefined);
  });

  // The page is the web app; the server writes its link preview and noindex, since crawlers run no script.
  router.get("/s/:token", async (req, res, next) => {
    const language = deps.languageOf(req.headers);
    const shell = deps.shellHtml(language);
    if (!shell) return next();
    const token = tokenSchema.safeParse(req.params.token);
    // The headers only once the answer is known: an error must not go out as HTML-labelled JSON.
    const html = (status: number, body: string) => res.status(status).set({ ...PRIVATE_NOINDEX, "Content-Type": "text/html; charset=utf-8" }).send(body);
    try {
      if (!token.success) throw missingShare();
      const card = await shares.card(token.data);
      html(200, sharePageHtml(shell, language, { ...card, pagePath: sharePagePath(token.data) }, deps.publicUrl));
    } catch (err) {
      if (err instanceof AppError && err.code === "not_found:share") {
        html(404, goneShareHtml(shell, language));
        return;
      }
      // A database outage or any other failure: the page itself, which loads its data and offers to try again.
      req.log.warn({ err }, "share page card failed");
      html(503, plainShareHtml(shell, language));
    }
  });

  return router;
}
