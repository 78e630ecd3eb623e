import { randomBytes } from "node:crypto";
import type { Request, Response } from "express";
import { readCookie } from "../http/cookies.ts";

// `__Host-session` (Secure, no Domain, Path=/) in production; plain `session` over http in development
// (docs/product/accounts.md, Sessions).
export function sessionCookieName(isProduction: boolean): string {
  return isProduction ? "__Host-session" : "session";
}


export function setSessionCookie(res: Response, isProduction: boolean, token: string, expiresAt: Date): void {
  res.cookie(sessionCookieName(isProduction), token, {
    httpOnly: true,
    secure: isProduction,
    sameSite: "lax",
    path: "/",
    expires: expiresAt,
    encode: (v) => v,
  });
}

export function clearSessionCookie(res: Response, isProduction: boolean): void {
  res.clearCookie(sessionCookieName(isProduction), { httpOnly: true, secure: isProduction, sameSite: "lax", path: "/" });
}

// Marks the browser that asked for a sign-in code, so codes are held per requester: a stranger asking for codes for
// someone's address neither replaces nor burns the owner's. Not a secret: it only tells requesters apart.
const requesterCookie = (isProduction: boolean) => (isProduction ? "__Host-otp-requester" : "otp_requester");
const REQUESTER_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** Who asked for (or is verifying) a code: the requester cookie when the browser has one, else the address. */
export function codeRequesters(req: Request, isProduction: boolean, ip: string): { primary: string; all: string[]; cookie: string | undefined } {
  const value = readCookie(req, requesterCookie(isProduction));
  const cookie = value && REQUESTER_PATTERN.test(value) ? value : undefined;
  const byAddress = `ip:${ip}`;
  return cookie ? { primary: `c:${cookie}`, all: [`c:${cookie}`, byAddress], cookie } : { primary: byAddress, all: [byAddress], cookie };
}

/** Gives a browser its requester cookie, for the codes it asks for from now on. */
export function setRequesterCookie(res: Response, isProduction: boolean): void {
  const value = randomBytes(16).toString("base64url");
  res.cookie(requesterCookie(isProduction), value, { httpOnly: true, secure: isProduction, sameSite: "lax", path: "/", maxAge: 30 * 24 * 3600_000 });
}
