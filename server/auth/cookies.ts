import type { Request, Response } from "express";

// DESIGN.md §4: `__Host-session` (Secure, no Domain, Path=/) in production; plain `session` over http in development.
export function sessionCookieName(isProduction: boolean): string {
  return isProduction ? "__Host-session" : "session";
}

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
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
