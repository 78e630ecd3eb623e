import { rm } from "node:fs/promises";
import { join } from "node:path";
import { FileStore } from "@tus/file-store";
import { VIDEO_TTL_HOURS } from "../../contract/videos.ts";

/**
 * Where a video's bytes wait while its tus upload arrives (DATA_DIR/tmp/videos): one file per upload, named by the
 * video's id, beside tus's own `<id>.json` of its offset (decision 039). The HTTP side (tus-routes.ts) writes here;
 * the service reads the finished file and removes it.
 */
export function createUploadFiles(directory: string) {
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: VIDEO_TTL_HOURS * 3600_000 });
  return {
    datastore,
    directory,
    pathOf: (id: string): string => join(directory, id),
    /** Removes an upload's file and its offset record; a missing one is not an error (cleanup may run twice). */
    async remove(id: string): Promise<void> {
      await Promise.all([rm(join(directory, id), { force: true }), rm(join(directory, `${id}.json`), { force: true })]);
    },
    /** Unfinished uploads past their 24 hours that no row names any more (a process died between the two). */
    sweepExpired: (): Promise<number> => datastore.deleteExpired(),
  };
}

export type UploadFiles = ReturnType<typeof createUploadFiles>;
