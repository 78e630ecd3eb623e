import type { GenerateStage, ImageStatus } from "../../contract/images.ts";
import { type DbOrTx, type Tx, withTransaction } from "../../db/open-db.ts";
import type { ImageRow, NewImageRow } from "../../db/schema/images.ts";
import type { CreditsService } from "../credits/service.ts";
import { AppError } from "../errors/app-error.ts";
import type { RealtimePublisher } from "../realtime/publisher.ts";
import { missingImage, toImageRecord } from "./record.ts";
import { createImageWrites, type ImageFiles, type ListedImage, type StatusChange } from "./store.ts";

/**
 * The states a status change may start from, by the state it ends in (docs/decisions/026-image-lifecycle.md).
 * running → running is a job taken again after its worker died; running → pending a job handed back at shutdown.
 * Nothing leaves ready or failed: a finished image is never made, failed or refunded again.
 */
export const imageTransitions = {
  running: ["pending", "running"],
  ready: ["running"],
  failed: ["pending", "running"],
  pending: ["running"],
} as const satisfies Record<ImageStatus, readonly ImageStatus[]>;

/** Only a finished image may be deleted: a job still making one would write files for a row that is gone. */
export const deletableStatuses = ["ready", "failed"] as const satisfies readonly ImageStatus[];

/** A model's text-free picture a made image's scene is drawn over (decision 036), its files written, its row not yet. */
export type StoredPicture = ImageFiles & { id: string; width: number; height: number; bytes: number };

/** A new made image before it is written: the lifecycle sets its owner and status. */
export type PendingDraft = Omit<NewImageRow, "userId" | "status">;

/** A change written in someone else's transaction, and what to tell the tabs once that transaction has committed. */
export interface CommittedLater {
  row: ImageRow;
  /** Call after the commit only: a rolled-back change is never announced. */
  announce(): void;
}

/** An image whose job has started: its row, and its progress for every tab (never going back). */
export interface StartedImage {
  row: ImageRow;
  progress(stage: GenerateStage, percent: number): void;
}

/**
 * The one owner of an image's status and of the events that tell tabs about it (`image:update`, `image:progress`,
 * `gallery:new`, `image:deleted`). A made image goes pending → running → ready | failed; uploads and editor saves
 * are added ready; finished images may be deleted. The charge is written with the pending rows and the refund with
 * the failure, in the same transactions, so a balance never disagrees with the images it paid for.
 */
export function createImageLifecycle(deps: { db: DbOrTx; realtime: RealtimePublisher; credits: Pick<CreditsService, "debitIn" | "applyIn" | "announce"> }) {
  const { realtime } = deps;
  const writes = createImageWrites(deps.db);
  const move = (db: DbOrTx, id: string, to: ImageStatus, change?: StatusChange & { runningSince?: Date | undefined }) => createImageWrites(db).setStatus(id, imageTransitions[to], to, change);
  const announceUpdate = (row: ImageRow) => realtime.toUser(row.userId, "image:update", { image: toImageRecord(row) });

  return {
    /**
     * New made images, pending, with their charge and whatever `alsoIn` queues (their jobs) in one transaction, so
     * there is never a charge without a job or a job without its charge. The charge is the images' `creditsSpent`
     * together, once, under `chargeRef` (a pack's id) or the first image's id; images that cost nothing (an edit of
     * the headline alone) write no ledger row, so the credit history shows no charge that never was, and `credits` is
     * undefined. The balance and the pending images reach every tab after the commit.
     */
    async createPending(
      userId: string,
      drafts: readonly PendingDraft[],
      options: { chargeRef?: string | undefined; shortOfCredits: () => AppError; alsoIn: (tx: Tx, rows: readonly ImageRow[]) => Promise<void> },
    ): Promise<{ rows: ImageRow[]; credits: number | undefined }> {
      const done = await withTransaction(deps.db, async (tx) => {
        const rowWrites = createImageWrites(tx);
        const rows: ImageRow[] = [];
        for (const draft of drafts) rows.push(await rowWrites.insert({ ...draft, userId, status: "pending" }));
        const ref = options.chargeRef ?? rows[0]?.id;
        if (!ref) throw new Error("a paid request made no image");
        const amount = rows.reduce((sum, row) => sum + row.creditsSpent, 0);
        // The ledger's UNIQUE (reason, ref) makes this charge happen once.
        const credits = amount > 0 ? await deps.credits.debitIn(tx, { userId, amount, reason: "generation", ref }) : undefined;
        if (amount > 0 && credits === undefined) throw options.shortOfCredits();
        await options.alsoIn(tx, rows);
        return { rows, credits };
      });
      if (done.credits !== undefined) deps.credits.announce(userId, done.credits);
      for (const row of done.rows) announceUpdate(row);
      return done;
    },

    /** Its job started (or was taken again after its worker died): running. Undefined when it is gone or finished. */
    async start(id: string): Promise<StartedImage | undefined> {
      const row = await move(deps.db, id, "running");
      if (!row) return undefined;
      announceUpdate(row);
      let shown = 0;
      return {
        row,
        progress(stage, percent) {
          if (percent < shown) return;
          shown = percent;
          realtime.toUser(row.userId, "image:progress", { imageId: row.id, stage, percent });
        },
      };
    },

    /**
     * Its job made it: ready with its files, in the job's completion transaction. Undefined unless it was running. A
     * new model's picture under its scene becomes its base image: a row of kind `upload` that never expires, so it is
     * in no gallery and no upload quota, and every later edit finds it (decision 036).
     */
    async finishIn(tx: Tx, id: string, result: StatusChange & { picture?: StoredPicture | undefined; runningSince?: Date | undefined }): Promise<CommittedLater | undefined> {
      const { picture, ...files } = result;
      const row = await move(tx, id, "ready", picture ? { ...files, baseImageId: picture.id } : files);
      if (!row) return undefined;
      if (picture) await createImageWrites(tx).insert({ ...picture, userId: row.userId, kind: "upload", status: "ready", expiresAt: null });
      return {
        row,
        announce() {
          const image = toImageRecord(row);
          realtime.toUser(row.userId, "image:update", { image });
          // Uploads are in no gallery, but for a frame saved from a video (under From video).
          if (row.kind !== "upload" || row.sourceVideo) realtime.toUser(row.userId, "gallery:new", { image });
        },
      };
    },

    /**
     * Its job failed: failed, and its own cost refunded under its own id, in the job's failure transaction. The
     * ledger's UNIQUE (reason, ref) lets the refund happen once. Undefined when it had already finished.
     */
    async failIn(tx: Tx, id: string, failure: { error: string; errorCode: string }): Promise<(CommittedLater & { refunded: boolean }) | undefined> {
      const row = await move(tx, id, "failed", failure);
      if (!row) return undefined;
      const credits = row.creditsSpent > 0 ? await deps.credits.applyIn(tx, { userId: row.userId, delta: row.creditsSpent, reason: "refund", ref: row.id }) : undefined;
      return {
        row,
        refunded: credits !== undefined,
        announce() {
          announceUpdate(row);
          if (credits !== undefined) deps.credits.announce(row.userId, credits);
        },
      };
    },

    /** Its job was handed back at shutdown: pending until a worker takes it again. Undefined unless it was running. */
    async requeue(id: string): Promise<ImageRow | undefined> {
      const row = await move(deps.db, id, "pending");
      if (row) announceUpdate(row);
      return row;
    },

    /** A temporary upload, ready at once, unless it would pass its owner's quota. Not in the gallery: nothing is announced. */
    addUpload: (row: Omit<NewImageRow, "status" | "kind"> & { bytes: number }, quotaBytes: number, now: Date): Promise<ImageRow | undefined> =>
      writes.insertUploadWithinQuota({ ...row, kind: "upload", status: "ready" }, quotaBytes, now),

    /** An image made whole outside a job (an editor save): ready at once, and in every tab's gallery. */
    async addReady(draft: Omit<NewImageRow, "status">): Promise<ImageRow> {
      const row = await writes.insert({ ...draft, status: "ready" });
      realtime.toUser(row.userId, "gallery:new", { image: toImageRecord(row) });
      return row;
    },

    /**
     * Gives one of the user's images its video title (null clears it) and tells every tab, so a preview or a gallery
     * open elsewhere shows the new one. The bytes and the status are untouched.
     */
    async retitle(userId: string, id: string, title: string | null): Promise<ImageRow> {
      const row = await writes.setTitle(userId, id, title);
      if (!row) throw missingImage();
      announceUpdate(row);
      return row;
    },

    /**
     * Deletes one of the user's finished images and tells every tab. `beforeRow` runs once the image is known to be
     * deletable and before its row goes (its files: a crash then leaves a row to delete again, never an orphan file).
     */
    async remove(row: ListedImage, beforeRow: () => Promise<void>): Promise<void> {
      if (!(deletableStatuses as readonly ImageStatus[]).includes(row.status)) {
        throw new AppError("conflict:image_busy", "That image is still being made. Delete it once it is done.");
      }
      await beforeRow();
      if (!(await writes.deleteOwned(row.userId, row.id, deletableStatuses))) throw missingImage();
      realtime.toUser(row.userId, "image:deleted", { imageId: row.id });
    },

    /**
     * The model's picture an image was drawn over, deleted with the last image drawn over it (decision 036); its
     * files are the caller's to delete. Pictures are in no gallery, so nothing is announced.
     */
    dropUnusedPicture: (userId: string, id: string): Promise<ImageFiles | undefined> => writes.deleteUnusedPicture(userId, id),

    /** A temporary upload past its time, its files already removed; uploads are in no gallery, so nothing is announced. */
    expireUpload: (id: string): Promise<void> => writes.delete(id),
  };
}

export type ImageLifecycle = ReturnType<typeof createImageLifecycle>;
