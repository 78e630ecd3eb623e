import { pino, type Logger } from "pino";
import type { Config } from "./config.ts";

export type { Logger };

export function createLogger(config: Pick<Config, "logLevel" | "isProduction">): Logger {
  return pino({
    level: config.logLevel,
    // Secrets must never reach the log, whatever a future log line includes.
    redact: ["req.headers.cookie", "req.headers.authorization", 'req.headers["x-session-token"]', "password", "code"],
  });
}
