// One measurement of bench/subjects.bench.ts in a process of its own, so its peak resident memory is the extractor's
// alone (its worker thread's included, as the app runs it):
// `node bench/subjects-child.ts <photo> <variant> <sessionOptionsJson|default> <runs> <concurrent> [edge]`.
import { readFile } from "node:fs/promises";
import { createLogger } from "../server/logger.ts";
import type { ModelVariant } from "../server/subjects/engine.ts";
import { createSubjectExtractor } from "../server/subjects/engine.ts";
import { MODEL_EDGE, sessionOptions } from "../server/subjects/model-session.ts";

const [photoPath = "", variant = "quint8", optionsJson = "default", runsText = "3", concurrentText = "0", edgeText = String(MODEL_EDGE)] = process.argv.slice(2);
const options = optionsJson === "default" ? sessionOptions : { ...sessionOptions, ...JSON.parse(optionsJson) };
const photo = await readFile(photoPath);
const concurrent = Number(concurrentText);
const extractor = createSubjectExtractor({
  logger: createLogger({ logLevel: "silent", isProduction: false }),
  maxQueue: Math.max(8, concurrent),
  variant: variant as ModelVariant,
  sessionOptions: options,
  edge: Number(edgeText),
});
const loadStarted = performance.now();
await extractor.warmUp();
const warmUpMs = performance.now() - loadStarted;
const runs: number[] = [];
for (let i = 0; i < Number(runsText); i++) {
  const started = performance.now();
  await extractor.extract(photo);
  runs.push(performance.now() - started);
}
let concurrentMs = 0;
let refused = 0;
if (concurrent > 0) {
  const started = performance.now();
  const settled = await Promise.allSettled(Array.from({ length: concurrent }, () => extractor.extract(photo)));
  concurrentMs = performance.now() - started;
  refused = settled.filter((r) => r.status === "rejected").length;
}
await extractor.close();
// maxRSS is in kilobytes: the process's peak since it started, model load included.
console.log(JSON.stringify({ warmUpMs, runs, concurrentMs, refused, maxRssBytes: process.resourceUsage().maxRSS * 1024 }));
