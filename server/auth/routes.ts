import { type Request, type RequestHandler, type Response, Router } from "express";
import {
  AUTH_PATHS,
  loginRequestSchema,
  sendOtpRequestSchema,
  setPasswordRequestSchema,
  type SignInResponse,
  verifyOtpRequestSchema,
} from "../../contract/auth.ts";
import { AppError } from "../errors/app-error.ts";
import { clearSessionCookie, codeRequesters, setRequesterCookie, setSessionCookie } from "./cookies.ts";
import type { AuthMiddleware } from "./middleware.ts";
import { type AuthService, type SignedIn, toAuthUser } from "./service.ts";

function requireJson(req: Request): void {
  if (!req.is("application/json")) throw new AppError("unsupported_media_type:json", "Send the request as JSON.");
}

const clientIp = (req: Request) => req.ip ?? "unknown";

export function authRoutes(deps: { service: AuthService; auth: AuthMiddleware; isProduction: boolean; jsonBody: RequestHandler }): Router {
  const { service, auth, isProduction, jsonBody } = deps;
  const router = Router();
  const noStore = (res: Response) => res.set("Cache-Control", "no-store");

  function answerSignIn(res: Response, signedIn: SignedIn): void {
    setSessionCookie(res, isProduction, signedIn.sessionToken, signedIn.expiresAt);
    const body: SignInResponse = { user: signedIn.user, sessionToken: signedIn.sessionToken };
    noStore(res).json(body);
  }

  router.post(AUTH_PATHS.sendOtp, jsonBody, async (req, res) => {
    requireJson(req);
    const requesters = codeRequesters(req, isProduction, clientIp(req));
    if (!requesters.cookie) setRequesterCookie(res, isProduction);
    noStore(res).json(await service.sendOtp(sendOtpRequestSchema.parse(req.body), clientIp(req), requesters.primary));
  });

  router.post(AUTH_PATHS.verifyOtp, jsonBody, async (req, res) => {
    requireJson(req);
    const body = verifyOtpRequestSchema.parse(req.body);
    const requesters = codeRequesters(req, isProduction, clientIp(req)).all;
    answerSignIn(res, await service.verifyOtp(body, clientIp(req), requesters, await auth.resolve(req, res)));
  });

  router.post(AUTH_PATHS.login, jsonBody, async (req, res) => {
    // Anything without both fields is 'Invalid login parameters', whatever its shape (docs/product/accounts.md).
    const parsed = loginRequestSchema.safeParse(req.is("application/json") ? req.body : undefined);
    const body = parsed.success ? parsed.data : {};
    answerSignIn(res, await service.login(body, clientIp(req), await auth.resolve(req, res)));
  });

  router.post(AUTH_PATHS.logout, jsonBody, async (req, res) => {
    // The cookie goes whatever happens: a stale one is no use to anybody.
    clearSessionCookie(res, isProduction);
    // Drops this site's HTTP cache in the browser, private image bytes included (server/images/routes.ts).
    res.set("Clear-Site-Data", '"cache"');
    await service.logout(await auth.requireAuth(req, res));
    noStore(res).json({ success: true });
  });

  router.get(AUTH_PATHS.user, async (req, res) => {
    noStore(res).json(toAuthUser((await auth.requireAuth(req, res)).user));
  });

  router.post(AUTH_PATHS.password, jsonBody, async (req, res) => {
    requireJson(req);
    const current = await auth.requireAuth(req, res);
    const body = setPasswordRequestSchema.parse(req.body);
    noStore(res).json(await service.setPassword(current, body, clientIp(req)));
  });

  return router;
}
