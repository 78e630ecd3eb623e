import { z } from "zod";
import type { ImageRow } from "../../db/schema/images.ts";
import type { CreditsService } from "../credits/service.ts";
import type { ImageService } from "../images/service.ts";
import { defineJobHandler, type JobType, type RegisteredJobHandler } from "../jobs/job-type.ts";
import type { Metrics } from "../metrics/metrics.ts";
import type { PersonaService } from "../personas/service.ts";
import type { StyleKitService } from "../style-kits/service.ts";
import type { EngineSet, GenerateProgress, GenerateResult } from "./engine.ts";

export interface ImageJobDeps {
  engines: EngineSet;
  images: ImageService;
  personas: PersonaService;
  credits: CreditsService;
  /** The style kit an image is made in, read when its job runs. */
  styleKits: Pick<StyleKitService, "kitFor">;
  /** Counts the refunds (`credits_refunded_total`). */
  metrics?: Pick<Metrics, "creditsRefunded"> | undefined;
}

/**
 * The model an image job's image is made with, in its payload for the job metrics' `model` label only: the image row
 * decides which engine runs. Optional, so jobs queued before it was added still read.
 */
export const jobModel = z.string().max(64).optional();

/** What makes one kind of image job's picture, given its image row. */
export type ProduceImage<P> = (
  row: ImageRow,
  payload: P,
  work: { signal: AbortSignal; onProgress: (progress: GenerateProgress) => void },
) => Promise<GenerateResult>;

/**
 * A job that makes the picture of one pending image row, whatever makes it (a generation, an edit): progress for
 * every tab, three stored variants committed with the job's completion, and on failure the row failed and its charge
 * refunded in the job's failure transaction, exactly once. Every status change and its announcement is the image
 * lifecycle's (server/images/lifecycle.ts).
 */
export function imageJobHandler<P extends { imageId: string; announceCredits?: boolean | undefined }>(type: JobType<P>, deps: ImageJobDeps, produce: ProduceImage<P>): RegisteredJobHandler {
  const { images } = deps;
  const { lifecycle } = images;
  return defineJobHandler({
    type,

    async run({ payload, signal, complete }) {
      // What the image took is counted from here: the time it waited in the queue is not the model's.
      const runningSince = new Date();
      const started = await lifecycle.start(payload.imageId);
      if (!started) return; // Deleted, or already finished: nothing left to make.
      const { row, progress } = started;
      // Queued by a process that holds no sockets (the Discord bot): its announcement of the charge reached no tab,
      // so the process running the job, which web tabs hear, says the balance again.
      if (payload.announceCredits) {
        const balance = await deps.credits.balance(row.userId);
        if (balance !== undefined) deps.credits.announce(row.userId, balance);
      }
      progress("queued", 2);
      const result = await produce(row, payload, {
        signal,
        // Engines report 0–100 of their own work; it fills 5–90 of the job, storing the variants the rest.
        onProgress: (p) => progress(p.stage, 5 + Math.round(p.percent * 0.85)),
      });
      signal.throwIfAborted();
      progress("saving", 93);
      const done = await images.storeResult(row, result.png, result.scene, result.picture);
      // A result no row points at is deleted, whether the lease was lost or the commit failed.
      const committed = await complete((tx) => lifecycle.finishIn(tx, row.id, { ...done, runningSince })).catch(async (err: unknown) => {
        await images.removeResult(done);
        throw err;
      });
      if (!committed?.value) {
        await images.removeResult(done);
        return;
      }
      progress("saving", 100);
      committed.value.announce();
    },

    // Failed with its refund in the job's failure transaction; announced after that commits.
    async onFailed(tx, { payload }, error) {
      const failed = await lifecycle.failIn(tx, payload.imageId, { error: error.message, errorCode: error.code });
      if (!failed) return undefined;
      return () => {
        if (failed.refunded) deps.metrics?.creditsRefunded(failed.row.creditsSpent, failed.row.packId ? "pack" : type.kind);
        failed.announce();
      };
    },

    async onReleased({ payload }) {
      await lifecycle.requeue(payload.imageId);
    },
  });
}
