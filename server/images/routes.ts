import { pipeline } from "node:stream/promises";
import { type Request, type Response, Router } from "express";
import { z } from "zod";
import { GALLERY_CURSOR_MAX_LENGTH, GALLERY_PAGE_DEFAULT, GALLERY_PAGE_MAX, galleryKinds, type GalleryResponse, type ImageResponse, imageVariants, MAX_UPLOAD_BYTES } from "../../contract/images.ts";
import type { AuthMiddleware } from "../auth/middleware.ts";
import { AppError } from "../errors/app-error.ts";
import { type ReceivedFile, receiveImageUpload } from "./multipart.ts";
import type { ImageService } from "./service.ts";

const idSchema = z.uuid();
const variantSchema = z.enum(imageVariants);
const galleryQuerySchema = z.object({
  kind: z.enum(galleryKinds).optional(),
  limit: z.coerce.number().int().min(1).max(GALLERY_PAGE_MAX).default(GALLERY_PAGE_DEFAULT),
  cursor: z.string().max(GALLERY_CURSOR_MAX_LENGTH).optional(),
});

/** A malformed id is answered like a missing image: nothing about other ids leaks, and no bad uuid reaches SQL. */
function imageIdOf(req: Request): string {
  const parsed = idSchema.safeParse(req.params.id);
  if (!parsed.success) throw new AppError("not_found:image", "That image does not exist.");
  return parsed.data;
}

const noStore = (res: Response) => res.set("Cache-Control", "no-store");

/** Stored images (docs/product/images.md): uploads, records, bytes and the gallery. Each handler parses its input and makes one call. */
export function imageRoutes(deps: { auth: AuthMiddleware; images: ImageService; uploadTempDir: string }): Router {
  const { auth, images } = deps;
  const router = Router();

  router.post("/api/upload-temp-image", async (req, res) => {
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
  });

  router.get("/api/images/:id", async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const body: ImageResponse = { image: await images.record(user.id, imageIdOf(req)) };
    noStore(res).json(body);
  });

  router.get("/api/images/:id/:variant", async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const variant = variantSchema.safeParse(req.params.variant);
    if (!variant.success) throw new AppError("not_found:image", "That image does not exist.");
    const id = imageIdOf(req);
    const file = await images.locate(user.id, id, variant.data);
    res.set({
      "Content-Type": file.contentType,
      // Private, and revalidated on every use: a browser never shows these bytes from its cache without the owner
      // check passing again, so after sign-out (or for the next account on a shared browser) they are gone.
      // An id's bytes never change, so the tag is the id and a revalidation is a 304 that reads no bytes. Logout
      // also sends Clear-Site-Data: "cache", which drops the stored copies themselves.
      "Cache-Control": "private, no-cache",
      ETag: `"${id}-${variant.data}"`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cross-Origin-Resource-Policy": "same-origin",
    });
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    const { body, size } = await images.read(file);
    res.set("Content-Length", String(size));
    if (req.query.download !== undefined) {
      res.set("Content-Disposition", `attachment; filename="thumbforge-${id.slice(0, 8)}.${file.extension}"`);
    }
    if (Buffer.isBuffer(body)) {
      res.end(body);
      return;
    }
    // pipeline closes the file when the client goes away mid-download; pipe() would keep it open.
    await pipeline(body, res).catch(() => undefined);
  });

  router.get("/api/users/:userId/gallery", async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const body: GalleryResponse = await images.galleryPage(user.id, req.params.userId, galleryQuerySchema.parse(req.query));
    noStore(res).json(body);
  });

  return router;
}
