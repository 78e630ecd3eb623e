import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import express, { type Request, type Response, Router } from "express";
import { z } from "zod";
import { type VideoFrameResponse, type VideoListResponse, videoFrameRequestSchema, type VideoResponse } from "../../contract/videos.ts";
import type { AuthMiddleware } from "../auth/middleware.ts";
import { AppError } from "../errors/app-error.ts";
import { missingVideo } from "./record.ts";
import type { VideoService } from "./service.ts";

const idSchema = z.uuid();
const rankSchema = z.coerce.number().int().min(0).max(99);

function videoIdOf(req: Request): string {
  const parsed = idSchema.safeParse(req.params.id);
  if (!parsed.success) throw missingVideo();
  return parsed.data;
}

const noStore = (res: Response) => res.set("Cache-Control", "no-store");

/** A preview's JPEG: private, checked against the server on every use (a new analysis writes new bytes under it). */
async function sendJpeg(res: Response, file: { stream: Readable; size: number }): Promise<void> {
  res.set({ "Content-Type": "image/jpeg", "Content-Length": String(file.size), "Cache-Control": "private, no-cache", "X-Content-Type-Options": "nosniff" });
  // pipeline closes the file when the client goes away mid-download; pipe() would keep it open.
  await pipeline(file.stream, res).catch(() => undefined);
}

/**
 * A creator's videos (docs/product/videos.md, The API), at VIDEOS_PATH and videoPath(id) and the paths under it
 * (written out: the OpenAPI test reads route paths from the source). One service call each; another user's video
 * answers 404 `not_found:video` like a missing one.
 */
export function videoRoutes(deps: { auth: AuthMiddleware; videos: VideoService; jsonBody: express.RequestHandler }): Router {
  const { auth, videos, jsonBody } = deps;
  const router = Router();

  router.get("/api/videos", async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const body: VideoListResponse = { videos: await videos.list(user.id) };
    noStore(res).json(body);
  });

  router.get("/api/videos/:id", async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const body: VideoResponse = { video: await videos.get(user.id, videoIdOf(req)) };
    noStore(res).json(body);
  });

  router.delete("/api/videos/:id", async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    await videos.remove(user.id, videoIdOf(req));
    res.status(204).end();
  });

  router.post("/api/videos/:id/cancel", async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const body: VideoResponse = { video: await videos.cancel(user.id, videoIdOf(req)) };
    noStore(res).json(body);
  });

  router.post("/api/videos/:id/analyse", async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const body: VideoResponse = { video: await videos.analyse(user.id, videoIdOf(req)) };
    noStore(res).json(body);
  });

  router.get("/api/videos/:id/candidates/:rank", async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const rank = rankSchema.safeParse(req.params.rank);
    if (!rank.success) throw new AppError("not_found:video_frame", "That frame does not exist.");
    await sendJpeg(res, await videos.candidate(user.id, videoIdOf(req), rank.data));
  });

  router.get("/api/videos/:id/filmstrip", async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    await sendJpeg(res, await videos.filmstrip(user.id, videoIdOf(req)));
  });

  router.post("/api/videos/:id/frames", jsonBody, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    if (!req.is("application/json")) throw new AppError("unsupported_media_type:json", "Send the request as JSON.");
    const id = videoIdOf(req);
    const { timeMs } = videoFrameRequestSchema.parse(req.body);
    const body: VideoFrameResponse = await videos.pickFrame(user.id, id, timeMs);
    noStore(res).status(202).json(body);
  });

  return router;
}
