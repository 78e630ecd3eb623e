import { LRUCache } from "lru-cache";
import { AppError } from "../errors/app-error.ts";
import type { ImageStore, ListedImage } from "./store.ts";

/** How long a ready row may answer byte requests on a node without being read again. */
export const READY_ROW_TTL_MS = 5_000;

/**
 * Ready rows recently served, by id (docs/decisions/019-immutable-image-urls.md): a gallery's thumbnails cost no
 * query each. A ready row changes only by being deleted, which every node hears (`forget`); the few seconds bound a
 * node that missed it. Pending, running and failed rows are never kept: they are about to change.
 */
export function createReadyRows(deps: { store: Pick<ImageStore, "findOwned">; clock: () => number }) {
  const rows = new LRUCache<string, ListedImage>({ max: 20_000, ttl: READY_ROW_TTL_MS });
  // Bumped by each forget: a lookup that was in flight across one does not put back what was just forgotten.
  let forgets = 0;

  return {
    /** One of the user's images, as a byte request needs it; someone else's answers exactly like a missing one (404). */
    async servable(userId: string, id: string): Promise<ListedImage> {
      let row = rows.get(id);
      if (!row) {
        const before = forgets;
        row = await deps.store.findOwned(userId, id);
        if (row?.status === "ready" && forgets === before) rows.set(id, row);
      }
      if (!row || row.userId !== userId || (row.expiresAt && row.expiresAt.getTime() <= deps.clock())) {
        throw new AppError("not_found:image", "That image does not exist.");
      }
      return row;
    },

    forget(ids: readonly string[]): void {
      forgets++;
      for (const id of ids) rows.delete(id);
    },
  };
}
