import { type DestinationStream, pino, type Logger } from "pino";
import type { Config } from "./config.ts";

export type { Logger };

/**
 * A webhook's or an interaction's token inside a Discord address (`/webhooks/<app>/<token>`,
 * `/interactions/<id>/<token>/callback`): whoever holds it may post as the bot for 15 minutes.
 */
const DISCORD_TOKEN_IN_PATH = /(\/(?:webhooks|interactions)\/[^/\s?#]+\/)[^/\s?#]+/g;
const REDACTED = "[Redacted]";

/** How deep an error's causes are followed: far more than any real chain, and a cycle cannot run away. */
const MAX_DEPTH = 5;

/**
 * A logged error without what an HTTP client's error carries of its request: the body, tokens in the address, and
 * bytes anywhere (named by their size).
 */
function scrubbed(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return value.replace(DISCORD_TOKEN_IN_PATH, `$1${REDACTED}`);
  if (value instanceof Uint8Array) return `[${value.byteLength} bytes]`;
  if (value === null || typeof value !== "object" || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => scrubbed(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    // discord.js's errors keep the request's body (attached files are the images' bytes); it has no place in a log.
    if (key !== "requestBody") out[key] = scrubbed(field, depth + 1);
  }
  return out;
}

/** pino's error serializer (message, stack, the error's own fields), then scrubbed. Applies to every `err` logged. */
export function serializeError(err: unknown): unknown {
  return scrubbed(err instanceof Error ? pino.stdSerializers.err(err) : err);
}

export function createLogger(config: Pick<Config, "logLevel" | "isProduction">, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      // Secrets must never reach the log, whatever a future log line includes.
      redact: ["req.headers.cookie", "req.headers.authorization", 'req.headers["x-session-token"]', "password", "code"],
      serializers: { err: serializeError },
    },
    destination,
  );
}
