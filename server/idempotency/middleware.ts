import { createHash } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, idempotencyKeySchema } from "../../contract/idempotency.ts";
import { AppError } from "../errors/app-error.ts";
import type { Logger } from "../logger.ts";
import type { IdempotencyService } from "./service.ts";
import type { KeyRef } from "./store.ts";

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` are the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "";
}

/** What "the same request" means: method, path with its query, and the parsed body. */
function fingerprintOf(req: Request): string {
  return createHash("sha256").update(`${req.method} ${req.originalUrl}\n${canonical(req.body)}`).digest("hex");
}

/**
 * Runs the route and keeps its answer under the key: a JSON answer below 400 is stored; a refusal (4xx, which
 * changes nothing) or a failure (5xx) lets the key go so a retry runs again; so does any answer that is not JSON
 * (a download, which moves no money).
 */
function keepAnswer(res: Response, service: IdempotencyService, ref: KeyRef, claim: string, logger: Logger): void {
  let settled = false;
  const sendJson = res.json.bind(res);
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  const release = () => service.release(ref, claim).catch((err: unknown) => logger.warn({ err }, "idempotency key not released"));
  res.json = (value: unknown) => {
    if (settled) return sendJson(value);
    settled = true;
    const status = res.statusCode;
    // Stored before it is sent, so a duplicate never finds the key answered-but-unsaved.
    const saved = status < 400 ? service.complete(ref, claim, { status, body: JSON.stringify(value) }) : service.release(ref, claim);
    void saved
      .catch(async (err: unknown) => {
        logger.warn({ err }, "idempotent answer not stored");
        await release();
      })
      .finally(() => sendJson(value))
      .catch((err: unknown) => logger.error({ err }, "idempotent answer not sent"));
    return res;
  };
  res.end = ((...args: unknown[]) => {
    if (!settled) {
      settled = true;
      void release();
    }
    return end(...args);
  }) as Response["end"];
}

/**
 * The `Idempotency-Key` header on a paid or money-moving POST (docs/product/api.md, Idempotent requests). Mount it
 * after the route's body parser. Without the header the route runs as always; a key without a signed-in user is
 * left to the route, which answers 401.
 */
export function idempotencyMiddleware(deps: {
  service: IdempotencyService;
  userOf: (req: Request, res: Response) => Promise<string | undefined>;
  logger: Logger;
}): RequestHandler {
  return async (req, res, next) => {
    const header = req.get(IDEMPOTENCY_KEY_HEADER);
    if (header === undefined) return next();
    const parsed = idempotencyKeySchema.safeParse(header);
    if (!parsed.success) {
      throw new AppError("invalid:idempotency_key", "The Idempotency-Key header must be 8 to 255 letters, digits or - _ . : ~ + / = characters.");
    }
    const userId = await deps.userOf(req, res);
    if (!userId) return next();
    const ref = { userId, key: parsed.data };
    const outcome = await deps.service.begin(ref, fingerprintOf(req));
    switch (outcome.kind) {
      case "run":
        keepAnswer(res, deps.service, ref, outcome.claim, deps.logger);
        return next();
      case "replay":
        res
          .status(outcome.status)
          .set({ "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", [IDEMPOTENT_REPLAYED_HEADER]: "true" })
          .send(outcome.body);
        return;
      case "mismatch":
        throw new AppError("unprocessable:idempotency_key_reused", "This Idempotency-Key was already used for a different request. Use a new key for a new request.");
      case "in-flight":
        throw new AppError("conflict:idempotency_key_in_flight", "A request with this Idempotency-Key is still being processed. Try again in a moment.", undefined, {
          retryAfterSeconds: 1,
        });
    }
  };
}
