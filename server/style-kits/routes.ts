import { type Request, type RequestHandler, Router } from "express";
import { z } from "zod";
import { createStyleKitRequestSchema, renameStyleKitRequestSchema, STYLE_KITS_PATH } from "../../contract/style-kits.ts";
import type { AuthMiddleware } from "../auth/middleware.ts";
import { AppError } from "../errors/app-error.ts";
import type { StyleKitService } from "./service.ts";

const idSchema = z.uuid();

/** A malformed id is answered like a missing one: nothing about other ids leaks, and no bad uuid reaches SQL. */
function idOf(req: Request): string {
  const parsed = idSchema.safeParse(req.params.id);
  if (!parsed.success) throw new AppError("not_found:style_kit", "That style kit does not exist.");
  return parsed.data;
}

/** Style kits (docs/product/style-kits.md): learned, listed, read, renamed and deleted; owner checks in the service. */
export function styleKitRoutes(deps: { auth: AuthMiddleware; styleKits: StyleKitService; jsonBody: RequestHandler; idempotent: RequestHandler }): Router {
  const { auth, styleKits, jsonBody, idempotent } = deps;
  const router = Router();
  const noStore = { "Cache-Control": "no-store" };

  router.get(STYLE_KITS_PATH, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    res.set(noStore).json({ kits: await styleKits.list(user.id) });
  });

  router.post(STYLE_KITS_PATH, jsonBody, idempotent, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const body = createStyleKitRequestSchema.parse(req.body);
    // Learning takes seconds: a client that goes away stops it between pictures, and nothing is stored.
    const gone = new AbortController();
    res.on("close", () => {
      if (!res.writableEnded) gone.abort(new Error("the client went away"));
    });
    res.set(noStore).status(201).json({ kit: await styleKits.create(user.id, body, gone.signal) });
  });

  router.get(`${STYLE_KITS_PATH}/:id`, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    res.set(noStore).json({ kit: await styleKits.read(user.id, idOf(req)) });
  });

  router.patch(`${STYLE_KITS_PATH}/:id`, jsonBody, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const id = idOf(req);
    res.set(noStore).json({ kit: await styleKits.rename(user.id, id, renameStyleKitRequestSchema.parse(req.body).name) });
  });

  router.delete(`${STYLE_KITS_PATH}/:id`, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    await styleKits.delete(user.id, idOf(req));
    res.status(204).end();
  });

  return router;
}
