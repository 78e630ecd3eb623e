import type { ImageRecord } from "../../../contract/images.ts";
import {
  type GeneratePersonaRequest,
  type Persona,
  type PersonaDraft,
  PERSONA_DRAFTS_PATH,
  PERSONA_GENERATE_PATH,
  PERSONA_UPLOAD_PATH,
  personaDraftResponseSchema,
  personaResponseSchema,
  PERSONAS_PATH,
  type SavePersonaRequest,
  type UpdatePersonaRequest,
} from "../../../contract/personas.ts";
import { actionRequest, apiRequest } from "../../lib/api.ts";
import { uploadImageFile } from "../../lib/upload-image.ts";

export { personasKey } from "../../lib/personas-api.ts";
export const personaDraftKey = (id: string) => [PERSONA_DRAFTS_PATH, id] as const;

const personaPath = (id: string) => `${PERSONAS_PATH}/${encodeURIComponent(id)}`;
const draftPath = (id: string) => `${PERSONA_DRAFTS_PATH}/${encodeURIComponent(id)}`;

/** One photo of the subject, stored for a draft to be made from. */
export function uploadPersonaPhoto(file: File): Promise<ImageRecord> {
  return uploadImageFile(PERSONA_UPLOAD_PATH, file, "file");
}

/** Starts making a draft (202, pending); `persona:draft` events and getPersonaDraft follow it. */
export async function generatePersona(request: GeneratePersonaRequest): Promise<PersonaDraft> {
  const res = await actionRequest("POST", PERSONA_GENERATE_PATH, request);
  return personaDraftResponseSchema.parse(await res.json()).draft;
}

export async function getPersonaDraft(id: string): Promise<PersonaDraft> {
  const res = await apiRequest("GET", draftPath(id));
  return personaDraftResponseSchema.parse(await res.json()).draft;
}

export async function discardPersonaDraft(id: string): Promise<void> {
  await apiRequest("DELETE", draftPath(id));
}

export async function savePersona(request: SavePersonaRequest): Promise<Persona> {
  const res = await apiRequest("POST", PERSONAS_PATH, request);
  return personaResponseSchema.parse(await res.json()).persona;
}

export async function updatePersona(id: string, patch: UpdatePersonaRequest): Promise<Persona> {
  const res = await apiRequest("PATCH", personaPath(id), patch);
  return personaResponseSchema.parse(await res.json()).persona;
}

export async function deletePersona(id: string): Promise<void> {
  await apiRequest("DELETE", personaPath(id));
}
