import { AppError } from "../errors/app-error.ts";
import type { Storage } from "../storage/storage.ts";
import type { PersonaRow } from "../../db/schema/personas.ts";
import type { PersonaStore } from "./store.ts";

export interface PersonaCutout {
  name: string;
  /** A cut-out PNG with alpha (the subject on transparency). */
  png: Buffer;
}

/** A persona as the chat and the web list it. */
export interface PersonaSummary {
  id: string;
  handle: string;
  name: string;
  role: string;
}

const toSummary = (row: PersonaRow): PersonaSummary => ({ id: row.id, handle: row.handle, name: row.name, role: row.role });

export function createPersonaService(deps: { store: PersonaStore; storage: Storage }) {
  return {
    /** Checks that every id is one of the user's personas (else 404, whoever owns it) before any work starts. */
    async assertOwned(userId: string, ids: readonly string[]): Promise<void> {
      const unique = [...new Set(ids)];
      const found = await deps.store.findOwned(userId, unique);
      if (found.length !== unique.length) throw new AppError("not_found:persona", "That persona does not exist.");
    },

    /** The user's personas, by handle. */
    async list(userId: string): Promise<PersonaSummary[]> {
      return (await deps.store.list(userId)).map(toSummary);
    },

    /**
     * The user's own personas for these handles (`@me` → "me"), in the order asked for. An unknown handle is
     * `not_found:persona`, naming the handles that exist, so the answer can say which ones the user may use.
     */
    async byHandles(userId: string, handles: readonly string[]): Promise<PersonaSummary[]> {
      const wanted = [...new Set(handles.map((h) => h.replace(/^@/, "").toLowerCase()))];
      const rows = await deps.store.findByHandles(userId, wanted);
      const byHandle = new Map(rows.map((r) => [r.handle.toLowerCase(), r]));
      const unknown = wanted.filter((h) => !byHandle.has(h));
      if (unknown.length > 0) {
        const known = (await deps.store.list(userId)).map((r) => `@${r.handle}`);
        const names = unknown.map((h) => `@${h}`).join(", ");
        throw new AppError(
          "not_found:persona",
          known.length > 0 ? `There is no persona ${names}. Your personas are ${known.join(", ")}.` : `There is no persona ${names}. You have no personas yet.`,
        );
      }
      return wanted.map((h) => toSummary(byHandle.get(h) as PersonaRow));
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
