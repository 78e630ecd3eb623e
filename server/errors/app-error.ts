import { type ErrorCode, statusForCode } from "../../contract/errors.ts";

/** The one error type services throw; the status follows from the code, the message is safe to show. */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly issues: { path: string; message: string }[] | undefined;
  /** Sent as Retry-After on 429 and 503 answers. */
  readonly retryAfterSeconds: number | undefined;
  constructor(
    code: ErrorCode,
    message: string,
    issues?: { path: string; message: string }[],
    options?: { cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(message, options);
    this.retryAfterSeconds = options?.retryAfterSeconds;
    this.name = "AppError";
    this.code = code;
    this.issues = issues;
    this.status = statusForCode(code);
  }
}
