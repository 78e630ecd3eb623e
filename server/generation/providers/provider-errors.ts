import { APICallError, NoImageGeneratedError, RetryError } from "ai";
import { AppError } from "../../errors/app-error.ts";

// Messages are ours and safe to show; what the provider said travels only as the cause, for the log
// (docs/product/api.md, Errors).

export function unavailable(cause: unknown): AppError {
  return new AppError("unavailable:provider", "The image provider is not answering. Please try again.", undefined, { cause });
}

export function malformed(cause: unknown): AppError {
  return new AppError("unprocessable:provider", "The image provider sent back something that is not a usable image.", undefined, {
    cause,
  });
}

export function refused(cause: unknown): AppError {
  return new AppError(
    "unprocessable:provider_refused",
    "The image provider declined this request. Try a different prompt or image.",
    undefined,
    { cause },
  );
}

/** Words providers use when a safety system blocks a prompt or an image (OpenAI, BFL, fal, Replicate, Gemini). */
const refusalPattern = /moderat|safety|content[ _-]?(policy|filter)|nsfw|prohibited|blocklist|refus|flagged/i;

/** HTTP statuses that say the provider (or our account with it) is the problem, not the request. */
const providerSideStatuses = new Set([401, 402, 403, 404, 408, 409, 425, 429]);

/**
 * Turns whatever the AI SDK or the guarded fetch threw into an AppError, except the caller's own abort, which
 * stays an abort so the job can tell "cancelled" from "failed".
 */
export function toProviderError(err: unknown, signal: AbortSignal | undefined): unknown {
  if (signal?.aborted) return signal.reason ?? err;
  const own = findInChain(err, (e) => e instanceof AppError);
  if (own !== undefined) return own;
  if (isAbortLike(err)) return unavailable(err);
  const apiError = findInChain(err, (e) => APICallError.isInstance(e));
  if (apiError !== undefined && APICallError.isInstance(apiError)) return fromApiCallError(apiError, err);
  if (NoImageGeneratedError.isInstance(err)) return refusalPattern.test(finishReasons(err)) ? refused(err) : malformed(err);
  if (err instanceof Error && /^AI_(InvalidResponseData|JSONParse|TypeValidation)Error$/.test(err.name)) return malformed(err);
  return unavailable(err);
}

function fromApiCallError(apiError: APICallError, err: unknown): AppError {
  const status = apiError.statusCode;
  if (status === undefined || status >= 500 || providerSideStatuses.has(status)) return unavailable(err);
  if (status >= 400) return refusalPattern.test(apiError.responseBody ?? apiError.message) ? refused(err) : malformed(err);
  // A 2xx whose body the SDK could not read: a malformed answer.
  return malformed(err);
}

function isAbortLike(err: unknown): boolean {
  return err instanceof Error && (err.name === "AbortError" || err.name === "TimeoutError");
}

/** Walks `cause` links and RetryError's collected errors, nearest first. */
function findInChain(err: unknown, test: (e: unknown) => boolean): unknown {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === undefined || current === null || seen.has(current)) continue;
    seen.add(current);
    if (test(current)) return current;
    if (RetryError.isInstance(current)) queue.push(...current.errors);
    if (current instanceof Error) queue.push(current.cause);
  }
  return undefined;
}

/** Gemini reports a blocked image as a finish reason (IMAGE_SAFETY, PROHIBITED_CONTENT…) with no image. */
function finishReasons(err: NoImageGeneratedError): string {
  const reasons = (err.calls ?? []).flatMap((call) =>
    Object.values(call.providerMetadata ?? {}).map((metadata) => (metadata as { finishReason?: unknown }).finishReason),
  );
  return reasons.filter((reason) => typeof reason === "string").join(" ");
}
