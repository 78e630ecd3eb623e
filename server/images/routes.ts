import { pipeline } from "node:stream/promises";
import { type Request, type RequestHandler, type Response, Router } from "express";
import { z } from "zod";
import {
  downloadFormats,
  GALLERY_CURSOR_MAX_LENGTH,
  GALLERY_PAGE_DEFAULT,
  GALLERY_PAGE_MAX,
  GALLERY_SEARCH_MAX_LENGTH,
  galleryKinds,
  type GalleryResponse,
  type ImageDetailResponse,
  IMAGE_ZIP_PATH,
  type ImageResponse,
  type ImageVersionsResponse,
  imageVariants,
  imageTitleRequestSchema,
  imageZipRequestSchema,
  MAX_UPLOAD_BYTES,
} from "../../contract/images.ts";
import { PERSONA_UPLOAD_PATH } from "../../contract/personas.ts";
import type { AuthMiddleware } from "../auth/middleware.ts";
import { AppError } from "../errors/app-error.ts";
import { type ReceivedFile, receiveImageUpload } from "./multipart.ts";
import type { ImageService } from "./service.ts";

const idSchema = z.uuid();
const variantSchema = z.enum(imageVariants);
const galleryQuerySchema = z.object({
  kind: z.enum(galleryKinds).optional(),
  persona: z.uuid().optional(),
  video: z.uuid().optional(),
  model: z.string().trim().min(1).max(64).optional(),
  // Blank means no search; a NUL cannot be in a stored prompt, so it is refused rather than sent to SQL.
  q: z
    .string()
    .max(GALLERY_SEARCH_MAX_LENGTH)
    .refine((v) => !v.includes("\u0000"), "must not contain a NUL character")
    .transform((v) => v.trim() || undefined)
    .optional(),
  limit: z.coerce.number().int().min(1).max(GALLERY_PAGE_MAX).default(GALLERY_PAGE_DEFAULT),
  cursor: z.string().max(GALLERY_CURSOR_MAX_LENGTH).optional(),
});
const originalQuerySchema = z.object({ format: z.enum(downloadFormats).optional() });

/** A malformed id is answered like a missing image: nothing about other ids leaks, and no bad uuid reaches SQL. */
function imageIdOf(req: Request): string {
  const parsed = idSchema.safeParse(req.params.id);
  if (!parsed.success) throw new AppError("not_found:image", "That image does not exist.");
  return parsed.data;
}

const noStore = (res: Response) => res.set("Cache-Control", "no-store");

const versionSchema = z.string().regex(/^(0|[0-9a-f]{16})$/);
const imageHeaders = { "X-Content-Type-Options": "nosniff", "Content-Security-Policy": "default-src 'none'; sandbox", "Cross-Origin-Resource-Policy": "same-origin" };
const attachment = (id: string, extension: string) => `attachment; filename="thumbforge-${id.slice(0, 8)}.${extension}"`;

/**
 * GET an image variant's bytes, for its owner only. `version` is the immutable URL's (undefined on the old form): a
 * version that is not the stored one is a 404, never other bytes under a URL browsers keep for good.
 */
function variantServer(auth: AuthMiddleware, images: ImageService) {
  return async (req: Request, res: Response, version: { success: true; data: string } | { success: false } | undefined): Promise<void> => {
    const { userId } = await auth.requireViewer(req);
    const variant = variantSchema.safeParse(req.params.variant);
    if (!variant.success || version?.success === false) throw new AppError("not_found:image", "That image does not exist.");
    const id = imageIdOf(req);
    const { format } = originalQuerySchema.parse({ format: req.query.format });
    if (format && variant.data !== "original") throw new AppError("invalid:body", "Only the original can be converted.");
    const file = await images.locate(userId, id, variant.data, version?.data);
    if (format && format !== file.extension.replace("jpg", "jpeg")) {
      // Converted on request and never kept: the stored original is the one copy.
      const converted = await images.convertOriginal(file.key, format);
      res.set({ ...imageHeaders, "Content-Type": converted.contentType, "Content-Length": String(converted.bytes.length), "Cache-Control": "private, no-store" });
      if (req.query.download !== undefined) res.set("Content-Disposition", attachment(id, converted.extension));
      res.end(converted.bytes);
      return;
    }
    res.set({
      ...imageHeaders,
      "Content-Type": file.contentType,
      // Versioned: the bytes under this URL never change, so a browser keeps them for good without asking; private,
      // so no shared cache does, and logout's Clear-Site-Data: "cache" drops the browser's copies.
      // Unversioned (old links): revalidated on every use, the owner check passing again each time. A ready image's
      // bytes never change, so the tag is the id and a revalidation is a 304 that reads no bytes.
      "Cache-Control": version ? "private, max-age=31536000, immutable" : "private, no-cache",
      ETag: `"${id}-${variant.data}"`,
    });
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    const { body, size } = await images.read(file);
    res.set("Content-Length", String(size));
    if (req.query.download !== undefined) res.set("Content-Disposition", attachment(id, file.extension));
    if (Buffer.isBuffer(body)) {
      res.end(body);
      return;
    }
    // pipeline closes the file when the client goes away mid-download; pipe() would keep it open.
    await pipeline(body, res).catch(() => undefined);
  };
}

/** Stored images (docs/product/images.md): uploads, records, bytes and the gallery. Each handler parses its input and makes one call. */
export function imageRoutes(deps: { auth: AuthMiddleware; images: ImageService; uploadTempDir: string; jsonBody: RequestHandler }): Router {
  const { auth, images } = deps;
  const router = Router();
  const serveVariant = variantServer(auth, images);

  const upload: RequestHandler = async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const admission = await images.admitUpload(user.id);
    try {
      let file: ReceivedFile;
      try {
        file = await receiveImageUpload(req, { maxBytes: MAX_UPLOAD_BYTES, tempDir: deps.uploadTempDir });
      } catch (err) {
        // The rest of a refused body is not read: the connection closes after the answer.
        res.set("Connection", "close");
        throw err;
      }
      const body: ImageResponse = { image: await images.upload(user.id, file) };
      noStore(res).status(201).json(body);
    } finally {
      admission.release();
    }
  };
  router.post("/api/upload-temp-image", upload);
  // Persona photos are uploads like any other: their own path, the same rules.
  router.post(PERSONA_UPLOAD_PATH, upload);

  router.get("/api/images/:id", async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const body: ImageDetailResponse = await images.detail(user.id, imageIdOf(req));
    noStore(res).json(body);
  });

  router.get("/api/images/:id/versions", async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const body: ImageVersionsResponse = { versions: await images.versions(user.id, imageIdOf(req)) };
    noStore(res).json(body);
  });

  // The record's URLs name the version of the bytes: cached for good (docs/decisions/019-immutable-image-urls.md).
  router.get("/api/images/:id/:variant/:version", (req, res) => serveVariant(req, res, versionSchema.safeParse(req.params.version)));
  // The unversioned form, for links made before versions: revalidated on every use, as it always was.
  router.get("/api/images/:id/:variant", (req, res) => serveVariant(req, res, undefined));

  router.put("/api/images/:id/title", deps.jsonBody, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const body: ImageResponse = { image: await images.setTitle(user.id, imageIdOf(req), imageTitleRequestSchema.parse(req.body).title) };
    noStore(res).json(body);
  });

  router.delete("/api/images/:id", async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    await images.deleteImage(user.id, imageIdOf(req));
    res.status(204).end();
  });

  router.post(IMAGE_ZIP_PATH, deps.jsonBody, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const zip = await images.prepareZip(user.id, imageZipRequestSchema.parse(req.body).ids);
    res.set({
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${zip.filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    });
    // Every id was checked; from here a failure can only cut the zip short, so the connection is dropped and the
    // client sees an incomplete download rather than a zip that looks whole.
    await zip.write(res).catch(() => res.destroy());
  });

  router.get("/api/users/:userId/gallery", async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const body: GalleryResponse = await images.galleryPage(user.id, req.params.userId, galleryQuerySchema.parse(req.query));
    noStore(res).json(body);
  });

  return router;
}
