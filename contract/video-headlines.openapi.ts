// The video headlines operation in the OpenAPI document (contract/openapi.ts assembles the parts).
import { z } from "zod/mini";
import { crossSiteCookie, jsonBodyErrors, noStore, type OpenApiPart, type ParameterSpec, serverErrors, signedIn } from "./openapi-operation.ts";
import { videoHeadlinesRequestSchema, videoHeadlinesResponseSchema } from "./videos.ts";

const videoId: ParameterSpec = { name: "id", in: "path", description: "One of your videos; anyone else's, or a malformed id, is 404.", schema: z.uuid() };

export const videoHeadlinesOpenApi: OpenApiPart = {
  requestComponents: { VideoHeadlinesRequest: videoHeadlinesRequestSchema },
  responseComponents: { VideoHeadlinesResponse: videoHeadlinesResponseSchema },
  operations: [
    {
      operationId: "videoHeadlines",
      method: "post",
      path: "/api/videos/{id}/headlines",
      summary:
        "What is said in the half minute around `timeMs` of your video (transcribed by the server's transcription model), and up to three short headlines from it, in the language spoken. Free.",
      tag: "videos",
      auth: true,
      parameters: [videoId],
      requestBody: videoHeadlinesRequestSchema,
      responses: { 200: { description: `The transcript (empty for a silent video) and the headlines. ${noStore}`, body: videoHeadlinesResponseSchema } },
      errors: {
        ...jsonBodyErrors,
        400: "`invalid:body` or `invalid:json`.",
        ...signedIn,
        ...crossSiteCookie,
        404: "`not_found:video`: no such video, or not yours.",
        409: "`conflict:video_not_ready` while the video is still being uploaded, or `not_configured:transcription`: this server has no transcription model.",
        ...serverErrors,
        503: "`unavailable:transcription`: the transcription model failed or is busy; try again in a minute.",
      },
    },
  ],
};
