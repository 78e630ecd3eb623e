import { pipeline } from "node:stream/promises";
import { type Request, type Response, Router } from "express";
import { z } from "zod";
import {
  type GalleryResponse,
  generateImageRequestSchema,
  type ImageResponse,
  imageVariants,
  MAX_UPLOAD_BYTES,
  type ModelsResponse,
} from "../../contract/images.ts";
import type { AuthMiddleware } from "../auth/middleware.ts";
import { AppError } from "../http/app-error.ts";
import type { GenerationService } from "./generation-service.ts";
import { type ReceivedFile, receiveImageUpload } from "./multipart.ts";
import type { ModelRegistry } from "./registry.ts";
import { type ImageService, toImageRecord } from "./service.ts";

const idSchema = z.uuid();
const variantSchema = z.enum(imageVariants);
const galleryQuerySchema = z.object({
  kind: z.enum(["generated", "subject-replaced"]).optional(),
  limit: z.coerce.number().int().min(1).max(60).default(24),
  cursor: z.string().max(200).optional(),
});

/** A malformed id is answered like a missing image: nothing about other ids leaks, and no bad uuid reaches SQL. */
function imageIdOf(req: Request): string {
  const parsed = idSchema.safeParse(req.params.id);
  if (!parsed.success) throw new AppError("not_found:image", "That image does not exist.");
  return parsed.data;
}

const encodeCursor = (createdAt: Date, id: string) => Buffer.from(`${createdAt.toISOString()}|${id}`).toString("base64url");
// Cursors carry a stored created_at as encodeCursor wrote it: another date format, or a year outside what the
// table can hold (PostgreSQL refuses years before 4713 BC, JavaScript dates outlive it), never reaches SQL.
const EARLIEST_CURSOR = Date.UTC(1970, 0, 1);
const LATEST_CURSOR = Date.UTC(10_000, 0, 1);
function decodeCursor(cursor: string | undefined): { createdAt: Date; id: string } | undefined {
  if (!cursor) return undefined;
  const [iso, id, ...rest] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(iso ?? "");
  const time = createdAt.getTime();
  const canonical = !Number.isNaN(time) && time >= EARLIEST_CURSOR && time < LATEST_CURSOR && createdAt.toISOString() === iso;
  if (!canonical || rest.length > 0 || !idSchema.safeParse(id).success) throw new AppError("invalid:cursor", "That page cursor is not valid.");
  return { createdAt, id: id as string };
}

/** Images (docs/product/images.md): models, generation, uploads, records, bytes, gallery. Handlers: parse, one call. */
export function imageRoutes(deps: {
  registry: ModelRegistry;
  auth: AuthMiddleware;
  images: ImageService;
  generation: GenerationService;
  uploadTempDir: string;
}): Router {
  const { auth, images } = deps;
  const router = Router();
  const noStore = (res: Response) => res.set("Cache-Control", "no-store");

  // Public, so the waitlist page and the app's model picker read the same list.
  router.get("/api/models", (_req, res) => {
    const body: ModelsResponse = { models: deps.registry.list() };
    res.set("Cache-Control", "no-cache").json(body);
  });

  router.post("/api/generate-kontext-image", async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    if (!req.is("application/json")) throw new AppError("unsupported_media_type:json", "Send the request as JSON.");
    const body: ImageResponse = { image: await deps.generation.request(user.id, generateImageRequestSchema.parse(req.body)) };
    noStore(res).status(202).json(body);
  });

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
    if (req.params.userId !== user.id) throw new AppError("forbidden:user", "You can only see your own gallery.");
    const query = galleryQuerySchema.parse(req.query);
    const rows = await images.gallery(user.id, { kind: query.kind, limit: query.limit + 1, after: decodeCursor(query.cursor) });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const body: GalleryResponse = {
      images: page.map(toImageRecord),
      nextCursor: rows.length > query.limit && last ? encodeCursor(last.createdAt, last.id) : null,
    };
    noStore(res).json(body);
  });

  return router;
}
