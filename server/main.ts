import { ConfigError, loadConfig } from "./config.ts";
import { createLogger } from "./logger.ts";
import { packageVersion, startServer } from "./start-server.ts";

let config;
try {
  config = loadConfig(process.env, packageVersion);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`Thumbforge cannot start.\n${err.message}\nSee .env.example for every setting.`);
    process.exit(1);
  }
  throw err;
}

const logger = createLogger(config);
const server = await startServer(config, logger).catch((err: unknown) => {
  logger.fatal({ err }, "start-up failed");
  process.exit(1);
});

logger.info(
  { port: server.port, database: server.database.kind, url: `http://localhost:${server.port}` },
  `Thumbforge is ready at http://localhost:${server.port}`,
);

if (server.mailKind === "dev-mailbox") {
  logger.info(
    { mailbox: `http://localhost:${server.port}/dev/mailbox` },
    `Sign-in codes are not mailed (no SMTP_URL): read them at http://localhost:${server.port}/dev/mailbox, from this machine only`,
  );
}

let shuttingDown = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  });
}
