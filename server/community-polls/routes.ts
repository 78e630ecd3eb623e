import { type RequestHandler, Router } from "express";
import { z } from "zod";
import {
  COMMUNITY_POLLS_PATH,
  type CommunityPollListResponse,
  communityPollListQuerySchema,
  type CommunityPollResponse,
  createCommunityPollRequestSchema,
} from "../../contract/community-polls.ts";
import type { AuthMiddleware } from "../auth/middleware.ts";
import { AppError } from "../errors/app-error.ts";
import { type CommunityPollService, missingPoll } from "./service.ts";

const idSchema = z.uuid();

/**
 * Community polls (docs/product/community-votes.md): post one to Discord (idempotent under an Idempotency-Key), list
 * a pack's, a comparison's or an image's, close one early. Owner checks live in the service.
 */
export function communityPollRoutes(deps: { auth: AuthMiddleware; polls: CommunityPollService; jsonBody: RequestHandler; idempotent: RequestHandler }): Router {
  const { auth, polls } = deps;
  const router = Router();
  const noStore = { "Cache-Control": "no-store" };

  router.post(COMMUNITY_POLLS_PATH, deps.jsonBody, deps.idempotent, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    if (!req.is("application/json")) throw new AppError("unsupported_media_type:json", "Send the request as JSON.");
    const body: CommunityPollResponse = { poll: await polls.create(user.id, createCommunityPollRequestSchema.parse(req.body)) };
    res.set(noStore).status(201).json(body);
  });

  router.get(COMMUNITY_POLLS_PATH, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const body: CommunityPollListResponse = await polls.list(user.id, communityPollListQuerySchema.parse(req.query));
    res.set(noStore).json(body);
  });

  router.post(`${COMMUNITY_POLLS_PATH}/:id/close`, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const id = idSchema.safeParse(req.params.id);
    if (!id.success) throw missingPoll();
    const body: CommunityPollResponse = { poll: await polls.close(user.id, id.data.toLowerCase()) };
    res.set(noStore).json(body);
  });

  return router;
}
