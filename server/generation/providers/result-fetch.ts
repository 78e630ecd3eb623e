import type { AppError } from "../../errors/app-error.ts";
import { malformed, unavailable } from "./provider-errors.ts";

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
}

export interface GuardedFetchOptions {
  /** Bare hosts (`fal.media`) are reached over https only; an origin (`http://127.0.0.1:8080`) allows exactly it. */
  allowedHosts: readonly string[];
  /** Limits for result downloads (by default ≤ 20 MB, 30 s). */
  result: FetchLimits;
  /** The provider's own API (its configured base URL), reached with its own limits: generation can take a minute. */
  api?: FetchLimits & { origin: string };
  /** The underlying fetch; tests never need another one, they point base URLs at a local server. */
  fetch?: typeof globalThis.fetch;
}

/**
 * The fetch handed to the AI SDK provider factories (docs/product/images.md, Models): only allow-listed hosts, no
 * redirects, a size cap that holds while the body streams, and a timeout joined with the caller's signal. Refusals are
 * AppErrors so they survive the SDK's wrapping as an error cause.
 */
export function createGuardedFetch(options: GuardedFetchOptions): typeof globalThis.fetch {
  const baseFetch = options.fetch ?? globalThis.fetch;
  const guarded = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input);
    const limits = limitsFor(url, options);
    if (limits === undefined) throw malformed(new Error(`Host ${url.host} is not an allowed result host`));
    const callerSignal = init?.signal ?? (input instanceof Request ? input.signal : undefined) ?? undefined;
    const timeout = AbortSignal.timeout(limits.timeoutMs);
    const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
    let response: Response;
    try {
      response = await baseFetch(input, { ...init, signal, redirect: "manual" });
    } catch (err) {
      throw classifyAbort(err, timeout, callerSignal);
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      throw malformed(new Error(`Provider answered ${response.status} redirect from ${url.host}; redirects are not followed`));
    }
    const declared = Number(response.headers.get("content-length"));
    if (Number.isFinite(declared) && declared > limits.maxBytes) {
      await response.body?.cancel();
      throw tooLarge(limits.maxBytes);
    }
    if (response.body === null) return response;
    const body = limitBody(response.body, limits.maxBytes, (err) => classifyAbort(err, timeout, callerSignal));
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  return guarded as typeof globalThis.fetch;
}

function limitsFor(url: URL, options: GuardedFetchOptions): FetchLimits | undefined {
  if (options.api !== undefined && url.origin === new URL(options.api.origin).origin) return options.api;
  const allowed = options.allowedHosts.some((entry) =>
    entry.includes("://") ? new URL(entry).origin === url.origin : url.protocol === "https:" && entry.toLowerCase() === url.host,
  );
  return allowed ? options.result : undefined;
}

/** Counts bytes as they arrive and stops the download past the cap, whatever Content-Length claimed. */
function limitBody(
  source: ReadableStream<Uint8Array>,
  maxBytes: number,
  classify: (err: unknown) => unknown,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let total = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        total += value.byteLength;
        if (total > maxBytes) {
          await reader.cancel();
          return controller.error(tooLarge(maxBytes));
        }
        controller.enqueue(value);
      } catch (err) {
        controller.error(classify(err));
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/** The caller's abort stays an abort; our own timeout becomes "provider not answering". */
function classifyAbort(err: unknown, timeout: AbortSignal, callerSignal: AbortSignal | undefined): unknown {
  if (callerSignal?.aborted) return err;
  if (timeout.aborted) return unavailable(err);
  return err;
}

function tooLarge(maxBytes: number): AppError {
  return malformed(new Error(`Provider answer is larger than ${maxBytes} bytes`));
}
