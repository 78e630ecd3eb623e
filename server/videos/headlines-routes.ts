import type express from "express";
import { Router } from "express";
import { z } from "zod";
import { type VideoHeadlinesResponse, videoHeadlinesRequestSchema } from "../../contract/videos.ts";
import type { AuthMiddleware } from "../auth/middleware.ts";
import { AppError } from "../errors/app-error.ts";
import type { VideoHeadlines } from "./headlines-service.ts";
import { missingVideo } from "./record.ts";

const idSchema = z.uuid();

/**
 * POST /api/videos/:id/headlines (videoHeadlinesPath): what is said around `timeMs` and headlines from it. The answer
 * stops when the client goes away: the sound cut and the transcription are aborted with it.
 */
export function videoHeadlinesRoutes(deps: { auth: AuthMiddleware; headlines: VideoHeadlines; jsonBody: express.RequestHandler }): Router {
  const router = Router();
  router.post("/api/videos/:id/headlines", deps.jsonBody, async (req, res) => {
    const { user } = await deps.auth.requireAuth(req, res);
    if (!req.is("application/json")) throw new AppError("unsupported_media_type:json", "Send the request as JSON.");
    const id = idSchema.safeParse(req.params.id);
    if (!id.success) throw missingVideo();
    const { timeMs } = videoHeadlinesRequestSchema.parse(req.body);
    const gone = new AbortController();
    res.on("close", () => {
      if (!res.writableEnded) gone.abort(new Error("the client went away"));
    });
    const body: VideoHeadlinesResponse = await deps.headlines.headlines(user.id, id.data, timeMs, gone.signal);
    res.set("Cache-Control", "no-store").json(body);
  });
  return router;
}
