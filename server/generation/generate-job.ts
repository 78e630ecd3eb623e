import { z } from "zod";
import { DEFAULT_ASPECT, DEFAULT_STYLE, type GenerateStage } from "../../contract/images.ts";
import type { CreditsService } from "../credits/service.ts";
import { AppError } from "../errors/app-error.ts";
import { type ImageService, toImageRecord } from "../images/service.ts";
import { defineJobHandler, defineJobType } from "../jobs/job-type.ts";
import type { PersonaService } from "../personas/service.ts";
import type { RealtimePublisher } from "../realtime/publisher.ts";
import type { EngineSet } from "./engine.ts";

/** Makes the picture of one pending image: the engine's work, its three variants, and progress for every tab. */
export const generateJob = defineJobType("generate", z.object({ imageId: z.uuid() }));

export function generateJobHandler(deps: {
  engines: EngineSet;
  images: ImageService;
  personas: PersonaService;
  credits: CreditsService;
  realtime: RealtimePublisher;
}) {
  const { images, realtime } = deps;
  return defineJobHandler({
    type: generateJob,

    async run({ payload, signal, complete }) {
      const row = await images.startJob(payload.imageId);
      if (!row) return; // Deleted, or already finished: nothing left to make.
      realtime.toUser(row.userId, "image:update", { image: toImageRecord(row) });
      let percent = 0;
      const progress = (stage: GenerateStage, value: number) => {
        if (value < percent) return;
        percent = value;
        realtime.toUser(row.userId, "image:progress", { imageId: row.id, stage, percent });
      };
      progress("queued", 2);
      const engine = row.model ? deps.engines.get(row.model) : undefined;
      if (!engine) throw new AppError("not_configured:model", "This model is not available on the server any more.");
      const [personas, baseImage] = await Promise.all([
        deps.personas.cutouts(row.userId, row.personaIds),
        row.baseImageId ? images.originalBytes(row.userId, row.baseImageId) : undefined,
      ]);
      const result = await engine.generate({
        prompt: row.prompt ?? "",
        style: row.style ?? DEFAULT_STYLE,
        aspect: row.aspect ?? DEFAULT_ASPECT,
        personas,
        baseImage,
        seed: row.seed ?? 0,
        signal,
        // Engines report 0–100 of their own work; it fills 5–90 of the job, storing the variants the rest.
        onProgress: (p) => progress(p.stage, 5 + Math.round(p.percent * 0.85)),
      });
      signal.throwIfAborted();
      progress("saving", 93);
      const done = await images.storeResult(row, result.png, result.scene);
      // A result no row points at is deleted, whether the lease was lost or the commit failed.
      const committed = await complete((tx) => images.finishJobIn(tx, row.id, done)).catch(async (err: unknown) => {
        await images.removeFiles(row);
        throw err;
      });
      if (!committed?.value) {
        await images.removeFiles(row);
        return;
      }
      progress("saving", 100);
      const record = toImageRecord(committed.value);
      realtime.toUser(row.userId, "image:update", { image: record });
      realtime.toUser(row.userId, "gallery:new", { image: record });
    },

    // The charge is keyed by the image, so the ledger's UNIQUE (reason, ref) lets this refund happen once.
    async onFailed(tx, { payload }, error) {
      const failed = await images.failJobIn(tx, payload.imageId, { error: error.message, errorCode: error.code });
      if (!failed) return undefined;
      const credits = failed.creditsSpent > 0 ? await deps.credits.applyIn(tx, { userId: failed.userId, delta: failed.creditsSpent, reason: "refund", ref: failed.id }) : undefined;
      return () => {
        realtime.toUser(failed.userId, "image:update", { image: toImageRecord(failed) });
        if (credits !== undefined) deps.credits.announce(failed.userId, credits);
      };
    },

    async onReleased({ payload }) {
      const pending = await images.requeueJob(payload.imageId);
      if (pending) realtime.toUser(pending.userId, "image:update", { image: toImageRecord(pending) });
    },
  });
}
