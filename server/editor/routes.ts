import express, { type Request, type RequestHandler, Router } from "express";
import { z } from "zod";
import { EDITOR_BODY_LIMIT, editorDocumentSchema, editorDownloadFormats } from "../../contract/editor.ts";
import type { ImageResponse } from "../../contract/images.ts";
import type { AuthMiddleware } from "../auth/middleware.ts";
import { AppError } from "../errors/app-error.ts";
import { EXPORT_FORMAT_HEADER, exportKindSchema } from "../../contract/exports.ts";
import type { ExportService } from "./export-service.ts";
import type { EditorService } from "./service.ts";

const idSchema = z.uuid();
const querySchema = z.object({ download: z.enum(editorDownloadFormats).optional() });

function imageIdOf(req: Request): string {
  const parsed = idSchema.safeParse(req.params.id);
  if (!parsed.success) throw new AppError("not_found:image", "That image does not exist.");
  return parsed.data;
}

/**
 * The image editor's two endpoints (docs/product/editor.md). Mounted before the image routes, whose
 * `/api/images/:id/:variant` would otherwise take `/layers`.
 */
export function editorRoutes(deps: { auth: AuthMiddleware; editor: EditorService; exports: ExportService; idempotent: RequestHandler }): Router {
  const { auth, editor, exports } = deps;
  const router = Router();
  // Its own limit, above the largest real document, so an oversized one is refused by the schema with a 400
  // saying which field, not cut off unread.
  const jsonBody = express.json({ limit: EDITOR_BODY_LIMIT });

  router.get("/api/images/:id/layers", async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const body = await editor.layers(user.id, imageIdOf(req));
    res.set("Cache-Control", "no-store").json(body);
  });

  // A save with an Idempotency-Key is made once; a download is a file, never kept (nothing is charged for it).
  router.post("/api/images/:id/edits", jsonBody, deps.idempotent, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    if (!req.is("application/json")) throw new AppError("unsupported_media_type:json", "Send the request as JSON.");
    const id = imageIdOf(req);
    const { download } = querySchema.parse(req.query);
    const doc = editorDocumentSchema.parse(req.body);
    if (!download) {
      const body: ImageResponse = { image: await editor.save(user.id, id, doc) };
      res.set("Cache-Control", "no-store").status(201).json(body);
      return;
    }
    const file = await editor.download(user.id, id, doc, download);
    res.set({
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.length),
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
    res.end(file.bytes);
  });

  // Exports (docs/product/images.md, Exports): rendered on request, never kept, so nothing is cached.
  router.get("/api/images/:id/exports", async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    res.set("Cache-Control", "no-store").json(await exports.options(user.id, imageIdOf(req)));
  });

  router.get("/api/images/:id/export/:kind", async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const id = imageIdOf(req);
    const kind = exportKindSchema.safeParse(req.params.kind);
    if (!kind.success) throw new AppError("not_found:image", "There is no such export.");
    const file = await exports.file(user.id, id, kind.data);
    res.set({
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.length),
      "Content-Disposition": file.disposition,
      [EXPORT_FORMAT_HEADER]: file.format,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
    res.end(file.bytes);
  });

  router.get("/api/images/:id/export.zip", async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const zip = await exports.zip(user.id, imageIdOf(req));
    res.set({ "Content-Type": "application/zip", "Content-Disposition": zip.disposition, "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" });
    // Everything was checked; from here a failure can only cut the zip short, so the connection is dropped and the
    // client sees an incomplete download rather than a zip that looks whole.
    await zip.write(res).catch(() => res.destroy());
  });

  return router;
}
