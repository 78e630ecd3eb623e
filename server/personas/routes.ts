import { pipeline } from "node:stream/promises";
import { type Request, type RequestHandler, Router } from "express";
import { z } from "zod";
import { defaultLanguage, isLanguage } from "../../contract/languages.ts";
import {
  generatePersonaRequestSchema,
  PERSONA_DRAFTS_PATH,
  PERSONA_GENERATE_PATH,
  PERSONAS_PATH,
  savePersonaRequestSchema,
  updatePersonaRequestSchema,
} from "../../contract/personas.ts";
import type { AuthMiddleware } from "../auth/middleware.ts";
import { AppError } from "../errors/app-error.ts";
import { fileTypeOfKey } from "../storage/keys.ts";
import type { Storage } from "../storage/storage.ts";
import type { PersonaFilePart, PersonaService } from "./service.ts";

const idSchema = z.uuid();
const partSchema = z.enum(["image", "cutout", "thumb"]);

/** A malformed id is answered like a missing one: nothing about other ids leaks, and no bad uuid reaches SQL. */
function idOf(req: Request, code: "not_found:persona" | "not_found:persona_draft"): string {
  const parsed = idSchema.safeParse(req.params.id);
  if (!parsed.success) throw new AppError(code, code === "not_found:persona" ? "That persona does not exist." : "That persona draft does not exist any more. Generate it again.");
  return parsed.data;
}

function partOf(req: Request): PersonaFilePart {
  const parsed = partSchema.safeParse(req.params.part);
  if (!parsed.success) throw new AppError("not_found:file", "That file does not exist.");
  return parsed.data;
}

/**
 * Personas (docs/product/personas.md): drafts generated from uploads (POST /api/personas/upload is served with the
 * other uploads), saved, listed, renamed and deleted, and their pictures. Owner checks live in the service.
 */
export function personaRoutes(deps: {
  auth: AuthMiddleware;
  personas: PersonaService;
  storage: Storage;
  jsonBody: RequestHandler;
  /** Keeps a generation's answer under its Idempotency-Key (docs/product/api.md, Idempotent requests). */
  idempotent: RequestHandler;
}): Router {
  const { auth, personas, jsonBody } = deps;
  const router = Router();
  const noStore = { "Cache-Control": "no-store" };

  /** One of a persona's or draft's files, private and revalidated on each use, like every image of a user. */
  async function sendFile(res: Parameters<RequestHandler>[1], req: Request, key: string, etag: string): Promise<void> {
    const opened = await deps.storage.open(key);
    if (!opened) throw new AppError("not_found:file", "That file does not exist.");
    res.set({
      "Content-Type": fileTypeOfKey(key).contentType,
      "Cache-Control": "private, no-cache",
      ETag: `"${etag}"`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cross-Origin-Resource-Policy": "same-origin",
    });
    if (req.fresh) {
      opened.stream.destroy();
      res.status(304).end();
      return;
    }
    res.set("Content-Length", String(opened.size));
    await pipeline(opened.stream, res).catch(() => undefined);
  }

  router.post(PERSONA_GENERATE_PATH, jsonBody, deps.idempotent, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const input = generatePersonaRequestSchema.parse(req.body);
    const language = isLanguage(user.language) ? user.language : defaultLanguage;
    res.set(noStore).status(202).json({ draft: await personas.generate(user.id, { ...input, language }) });
  });

  router.get(`${PERSONA_DRAFTS_PATH}/:id`, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    res.set(noStore).json({ draft: await personas.draft(user.id, idOf(req, "not_found:persona_draft")) });
  });

  router.delete(`${PERSONA_DRAFTS_PATH}/:id`, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    await personas.discard(user.id, idOf(req, "not_found:persona_draft"));
    res.status(204).end();
  });

  router.get(`${PERSONA_DRAFTS_PATH}/:id/:part`, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const id = idOf(req, "not_found:persona_draft");
    const part = partOf(req);
    await sendFile(res, req, await personas.fileKey(user.id, id, part, "draft"), `${id}-${part}`);
  });

  router.get(PERSONAS_PATH, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    res.set(noStore).json({ personas: await personas.records(user.id) });
  });

  router.post(PERSONAS_PATH, jsonBody, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    res.set(noStore).status(201).json({ persona: await personas.save(user.id, savePersonaRequestSchema.parse(req.body)) });
  });

  router.patch(`${PERSONAS_PATH}/:id`, jsonBody, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const id = idOf(req, "not_found:persona");
    res.set(noStore).json({ persona: await personas.update(user.id, id, updatePersonaRequestSchema.parse(req.body)) });
  });

  router.delete(`${PERSONAS_PATH}/:id`, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    await personas.delete(user.id, idOf(req, "not_found:persona"));
    res.status(204).end();
  });

  router.get(`${PERSONAS_PATH}/:id/:part`, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const id = idOf(req, "not_found:persona");
    const part = partOf(req);
    await sendFile(res, req, await personas.fileKey(user.id, id, part, "persona"), `${id}-${part}`);
  });

  return router;
}
