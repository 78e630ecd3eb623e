/**
 * Whether `err`, or an error it wraps through `cause` (Drizzle wraps the driver's), carries a `code` that `matches`.
 * Bounded, so a cause cycle cannot loop.
 */
export function hasCodeInChain(err: unknown, matches: (code: string) => boolean): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && matches(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
