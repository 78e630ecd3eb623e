import { type Request, Router } from "express";
import { z } from "zod";
import { PACKS_PATH, type PackResponse } from "../../contract/images.ts";
import type { AuthMiddleware } from "../auth/middleware.ts";
import { AppError } from "../errors/app-error.ts";
import type { PackService } from "./pack-service.ts";

const idSchema = z.uuid();

/** A malformed id is answered like a missing pack: nothing about other ids leaks, and no bad uuid reaches SQL. */
function packIdOf(req: Request): string {
  const parsed = idSchema.safeParse(req.params.id);
  if (!parsed.success) throw new AppError("not_found:pack", "That pack does not exist.");
  return parsed.data;
}

/** A/B packs (docs/product/images.md, The A/B pack): the three records, and the zip for YouTube's Test & Compare. */
export function packRoutes(deps: { auth: AuthMiddleware; packs: PackService }): Router {
  const { auth, packs } = deps;
  const router = Router();

  router.get(`${PACKS_PATH}/:id`, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const body: PackResponse = { pack: await packs.record(user.id, packIdOf(req)) };
    res.set("Cache-Control", "no-store").json(body);
  });

  router.get(`${PACKS_PATH}/:id/zip`, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const { filename, bytes } = await packs.zip(user.id, packIdOf(req));
    res.set({
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Content-Length": String(bytes.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
    res.end(bytes);
  });

  return router;
}
