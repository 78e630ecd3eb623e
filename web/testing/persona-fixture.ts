import type { Persona, PersonaDraft } from "../../contract/personas.ts";

/** A saved persona for tests. */
export function persona(id: string, patch: Partial<Persona> = {}): Persona {
  return {
    id,
    name: `Persona ${id}`,
    handle: `p-${id}`,
    role: "artist",
    description: "A friendly face",
    createdAt: "2026-11-22T10:00:00.000Z",
    urls: { image: `/api/personas/${id}/image`, cutout: `/api/personas/${id}/cutout`, thumb: `/api/personas/${id}/thumb` },
    ...patch,
  };
}

/** A persona draft for tests: pending unless `patch` says otherwise. */
export function personaDraft(id: string, patch: Partial<PersonaDraft> = {}): PersonaDraft {
  return {
    id,
    role: "artist",
    status: "pending",
    error: null,
    errorCode: null,
    suggestedName: null,
    description: null,
    photoCount: 1,
    createdAt: "2026-11-22T10:00:00.000Z",
    urls: null,
    ...patch,
  };
}
