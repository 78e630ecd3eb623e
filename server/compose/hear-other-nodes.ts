import { openCrossNodeRealtime } from "../realtime/cross-node.ts";
import type { Services } from "./services.ts";

/**
 * For a process that holds no sockets and runs no Socket.IO server (the Discord bot): its hub's listeners hear what
 * every node publishes, and what its hub publishes (a community poll's vote, say) reaches the web nodes' sockets,
 * through the same channel the nodes share (decision 017). Nothing to open without DATABASE_URL: then this process
 * is the only one (embedded PGlite) and hears its own worker directly.
 */
export async function hearOtherNodesWithoutSockets(services: Pick<Services, "config" | "logger" | "realtime">): Promise<{ close(): Promise<void> } | undefined> {
  const { config, logger, realtime } = services;
  const crossNode = await openCrossNodeRealtime({ databaseUrl: config.databaseUrl, redisUrl: config.redisUrl, logger });
  if (!crossNode) return undefined;
  const member = crossNode.joinWithoutSockets((message) => realtime.heard(message));
  const stopSending = realtime.subscribe((message) => member.send(message));
  crossNode.onResumed(() => realtime.resumed());
  return {
    async close() {
      stopSending();
      await member.close();
      await crossNode.close();
    },
  };
}
