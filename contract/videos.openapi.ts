// From your video's operations in the OpenAPI document (contract/openapi.ts assembles the parts).
import { z } from "zod/mini";
import { jsonBodyErrors, crossSiteCookie, noStore, type OpenApiPart, type ParameterSpec, serverErrors, signedIn } from "./openapi-operation.ts";
import { videoFrameRequestSchema, videoFrameResponseSchema, videoListResponseSchema, videoResponseSchema } from "./videos.ts";

const videoId: ParameterSpec = { name: "id", in: "path", description: "One of your videos; anyone else's, one expired without saved frames or a malformed id is 404.", schema: z.uuid() };
const uploadId: ParameterSpec = { name: "id", in: "path", description: "The upload's id (the last part of its Location): one of your uploads still arriving.", schema: z.uuid() };
const tusVersion: ParameterSpec = { name: "Tus-Resumable", in: "header", description: "`1.0.0`.", schema: z.literal("1.0.0"), required: true };
const notYours = { 404: "`not_found:video`: no such video, or not yours, or expired without saved frames." };
const unconfigured = "`not_configured:video`: FFmpeg is not installed on this server.";
const probeRefusals =
  "`unsupported_media_type:video` (415: not a video, or empty), `unprocessable:video_too_long`, `unprocessable:video_too_large`, `unprocessable:video_streams` or `unprocessable:video_unreadable` (422). The video and its bytes are deleted.";

export const videosOpenApi: OpenApiPart = {
  requestComponents: { VideoFrameRequest: videoFrameRequestSchema },
  responseComponents: { VideoResponse: videoResponseSchema, VideoListResponse: videoListResponseSchema, VideoFrameResponse: videoFrameResponseSchema },
  operations: [
    {
      operationId: "createVideoUpload",
      method: "post",
      path: "/api/videos/uploads",
      summary:
        "tus 1.0.0 creation: declares a video upload (Upload-Length, and Upload-Metadata with `filename` and `filetype`) and makes the video (status uploading, deleted after 24 hours). Send its bytes with PATCH to the Location; HEAD there tells the offset to resume from.",
      tag: "videos",
      auth: true,
      parameters: [
        tusVersion,
        { name: "Upload-Length", in: "header", description: "The file's size in bytes (deferred lengths are refused).", schema: z.string(), required: true },
        { name: "Upload-Metadata", in: "header", description: "`filename <base64>,filetype <base64>`: a video file name (.mp4, .m4v, .mov, .webm, .mkv) and type.", schema: z.string(), required: true },
      ],
      responses: {
        201: { description: "Created; nothing in the body.", headers: { Location: { description: "The upload's URL (relative).", schema: { type: "string" } } } },
      },
      errors: {
        400: "`invalid:upload` (no Upload-Length, malformed metadata) or `invalid:upload_name`.",
        ...signedIn,
        ...crossSiteCookie,
        413: "`payload_too_large:video`: larger than VIDEO_MAX_BYTES; `payload_too_large:video_quota`: your unexpired videos would pass VIDEO_STORAGE_QUOTA_BYTES.",
        415: "`unsupported_media_type:video`: not a video's name or type, or 0 bytes.",
        429: "`rate_limited:video-upload`: VIDEO_UPLOADS_PER_DAY uploads begun today; Retry-After says when to try again.",
        409: unconfigured,
        ...serverErrors,
      },
    },
    {
      operationId: "appendVideoUpload",
      method: "patch",
      path: "/api/videos/uploads/{id}",
      summary:
        "tus 1.0.0: appends bytes at Upload-Offset. The answer to the last byte is the video after its probe (200, JSON, status analysing); earlier ones are 204 with the new Upload-Offset.",
      tag: "videos",
      auth: true,
      parameters: [uploadId, tusVersion, { name: "Upload-Offset", in: "header", description: "Where these bytes go: what HEAD last said.", schema: z.string(), required: true }],
      requestBody: "tus-chunk",
      responses: {
        200: { description: `The whole file arrived and is a video we read: the video, finding its best frames. ${noStore}`, body: videoResponseSchema },
        204: { description: "Bytes taken.", headers: { "Upload-Offset": { description: "The bytes received so far.", schema: { type: "string" } } } },
      },
      errors: {
        400: "`invalid:upload`: a malformed tus request.",
        ...signedIn,
        ...crossSiteCookie,
        ...notYours,
        409: "`invalid:upload`: Upload-Offset is not the upload's offset (HEAD it and resume from there).",
        413: "`payload_too_large:video`: more bytes than Upload-Length.",
        415: probeRefusals,
        422: probeRefusals,
        ...serverErrors,
      },
    },
    {
      operationId: "abandonVideoUpload",
      method: "delete",
      path: "/api/videos/uploads/{id}",
      summary: "tus 1.0.0 termination: abandons an upload still arriving; its video and bytes are deleted.",
      tag: "videos",
      auth: true,
      parameters: [uploadId, tusVersion],
      responses: { 204: { description: "Abandoned." } },
      errors: { ...signedIn, ...crossSiteCookie, ...notYours, ...serverErrors },
    },
    {
      operationId: "listVideos",
      method: "get",
      path: "/api/videos",
      summary: "Your videos that have not expired, and those kept (status `expired`, files deleted) for the frames saved from them, newest first.",
      tag: "videos",
      auth: true,
      responses: { 200: { description: `The videos. ${noStore}`, body: videoListResponseSchema } },
      errors: { ...signedIn, ...serverErrors },
    },
    {
      operationId: "getVideo",
      method: "get",
      path: "/api/videos/{id}",
      summary: "One of your videos: its status, probe, progress, best frames and filmstrip.",
      tag: "videos",
      auth: true,
      parameters: [videoId],
      responses: { 200: { description: `The video. ${noStore}`, body: videoResponseSchema } },
      errors: { ...signedIn, ...notYours, ...serverErrors },
    },
    {
      operationId: "deleteVideo",
      method: "delete",
      path: "/api/videos/{id}",
      summary: "Deletes one of your videos and its files (a frame finder running on it stops). Frames picked from it are images and stay.",
      tag: "videos",
      auth: true,
      parameters: [videoId],
      responses: { 204: { description: "Deleted." } },
      errors: { ...signedIn, ...crossSiteCookie, ...notYours, ...serverErrors },
    },
    {
      operationId: "cancelVideoAnalysis",
      method: "post",
      path: "/api/videos/{id}/cancel",
      summary: "Stops finding frames: the video is cancelled at once, and the worker stops within a second. A video not being read is answered as it is.",
      tag: "videos",
      auth: true,
      parameters: [videoId],
      responses: { 200: { description: `The video. ${noStore}`, body: videoResponseSchema } },
      errors: { ...signedIn, ...crossSiteCookie, ...notYours, ...serverErrors },
    },
    {
      operationId: "analyseVideo",
      method: "post",
      path: "/api/videos/{id}/analyse",
      summary: "Finds the best frames again after a cancel or a failure. A ready video is answered as it is.",
      tag: "videos",
      auth: true,
      parameters: [videoId],
      responses: { 200: { description: `The video, finding frames. ${noStore}`, body: videoResponseSchema } },
      errors: {
        ...signedIn,
        ...crossSiteCookie,
        ...notYours,
        409: `\`conflict:video_busy\`: the video is still arriving or being read; ${unconfigured}`,
        ...serverErrors,
      },
    },
    {
      operationId: "getVideoCandidate",
      method: "get",
      path: "/api/videos/{id}/candidates/{rank}",
      summary: "One best frame's preview (JPEG, at most 640 px wide), by rank (0 is the best).",
      tag: "videos",
      auth: true,
      parameters: [videoId, { name: "rank", in: "path", description: "The frame's rank, as the video's `frames` list it.", schema: z.string() }],
      responses: { 200: { description: "The JPEG. Cache-Control: private, no-cache.", body: "jpeg" } },
      errors: { ...signedIn, 404: "`not_found:video` (no such video, or not yours) or `not_found:video_frame` (no frame of that rank).", ...serverErrors },
    },
    {
      operationId: "getVideoFilmstrip",
      method: "get",
      path: "/api/videos/{id}/filmstrip",
      summary: "The filmstrip: one JPEG of small tiles across the whole video (see the video's `filmstrip` for its grid).",
      tag: "videos",
      auth: true,
      parameters: [videoId],
      responses: { 200: { description: "The JPEG. Cache-Control: private, no-cache.", body: "jpeg" } },
      errors: { ...signedIn, ...notYours, 409: "`conflict:video_not_ready`: the frames are not found yet.", ...serverErrors },
    },
    {
      operationId: "pickVideoFrame",
      method: "post",
      path: "/api/videos/{id}/frames",
      summary:
        "Cuts the frame at `timeMs` out of the video, full size, as an upload image: pending until a worker has cut it (`image:update`), then ready and usable as a base image or a persona photo. Free; it is saved: never expiring, in the gallery under From video, `sourceVideo` linking it to the video.",
      tag: "videos",
      auth: true,
      parameters: [videoId],
      requestBody: videoFrameRequestSchema,
      responses: { 202: { description: `The image, pending. ${noStore}`, body: videoFrameResponseSchema } },
      errors: {
        ...jsonBodyErrors,
        ...signedIn,
        ...crossSiteCookie,
        ...notYours,
        409: `\`conflict:video_not_ready\`: the video is still arriving, or it expired and only its saved frames are kept; ${unconfigured}`,
        429: "`rate_limited:video-frame`: VIDEO_FRAMES_PER_USER_PER_HOUR frames picked this hour; Retry-After says when to try again.",
        ...serverErrors,
      },
    },
  ],
};
