import { AppError } from "../errors/app-error.ts";
import type { Storage } from "../storage/storage.ts";
import type { PersonaStore } from "./store.ts";

export interface PersonaCutout {
  name: string;
  /** A cut-out PNG with alpha (the subject on transparency). */
  png: Buffer;
}

export function createPersonaService(deps: { store: PersonaStore; storage: Storage }) {
  return {
    /** Checks that every id is one of the user's personas (else 404, whoever owns it) before any work starts. */
    async assertOwned(userId: string, ids: readonly string[]): Promise<void> {
      const unique = [...new Set(ids)];
      const found = await deps.store.findOwned(userId, unique);
      if (found.length !== unique.length) throw new AppError("not_found:persona", "That persona does not exist.");
    },

    /** The cut-outs an engine draws, in the order asked for. */
    async cutouts(userId: string, ids: readonly string[]): Promise<PersonaCutout[]> {
      const rows = await deps.store.findOwned(userId, ids);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return Promise.all(
        ids.map(async (id) => {
          const row = byId.get(id);
          const png = row && (await deps.storage.get(row.cutoutKey));
          if (!row || !png) throw new AppError("not_found:persona", "That persona does not exist any more.");
          return { name: row.name, png };
        }),
      );
    },
  };
}

export type PersonaService = ReturnType<typeof createPersonaService>;
