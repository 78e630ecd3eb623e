import { z } from "zod/mini";

/** What a persona is in a picture; chosen when it is made, shown on its card. */
export const personaRoles = ["artist", "photographer", "designer"] as const;
export type PersonaRole = (typeof personaRoles)[number];

/** A persona is made from one to five photos of one subject; the best cut-out becomes its face. */
export const MAX_PERSONA_PHOTOS = 5;
export const PERSONA_NAME_MAX = 60;
export const PERSONA_DESCRIPTION_MAX = 300;
/** `@handle`: 2–30 lower-case letters, digits, `_` or `-`, starting with a letter or digit; unique per user. */
export const PERSONA_HANDLE_PATTERN = /^[a-z0-9][a-z0-9_-]{1,29}$/;
/** A draft not saved within this time is discarded with its files. */
export const PERSONA_DRAFT_TTL_HOURS = 24;

export const PERSONAS_PATH = "/api/personas";
export const PERSONA_UPLOAD_PATH = "/api/personas/upload";
export const PERSONA_GENERATE_PATH = "/api/personas/generate";
export const PERSONA_DRAFTS_PATH = "/api/personas/drafts";
export const REPLACE_SUBJECT_PATH = "/api/replace-subject";

const withoutNul = z.refine<string>((value) => !value.includes("\u0000"), { error: "must not contain a NUL character" });
const nameSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(PERSONA_NAME_MAX), withoutNul);
const handleSchema = z.string().check(z.trim(), z.toLowerCase(), z.regex(PERSONA_HANDLE_PATTERN));
const descriptionSchema = z.string().check(z.trim(), z.maxLength(PERSONA_DESCRIPTION_MAX), withoutNul);

/** The persona's files: its picture (null until made), its cut-out (PNG with alpha) and a small square of it. */
export const personaUrlsSchema = z.object({ image: z.nullable(z.string()), cutout: z.string(), thumb: z.string() });

export const personaSchema = z.object({
  id: z.string(),
  name: z.string(),
  handle: z.string(),
  role: z.enum(personaRoles),
  description: z.string(),
  createdAt: z.string(),
  urls: personaUrlsSchema,
});
export type Persona = z.infer<typeof personaSchema>;
export const personaResponseSchema = z.object({ persona: personaSchema });
export const personaListResponseSchema = z.object({ personas: z.array(personaSchema) });
export type PersonaListResponse = z.infer<typeof personaListResponseSchema>;

export const personaDraftStatuses = ["pending", "running", "ready", "failed"] as const;
export type PersonaDraftStatus = (typeof personaDraftStatuses)[number];

/**
 * A generated persona before it is saved: its cut-out, picture, a suggested name and description. Made by a job;
 * `persona:draft` events (and GET /api/personas/drafts/:id) tell when it is ready or why it failed.
 */
export const personaDraftSchema = z.object({
  id: z.string(),
  role: z.enum(personaRoles),
  status: z.enum(personaDraftStatuses),
  /** Why it failed, safe to show; `errorCode` lets the web translate it. */
  error: z.nullable(z.string()),
  errorCode: z.nullable(z.string()),
  suggestedName: z.nullable(z.string()),
  description: z.nullable(z.string()),
  photoCount: z.number(),
  createdAt: z.string(),
  urls: z.nullable(personaUrlsSchema),
});
export type PersonaDraft = z.infer<typeof personaDraftSchema>;
export const personaDraftResponseSchema = z.object({ draft: personaDraftSchema });

/** POST /api/personas/generate: uploads (from /api/personas/upload) of one subject, and the role. */
export const generatePersonaRequestSchema = z.object({
  photoIds: z.array(z.uuid()).check(z.minLength(1), z.maxLength(MAX_PERSONA_PHOTOS)),
  role: z.enum(personaRoles),
});
export type GeneratePersonaRequest = z.infer<typeof generatePersonaRequestSchema>;

/** POST /api/personas: saves a ready draft under a name; the handle comes from the name unless given. */
export const savePersonaRequestSchema = z.object({
  draftId: z.uuid(),
  name: nameSchema,
  handle: z.optional(handleSchema),
  description: z.optional(descriptionSchema),
});
export type SavePersonaRequest = z.input<typeof savePersonaRequestSchema>;

/** PATCH /api/personas/:id: rename, change the handle or the description. */
export const updatePersonaRequestSchema = z
  .object({ name: z.optional(nameSchema), handle: z.optional(handleSchema), description: z.optional(descriptionSchema) })
  .check(z.refine((value) => value.name !== undefined || value.handle !== undefined || value.description !== undefined, { error: "nothing to change" }));
export type UpdatePersonaRequest = z.input<typeof updatePersonaRequestSchema>;

/** POST /api/replace-subject: the persona takes the place of the base image's subject, as a new gallery image. */
export const replaceSubjectRequestSchema = z.object({
  baseImageId: z.uuid(),
  personaId: z.uuid(),
  model: z.optional(z.string().check(z.maxLength(64), withoutNul)),
});
export type ReplaceSubjectRequest = z.input<typeof replaceSubjectRequestSchema>;

/** A handle made from a name: "Astro Naut!" → "astro-naut"; letters outside a–z are dropped, at least "me". */
export function handleFromName(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 30)
    .replace(/-+$/g, "");
  return base.length >= 2 ? base : base.length === 1 ? `${base}${base}` : "me";
}
