import { type RequestHandler, Router } from "express";
import { z } from "zod";
import {
  COMPARISONS_CURSOR_MAX_LENGTH,
  COMPARISONS_PAGE_DEFAULT,
  COMPARISONS_PAGE_MAX,
  COMPARISONS_PATH,
  type ComparisonListResponse,
  type ComparisonResponse,
  createComparisonRequestSchema,
  pickWinnerRequestSchema,
} from "../../contract/comparisons.ts";
import type { AuthMiddleware } from "../auth/middleware.ts";
import { AppError } from "../errors/app-error.ts";
import { type ComparisonService, missingComparison } from "./service.ts";

const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(COMPARISONS_PAGE_MAX).default(COMPARISONS_PAGE_DEFAULT),
  cursor: z.string().max(COMPARISONS_CURSOR_MAX_LENGTH).optional(),
});
const idSchema = z.uuid();

/** A malformed id is answered like a missing comparison: nothing about other ids leaks, and no bad uuid reaches SQL. */
function comparisonIdOf(raw: unknown): string {
  const parsed = idSchema.safeParse(raw);
  if (!parsed.success) throw missingComparison();
  return parsed.data.toLowerCase();
}

/**
 * Compare models side by side (docs/product/compare.md): start one (paid, so idempotent under an Idempotency-Key), read
 * one, list yours, pick a winner. Owner checks live in the service.
 */
export function comparisonRoutes(deps: { auth: AuthMiddleware; comparisons: ComparisonService; jsonBody: RequestHandler; idempotent: RequestHandler }): Router {
  const { auth, comparisons } = deps;
  const router = Router();
  const noStore = { "Cache-Control": "no-store" };

  router.post(COMPARISONS_PATH, deps.jsonBody, deps.idempotent, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    if (!req.is("application/json")) throw new AppError("unsupported_media_type:json", "Send the request as JSON.");
    const { prompt, imageId, conversationId, expectedModels } = createComparisonRequestSchema.parse(req.body);
    if ((prompt === undefined) === (imageId === undefined)) throw new AppError("invalid:body", "Send exactly one of prompt or imageId.");
    const ask = imageId !== undefined ? { imageId } : { prompt: prompt ?? "" };
    const body: ComparisonResponse = { comparison: await comparisons.create(user.id, ask, { conversationId, quoted: expectedModels && { modelIds: expectedModels } }) };
    res.set(noStore).status(202).json(body);
  });

  router.get(COMPARISONS_PATH, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const body: ComparisonListResponse = await comparisons.list(user.id, listQuerySchema.parse(req.query));
    res.set(noStore).json(body);
  });

  router.get(`${COMPARISONS_PATH}/:id`, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const body: ComparisonResponse = { comparison: await comparisons.read(user.id, comparisonIdOf(req.params.id)) };
    res.set(noStore).json(body);
  });

  router.post(`${COMPARISONS_PATH}/:id/winner`, deps.jsonBody, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    if (!req.is("application/json")) throw new AppError("unsupported_media_type:json", "Send the request as JSON.");
    const id = comparisonIdOf(req.params.id);
    const { imageId, language } = pickWinnerRequestSchema.parse(req.body);
    const body: ComparisonResponse = { comparison: await comparisons.pickWinner(user.id, id, imageId, language) };
    res.set(noStore).json(body);
  });

  return router;
}
