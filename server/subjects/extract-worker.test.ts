// The extraction worker against the same pipeline on the calling thread, with the real ISNet model on a fixture.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "../errors/app-error.ts";
import { createLogger } from "../logger.ts";
import { createSubjectExtractor, type Extraction } from "./engine.ts";
import { openIsnetModel } from "./model-session.ts";

const RUN = 240_000;
const logger = createLogger({ logLevel: "silent", isProduction: false });
const scratch = mkdtempSync(join(tmpdir(), "tf-extract-worker-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * The real extraction worker, plus a listener that kills its thread when a photo's bytes are "crash": an exception
 * outside any job's handling, as a fault in a native callback or a bad deploy would raise.
 */
function crashingOnDemand(): URL {
  const path = join(scratch, "crashing-extract-worker.ts");
  writeFileSync(
    path,
    `import ${JSON.stringify(pathToFileURL(join(import.meta.dirname, "extract-worker.ts")).href)};
import { parentPort } from "node:worker_threads";
parentPort.on("message", ({ job }) => {
  if (job.kind === "extract" && Buffer.from(job.photo).toString() === "crash") throw new Error("worker crashed");
});
`,
  );
  return pathToFileURL(path);
}

const photo = () => readFile(join(import.meta.dirname, "fixtures", "figure-composite.jpg"));
let inThread: Extraction | undefined;
const inWorker = createSubjectExtractor({ logger, workerUrl: crashingOnDemand() });
afterAll(() => inWorker.close());

describe("extraction worker", () => {
  it(
    "fails the photo whose worker crashes with internal:subjects_worker, keeping the process",
    async () => {
      const failure = await inWorker.extract(Buffer.from("crash")).catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(AppError);
      expect(failure).toMatchObject({ code: "internal:subjects_worker", status: 500, message: "The photo could not be cut out. Please try again." });
    },
    RUN,
  );

  it(
    "cuts out the next photo in a new worker, exactly as the calling thread does: same mask, boxes and PNG",
    async () => {
      const here = createSubjectExtractor({ logger, openModel: () => openIsnetModel("fp32") });
      try {
        inThread = await here.extract(await photo());
      } finally {
        await here.close(); // one model in memory at a time
      }
      const there = await inWorker.extract(await photo());
      expect([there.width, there.height]).toEqual([inThread.width, inThread.height]);
      expect(there.mask.equals(inThread.mask)).toBe(true);
      expect(there.box).toEqual(inThread.box);
      expect(there.cutoutBox).toEqual(inThread.cutoutBox);
      expect(there.cutoutPng.equals(inThread.cutoutPng)).toBe(true);
    },
    RUN,
  );
});
