import { AppError } from "./app-error.ts";
import { hasCodeInChain } from "./error-chain.ts";

// SQLSTATEs for values PostgreSQL cannot take as given: a NUL byte or a character the encoding lacks (22021,
// 22P05), and a date past its range (22008). Routes validate these first; this is the net behind them, so input
// that slips through is the client's 400, not our 500.
const codes = new Set(["22021", "22P05", "22008"]);

export function isUnstorableInput(err: unknown): boolean {
  return hasCodeInChain(err, (code) => codes.has(code));
}

export function unstorableInput(cause: unknown): AppError {
  return new AppError("invalid:value", "Some of the values sent cannot be used (a NUL character, or a date out of range).", undefined, { cause });
}
