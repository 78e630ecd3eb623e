import { Server, type ServerOptions } from "@tus/server";
import { type Request, type Response, Router } from "express";
import { z } from "zod";
import type { ErrorCode } from "../../contract/errors.ts";
import { VIDEO_UPLOADS_PATH } from "../../contract/videos.ts";
import type { AuthMiddleware } from "../auth/middleware.ts";
import { errorBody, toAppError } from "../errors/to-app-error.ts";
import type { Logger } from "../logger.ts";
import { missingVideo } from "./record.ts";
import type { VideoService } from "./service.ts";
import type { UploadFiles } from "./upload-files.ts";

/** What the Express side learnt before tus took the request: who asks, and the id its creation was given. */
interface UploadLocals {
  videoUserId?: string;
  videoUploadId?: string;
  /** onResponseError wrote the API's JSON error body. */
  videoJsonError?: boolean;
}

const JSON_TYPE = "application/json; charset=utf-8";

/**
 * tus hands Node its answer as a flat list of header names and values, typed text/plain for any text body: an
 * error body that onResponseError made JSON is labelled as JSON instead.
 */
function labelJsonErrors(res: Response): void {
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => Response;
  (res as { writeHead: unknown }).writeHead = (status: number, ...rest: unknown[]) => {
    if (!(res.locals as UploadLocals).videoJsonError) return writeHead(status, ...rest);
    const labelled = rest.map((arg) => {
      if (!Array.isArray(arg)) return arg;
      const out: unknown[] = [];
      for (let i = 0; i + 1 < arg.length; i += 2) if (String(arg[i]).toLowerCase() !== "content-type") out.push(arg[i], arg[i + 1]);
      return [...out, "Content-Type", JSON_TYPE];
    });
    return writeHead(status, ...labelled);
  };
}

type TusRequest = Parameters<NonNullable<ServerOptions["onUploadFinish"]>>[0];

/** The Express response behind tus's request (srvx keeps the Node pair as `runtime.node`). */
function nodeResponse(req: TusRequest): Response {
  const res = (req as { runtime?: { node?: { res?: unknown } } }).runtime?.node?.res;
  if (!res) throw new Error("tus ran outside Node's HTTP server");
  return res as Response;
}

function uploadLocals(req: TusRequest): { videoUserId: string; videoUploadId: string } {
  const locals = nodeResponse(req).locals as UploadLocals;
  if (!locals.videoUserId || !locals.videoUploadId) throw new Error("a tus request reached tus without its owner");
  return { videoUserId: locals.videoUserId, videoUploadId: locals.videoUploadId };
}

/** tus's own refusals (offset conflicts, a body past Upload-Length) in the API's words, under its status. */
function tusRefusal(status: number, text: string): { status_code: number; body: string } {
  const code: ErrorCode = status === 413 ? "payload_too_large:video" : status === 404 || status === 410 ? "not_found:video" : status >= 500 ? "internal:unexpected" : "invalid:upload";
  return { status_code: status, body: JSON.stringify({ error: text.trim() || "The upload could not be taken.", code }) };
}

const idSchema = z.uuid();

/** A HEAD's answer for an upload that is whole: its offset is its length (tus 1.0.0). */
function answerComplete(res: Response, bytes: number): void {
  res.status(200).set({ "Tus-Resumable": "1.0.0", "Upload-Offset": String(bytes), "Upload-Length": String(bytes), "Cache-Control": "no-store" }).end();
}

/** True when tus holds every byte of the upload (its offset has reached its declared length). */
async function wholeUpload(uploads: UploadFiles, id: string): Promise<boolean> {
  const upload = await uploads.datastore.getUpload(id).catch(() => undefined);
  return upload?.size !== undefined && upload.size > 0 && upload.offset === upload.size;
}

/**
 * The resumable video upload (tus 1.0.0, decision 039) at VIDEO_UPLOADS_PATH: POST creates, HEAD tells the offset,
 * PATCH appends, DELETE abandons. Signed-in only, and the same-origin rule of every mutating route applies (mounted
 * under /api). The rules run before tus sees a request: the creation's size, name, type and the account's limits
 * (the row is made then, so its id names the upload), and on every later request the upload's owner. The last byte
 * runs the probe; its answer is the video (200, JSON) or the refusal, each as JSON like the rest of the API.
 */
export function videoUploadRoutes(deps: { auth: AuthMiddleware; videos: VideoService; uploads: UploadFiles; maxBytes: number; logger: Logger }): Router {
  const { auth, videos } = deps;
  const tus = new Server({
    path: VIDEO_UPLOADS_PATH,
    datastore: deps.uploads.datastore,
    relativeLocation: true,
    maxSize: deps.maxBytes,
    // Same origin only: no Access-Control-Allow-Origin is ever sent.
    allowedOrigins: () => false,
    namingFunction: (req) => uploadLocals(req).videoUploadId,
    // The upload is the one whose owner the Express side checked, never what tus would read off the URL's end (a
    // query string such as `?x=/<another id>` would otherwise name someone else's upload).
    getFileIdFromRequest: (req) => (nodeResponse(req).locals as UploadLocals).videoUploadId,
    async onUploadFinish(req) {
      const { videoUserId, videoUploadId } = uploadLocals(req);
      const video = await videos.finishUpload(videoUserId, videoUploadId);
      return { status_code: 200, headers: { "Content-Type": JSON_TYPE, "Cache-Control": "no-store" }, body: JSON.stringify({ video }) };
    },
    onResponseError(req, err) {
      (nodeResponse(req).locals as UploadLocals).videoJsonError = true;
      if (!(err instanceof Error) && typeof err.status_code === "number") return tusRefusal(err.status_code, err.body);
      const appError = toAppError(err);
      if (appError.status >= 500) deps.logger.error({ err }, "video upload failed");
      return { status_code: appError.status, body: JSON.stringify(errorBody(appError)) };
    },
  });

  const router = Router();
  const handle = async (req: Request, res: Response) => {
    const { user } = await auth.requireAuth(req, res);
    const locals = res.locals as UploadLocals;
    locals.videoUserId = user.id;
    const rawId = req.params.id;
    if (rawId === undefined) {
      const declared = { length: req.get("Upload-Length"), deferLength: req.get("Upload-Defer-Length"), metadata: req.get("Upload-Metadata") };
      locals.videoUploadId = await videos.beginUpload(user.id, declared);
    } else {
      const id = idSchema.safeParse(rawId);
      if (!id.success) throw missingVideo();
      // The last PATCH's answer was lost: the owner's HEAD of an upload already finished says it is complete, so
      // tus-js-client ends instead of creating the upload again.
      const finishedBytes = req.method === "HEAD" ? await videos.finishedUploadBytes(user.id, id.data) : undefined;
      if (finishedBytes !== undefined) {
        answerComplete(res, finishedBytes);
        return;
      }
      await videos.assertUploading(user.id, id.data);
      locals.videoUploadId = id.data;
      // Every byte is in but finishing failed on the server's side: the HEAD of the client's retry finishes it.
      if (req.method === "HEAD" && (await wholeUpload(deps.uploads, id.data))) {
        const video = await videos.finishUpload(user.id, id.data);
        answerComplete(res, video.bytes);
        return;
      }
    }
    labelJsonErrors(res);
    await tus.handle(req, res);
    // tus refused the creation after its row was made: the row goes, so it holds no quota.
    if (rawId === undefined && res.statusCode >= 400) await videos.abandonUpload(user.id, locals.videoUploadId);
    // An abandoned upload (tus's DELETE) takes its row along.
    if (req.method === "DELETE" && res.statusCode < 300) await videos.abandonUpload(user.id, locals.videoUploadId);
  };
  router.post(VIDEO_UPLOADS_PATH, handle);
  router.head(`${VIDEO_UPLOADS_PATH}/:id`, handle);
  router.patch(`${VIDEO_UPLOADS_PATH}/:id`, handle);
  router.delete(`${VIDEO_UPLOADS_PATH}/:id`, handle);
  // tus's discovery (versions, extensions, the largest size): no account needed, nothing is read or written.
  router.options([VIDEO_UPLOADS_PATH, `${VIDEO_UPLOADS_PATH}/:id`], (req, res) => tus.handle(req, res));
  return router;
}
