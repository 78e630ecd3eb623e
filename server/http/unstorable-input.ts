import { AppError } from "./app-error.ts";

// SQLSTATEs for values PostgreSQL cannot take as given: a NUL byte or a character the encoding lacks (22021,
// 22P05), and a date past its range (22008). Routes validate these first; this is the net behind them, so input
// that slips through is the client's 400, not our 500.
const codes = new Set(["22021", "22P05", "22008"]);

export function isUnstorableInput(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && codes.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export function unstorableInput(cause: unknown): AppError {
  return new AppError("invalid:value", "Some of the values sent cannot be used (a NUL character, or a date out of range).", undefined, { cause });
}
