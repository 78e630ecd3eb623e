import { handleFromName, type Persona, type PersonaDraft, PERSONA_DRAFT_TTL_HOURS, type PersonaRole } from "../../contract/personas.ts";
import type { Language } from "../../contract/languages.ts";
import { type DbOrTx, withTransaction } from "../../db/open-db.ts";
import type { PersonaDraftRow, PersonaRow } from "../../db/schema/personas.ts";
import { AppError } from "../errors/app-error.ts";
import type { ImageService } from "../images/service.ts";
import type { JobQueue } from "../jobs/queue.ts";
import type { RealtimePublisher } from "../realtime/publisher.ts";
import type { Storage } from "../storage/storage.ts";
import { personaDraftJob } from "./draft-job-type.ts";
import { createPersonaStore, type PersonaStore } from "./store.ts";

export interface PersonaCutout {
  name: string;
  /** A cut-out PNG with alpha (the subject on transparency). */
  png: Buffer;
}

/** A persona as the chat lists it. */
export interface PersonaSummary {
  id: string;
  handle: string;
  name: string;
  role: string;
}

export type PersonaFilePart = "image" | "cutout" | "thumb";

const toSummary = (row: PersonaRow): PersonaSummary => ({ id: row.id, handle: row.handle, name: row.name, role: row.role });
const missingPersona = () => new AppError("not_found:persona", "That persona does not exist.");
const missingDraft = () => new AppError("not_found:persona_draft", "That persona draft does not exist any more. Generate it again.");

export function toPersona(row: PersonaRow): Persona {
  const base = `/api/personas/${row.id}`;
  return {
    id: row.id,
    name: row.name,
    handle: row.handle,
    role: row.role,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    urls: { image: row.imageKey ? `${base}/image` : null, cutout: `${base}/cutout`, thumb: `${base}/${row.thumbKey ? "thumb" : "cutout"}` },
  };
}

export function toPersonaDraft(row: PersonaDraftRow): PersonaDraft {
  const base = `/api/personas/drafts/${row.id}`;
  return {
    id: row.id,
    role: row.role,
    status: row.status,
    error: row.error,
    errorCode: row.errorCode,
    suggestedName: row.suggestedName,
    description: row.description,
    photoCount: row.photoIds.length,
    createdAt: row.createdAt.toISOString(),
    urls: row.status === "ready" && row.cutoutKey ? { image: row.imageKey ? `${base}/image` : null, cutout: `${base}/cutout`, thumb: `${base}/thumb` } : null,
  };
}

/** A free handle: the wanted one, else with -2, -3… after it (within the 30 characters a handle may have). */
function freeHandle(wanted: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(wanted)) return wanted;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${wanted.slice(0, 30 - suffix.length)}${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}

const isUniqueViolation = (err: unknown) => (err as { code?: unknown; cause?: { code?: unknown } }).code === "23505" || (err as { cause?: { code?: unknown } }).cause?.code === "23505";

/**
 * Personas (docs/product/personas.md): drafts made by a job from the user's photos, saved under a name and @handle,
 * renamed and deleted; and what the chat and the engines read of them. Every call checks the owner.
 */
export function createPersonaService(deps: { db: DbOrTx; store: PersonaStore; storage: Storage; images: ImageService; queue: JobQueue; realtime: RealtimePublisher }) {
  const { store, storage } = deps;

  async function ownedRow(userId: string, id: string): Promise<PersonaRow> {
    const [row] = await store.findOwned(userId, [id]);
    if (!row) throw missingPersona();
    return row;
  }

  type Files = { sourceKey: string | null; cutoutKey: string | null; imageKey: string | null; thumbKey: string | null };
  const keysOf = (row: Files) =>
    [row.sourceKey, row.cutoutKey, row.imageKey, row.thumbKey].filter((key): key is string => typeof key === "string" && key !== "");

  async function removeFiles(row: Files): Promise<void> {
    await Promise.all(keysOf(row).map((key) => storage.delete(key)));
  }

  return {
    /** Checks that every id is one of the user's personas (else 404, whoever owns it) before any work starts. */
    async assertOwned(userId: string, ids: readonly string[]): Promise<void> {
      const unique = [...new Set(ids)];
      const found = await store.findOwned(userId, unique);
      if (found.length !== unique.length) throw missingPersona();
    },

    /** The user's personas, by handle, as the chat lists them. */
    async list(userId: string): Promise<PersonaSummary[]> {
      return (await store.list(userId)).map(toSummary);
    },

    /** The user's personas, by handle, as the API shows them. */
    async records(userId: string): Promise<Persona[]> {
      return (await store.list(userId)).map(toPersona);
    },

    async record(userId: string, id: string): Promise<Persona> {
      return toPersona(await ownedRow(userId, id));
    },

    /**
     * The user's own personas for these handles (`@me` → "me"), in the order asked for. An unknown handle is
     * `not_found:persona`, naming the handles that exist, so the answer can say which ones the user may use.
     */
    async byHandles(userId: string, handles: readonly string[]): Promise<PersonaSummary[]> {
      const wanted = [...new Set(handles.map((h) => h.replace(/^@/, "").toLowerCase()))];
      const rows = await store.findByHandles(userId, wanted);
      const byHandle = new Map(rows.map((r) => [r.handle.toLowerCase(), r]));
      const unknown = wanted.filter((h) => !byHandle.has(h));
      if (unknown.length > 0) {
        const known = (await store.list(userId)).map((r) => `@${r.handle}`);
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
      const rows = await store.findOwned(userId, ids);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return Promise.all(
        ids.map(async (id) => {
          const row = byId.get(id);
          const png = row && (await storage.get(row.cutoutKey));
          if (!row || !png) throw new AppError("not_found:persona", "That persona does not exist any more.");
          return { name: row.name, png };
        }),
      );
    },

    /**
     * Starts making a persona from one to five of the user's uploads: a draft and its job in one transaction. The
     * draft answers at once (pending); `persona:draft` events and `draft()` tell when it is ready.
     */
    async generate(userId: string, input: { photoIds: readonly string[]; role: PersonaRole; language: Language }): Promise<PersonaDraft> {
      const photoIds = [...new Set(input.photoIds)];
      for (const id of photoIds) {
        const photo = await deps.images.record(userId, id);
        if (photo.status !== "ready") throw new AppError("invalid:persona_draft", "That photo is still uploading. Try again in a moment.");
      }
      const expiresAt = new Date(Date.now() + PERSONA_DRAFT_TTL_HOURS * 3_600_000);
      const row = await withTransaction(deps.db, async (tx) => {
        const draft = await createPersonaStore(tx).insertDraft({ userId, role: input.role, photoIds, language: input.language, expiresAt });
        await deps.queue.enqueue(tx, personaDraftJob, { draftId: draft.id }, { userId });
        return draft;
      });
      deps.queue.wake();
      const draft = toPersonaDraft(row);
      deps.realtime.toUser(userId, "persona:draft", { draft });
      return draft;
    },

    async draft(userId: string, id: string): Promise<PersonaDraft> {
      const row = await store.findDraft(userId, id);
      if (!row) throw missingDraft();
      return toPersonaDraft(row);
    },

    /** Discards a draft and its files (a running job finds it gone and stops). */
    async discard(userId: string, id: string): Promise<void> {
      const row = await store.deleteDraft(userId, id);
      if (!row) throw missingDraft();
      await removeFiles(row);
    },

    /**
     * Saves a ready draft as a persona under the name, with the handle asked for (409 when taken) or one made from
     * the name (made free with -2, -3…). The persona takes the draft's id, so its files stay where they are.
     */
    async save(userId: string, input: { draftId: string; name: string; handle?: string | undefined; description?: string | undefined }): Promise<Persona> {
      const draft = await store.findDraft(userId, input.draftId);
      if (!draft) throw missingDraft();
      if (draft.status !== "ready" || !draft.cutoutKey) throw new AppError("invalid:persona_draft", "That persona is not ready yet. Wait for it to finish generating.");
      const wanted = input.handle ?? handleFromName(input.name);
      const handle = input.handle ?? freeHandle(wanted, await store.handlesLike(userId, wanted));
      try {
        const row = await withTransaction(deps.db, async (tx) => {
          const txStore = createPersonaStore(tx);
          if (!(await txStore.deleteDraft(userId, draft.id))) throw missingDraft();
          return txStore.insert({
            id: draft.id,
            userId,
            name: input.name,
            handle,
            role: draft.role,
            description: input.description ?? draft.description ?? "",
            sourceKey: draft.sourceKey,
            cutoutKey: draft.cutoutKey as string,
            imageKey: draft.imageKey,
            thumbKey: draft.thumbKey,
          });
        });
        deps.realtime.toUser(userId, "personas:changed", { personaId: row.id });
        return toPersona(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError("conflict:persona_handle", `@${handle} is taken by another of your personas. Pick another handle.`);
        throw err;
      }
    },

    async update(userId: string, id: string, fields: { name?: string | undefined; handle?: string | undefined; description?: string | undefined }): Promise<Persona> {
      const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
      try {
        const row = await store.update(userId, id, changes);
        if (!row) throw missingPersona();
        deps.realtime.toUser(userId, "personas:changed", { personaId: row.id });
        return toPersona(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError("conflict:persona_handle", `@${fields.handle ?? ""} is taken by another of your personas. Pick another handle.`);
        throw err;
      }
    },

    /** Deletes a persona and its files; images made with it stay in the gallery. */
    async delete(userId: string, id: string): Promise<void> {
      const row = await store.delete(userId, id);
      if (!row) throw missingPersona();
      deps.realtime.toUser(userId, "personas:changed", { personaId: row.id });
      await removeFiles(row);
    },

    /** Where one of a persona's (or a draft's) files is kept: the owner check alone. */
    async fileKey(userId: string, id: string, part: PersonaFilePart, kind: "persona" | "draft"): Promise<string> {
      const row = kind === "persona" ? (await store.findOwned(userId, [id]))[0] : await store.findDraft(userId, id);
      const key = row ? { image: row.imageKey, cutout: row.cutoutKey, thumb: row.thumbKey ?? row.cutoutKey }[part] : undefined;
      if (!key) throw new AppError("not_found:file", "That file does not exist.");
      return key;
    },

    /** Drafts nobody saved in time, with their files. */
    async purgeExpiredDrafts(now: Date): Promise<number> {
      const expired = await store.deleteExpiredDrafts(now);
      await Promise.all(expired.map(removeFiles));
      return expired.length;
    },
  };
}

export type PersonaService = ReturnType<typeof createPersonaService>;
