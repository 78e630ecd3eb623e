import { startNode, packageVersion } from "./compose/start-node.ts";
import { ConfigError, loadConfig, startWarnings } from "./config.ts";
import { createLogger } from "./logger.ts";

let config;
try {
  // `npm run worker` is this file with --role=worker: the same build in the job role, whatever ROLE says.
  const roleArgument = process.argv.find((arg) => arg.startsWith("--role="))?.slice("--role=".length);
  config = loadConfig(roleArgument ? { ...process.env, ROLE: roleArgument } : process.env, packageVersion);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`Thumbforge cannot start.\n${err.message}\nSee .env.example for every setting.`);
    process.exit(1);
  }
  throw err;
}

const logger = createLogger(config);
for (const warning of startWarnings(config)) logger.warn(warning);
const node = await startNode(config, logger).catch((err: unknown) => {
  logger.fatal({ err }, "start-up failed");
  process.exit(1);
});

if (!node.web) {
  logger.info(
    { role: node.role, port: node.port, database: node.database.kind, kinds: node.worker?.jobs.kinds },
    `Thumbforge worker is ready and running jobs (health at http://localhost:${node.port}/api/health)`,
  );
} else {
  logger.info(
    { role: node.role, port: node.port, database: node.database.kind, url: `http://localhost:${node.port}` },
    `Thumbforge is ready at http://localhost:${node.port}`,
  );
  if (node.services.mailer.kind === "dev-mailbox") {
    logger.info(
      { mailbox: `http://localhost:${node.port}/dev/mailbox` },
      `Sign-in codes are not mailed (no SMTP_URL): read them at http://localhost:${node.port}/dev/mailbox, from this machine only`,
    );
  }
}

// A promise some library dropped (a cache or pub/sub client losing its server) is logged, not fatal: one lost
// connection must not end every request this process is serving.
process.on("unhandledRejection", (err) => logger.error({ err }, "unhandled rejection"));

let shuttingDown = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    node.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  });
}
