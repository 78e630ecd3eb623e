import sharp from "sharp";
import { isLanguage } from "../../contract/languages.ts";
import type { PersonaRole } from "../../contract/personas.ts";
import type { PersonaDraftRow } from "../../db/schema/personas.ts";
import { AppError } from "../errors/app-error.ts";
import { toAppError } from "../errors/to-app-error.ts";
import type { ImageService } from "../images/service.ts";
import { defineJobHandler, type RegisteredJobHandler } from "../jobs/job-type.ts";
import type { RealtimePublisher } from "../realtime/publisher.ts";
import { personaKey } from "../storage/keys.ts";
import type { Storage } from "../storage/storage.ts";
import { describePersona, framingOf, suggestedName, toneOf } from "./describe.ts";
import { personaDraftJob } from "./draft-job-type.ts";
import { toPersonaDraft } from "./service.ts";
import { createPersonaStore, type PersonaStore } from "./store.ts";

/** What the draft job needs of subject extraction: the subject of a photo cut out (PNG with alpha), or a typed error. */
export interface CutoutMaker {
  extract(photo: Buffer, signal?: AbortSignal): Promise<{ cutoutPng: Buffer; mask: Buffer; width: number; height: number }>;
}

/** Draws the persona's picture from its cut-out (the Studio engine, its look set by the role). */
export type PortraitRenderer = (input: { cutout: Buffer; name: string; role: PersonaRole; seed: number; signal: AbortSignal }) => Promise<Buffer>;

export interface PersonaDraftJobDeps {
  store: PersonaStore;
  images: ImageService;
  storage: Storage;
  realtime: RealtimePublisher;
  cutouts: CutoutMaker;
  renderPortrait: PortraitRenderer;
}

const THUMB_SIZE = 256;

/** The share of a mask that is confidently subject: a clear, whole subject scores higher. */
function confidence(mask: Buffer): number {
  let sure = 0;
  let unsure = 0;
  for (const value of mask) {
    if (value >= 224) sure++;
    else if (value > 32) unsure++;
  }
  return sure / Math.max(1, sure + unsure);
}

/** A seed from the draft's id: the same draft always draws the same picture. */
const seedOf = (id: string) => Number.parseInt(id.replaceAll("-", "").slice(0, 8), 16) >>> 0;

/**
 * Makes a draft from its photos: each photo's subject is cut out (one at a time, through the extractor's bounded
 * queue), the best cut-out — the most confident mask, then the largest — becomes the face; a picture, a thumbnail,
 * a suggested name and a description follow. When no photo has a subject, the draft fails with the reason.
 */
export function personaDraftJobHandler(deps: PersonaDraftJobDeps): RegisteredJobHandler {
  const { store, storage, realtime } = deps;
  const announce = (row: PersonaDraftRow) => realtime.toUser(row.userId, "persona:draft", { draft: toPersonaDraft(row) });

  return defineJobHandler({
    type: personaDraftJob,

    async run({ payload, signal, complete }) {
      const draft = await store.startDraft(payload.draftId);
      if (!draft) return; // Discarded, or already finished.
      announce(draft);
      const language = isLanguage(draft.language) ? draft.language : "en";

      let best: { photo: Buffer; cutout: Buffer; score: number; pixels: number } | undefined;
      let firstError: unknown;
      for (const photoId of draft.photoIds) {
        signal.throwIfAborted();
        try {
          const photo = await deps.images.originalBytes(draft.userId, photoId);
          const extraction = await deps.cutouts.extract(photo, signal);
          const score = confidence(extraction.mask);
          const meta = await sharp(extraction.cutoutPng).metadata();
          const pixels = (meta.width ?? 0) * (meta.height ?? 0);
          if (!best || score > best.score + 0.02 || (Math.abs(score - best.score) <= 0.02 && pixels > best.pixels)) {
            best = { photo, cutout: extraction.cutoutPng, score, pixels };
          }
        } catch (err) {
          if (signal.aborted) throw err;
          firstError ??= err;
        }
      }
      if (!best) throw firstError ?? new AppError("unprocessable:persona", "No person or object could be cut out of these photos.");

      const name = suggestedName(draft.role, language);
      const cutoutMeta = await sharp(best.cutout).metadata();
      const { dominant } = await sharp(best.cutout).stats();
      const description = describePersona({
        role: draft.role,
        language,
        framing: framingOf(cutoutMeta.width ?? 1, cutoutMeta.height ?? 1),
        tone: toneOf(dominant.r, dominant.g, dominant.b),
      });
      const thumb = await sharp(best.cutout)
        .resize(THUMB_SIZE, THUMB_SIZE, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .webp({ quality: 82, alphaQuality: 90 })
        .toBuffer();
      const portrait = await deps.renderPortrait({ cutout: best.cutout, name, role: draft.role, seed: seedOf(draft.id), signal });
      signal.throwIfAborted();

      const keys = {
        sourceKey: personaKey(draft.userId, draft.id, "source"),
        cutoutKey: personaKey(draft.userId, draft.id, "cutout"),
        imageKey: personaKey(draft.userId, draft.id, "image"),
        thumbKey: personaKey(draft.userId, draft.id, "thumb"),
      };
      const source = await sharp(best.photo).png().toBuffer();
      await Promise.all([storage.put(keys.sourceKey, source), storage.put(keys.cutoutKey, best.cutout), storage.put(keys.imageKey, portrait), storage.put(keys.thumbKey, thumb)]);
      const removeFiles = () => Promise.all(Object.values(keys).map((key) => storage.delete(key)));
      const committed = await complete((tx) => createPersonaStore(tx).finishDraft(draft.id, { ...keys, suggestedName: name, description })).catch(async (err: unknown) => {
        await removeFiles();
        throw err;
      });
      // Discarded while it ran, or the lease was lost: nothing points at the files.
      if (!committed?.value) {
        await removeFiles();
        return;
      }
      announce(committed.value);
    },

    async onFailed(tx, { payload }, error) {
      const appError = toAppError(error);
      const failed = await createPersonaStore(tx).failDraft(payload.draftId, { error: appError.status >= 500 ? "Something went wrong making this persona. Try again." : appError.message, errorCode: appError.code });
      return failed ? () => announce(failed) : undefined;
    },
  });
}
