// /api/health from 127.0.0.2, each request on a fresh connection, while 127.0.0.1 holds 2,000 half-sent connections
// (headers begun, never finished), next to the same requests with nobody holding any; rounds interleaved. The app
// runs as production does, with the default cap of open connections per address.
import { holdHalfSentConnections, timedGet } from "../server/testing/half-sent.ts";
import { median, percentile, startBenchApp } from "./lib.ts";

export async function benchSlowClients(rounds = 5, perRound = 20): Promise<void> {
  const { base, stop } = await startBenchApp("slow-clients");
  const idle: number[] = [];
  const attacked: number[] = [];
  let held = 0;
  const measure = async (into: number[]) => {
    for (let i = 0; i < perRound; i++) {
      const { status, ms } = await timedGet(`${base}/api/health`, "127.0.0.2");
      if (status === 200) into.push(ms);
    }
  };
  try {
    for (let round = 0; round < rounds; round++) {
      await measure(idle);
      const attack = await holdHalfSentConnections(base, 2_000, "127.0.0.1");
      held = await attack.settle(0, 1_000);
      await measure(attacked);
      attack.close();
    }
  } finally {
    await stop();
  }
  const total = rounds * perRound;
  const row = (name: string, ms: number[]) =>
    `| ${name} | ${ms.length}/${total} | ${median(ms).toFixed(2)} | ${percentile(ms, 99).toFixed(1)} | ${(median(ms) / median(idle)).toFixed(2)} |`;
  console.log("\n## GET /api/health from 127.0.0.2 while 127.0.0.1 holds 2,000 half-sent connections");
  console.log("| case | answered | median ms | p99 ms | ratio to idle |");
  console.log("|---|---:|---:|---:|---:|");
  console.log(row("nobody holding connections", idle));
  console.log(row(`2,000 half-sent from 127.0.0.1 (${held} still open after the cap)`, attacked));
}
