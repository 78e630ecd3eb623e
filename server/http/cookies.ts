import type { Request } from "express";

/** One cookie's value from a Cookie header, URL-decoded; undefined when absent or malformed. */
export function cookieFrom(header: string | undefined, name: string): string | undefined {
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

export const readCookie = (req: Request, name: string): string | undefined => cookieFrom(req.headers.cookie, name);
