// The feed check's operations in the OpenAPI document (contract/openapi.ts assembles the parts).
import { feedCheckResponseSchema, feedFixRequestSchema, feedFixResponseSchema } from "./feed-check.ts";
import { imageId } from "./images.openapi.ts";
import { crossSiteCookie, jsonBodyErrors, noStore, type OpenApiPart, serverErrors, signedIn } from "./openapi-operation.ts";

export const feedCheckOpenApi: OpenApiPart = {
  requestComponents: {
    FeedFixRequest: feedFixRequestSchema,
  },
  responseComponents: {
    FeedCheckResponse: feedCheckResponseSchema,
    FeedFixResponse: feedFixResponseSchema,
  },
  operations: [
    {
      operationId: "checkImageInFeed",
      method: "post",
      path: "/api/images/{id}/check",
      summary:
        "Checks one of your finished images at YouTube's feed sizes (desktop, phone, TV; dark and light page) with the duration badge drawn: whether its headline reads back, its size, contrast, what the badge hides, and what to fix. Kept per image and title: asking again answers from the cache.",
      tag: "images",
      auth: true,
      parameters: [imageId],
      responses: { 200: { description: `The check. ${noStore}`, body: feedCheckResponseSchema } },
      errors: {
        ...signedIn,
        ...crossSiteCookie,
        404: "`not_found:image`: no such image, or not yours.",
        422: "`unprocessable:image`: the image is not finished.",
        429: "`rate_limited:feed-check`: too many checks made this hour (cached answers are not counted); Retry-After says when to try again.",
        ...serverErrors,
        503: "`unavailable:feed_check_busy` (with Retry-After) while the server has many checks waiting, or `unavailable:database`.",
      },
    },
    {
      operationId: "fixImageFinding",
      method: "post",
      path: "/api/images/{id}/fix",
      summary:
        "Mends one finding of the image's feed check with its scene edit, queued as a new edited image and priced like any edit (free when only the headline changes).",
      tag: "images",
      auth: true,
      idempotent: true,
      parameters: [imageId],
      requestBody: feedFixRequestSchema,
      responses: {
        202: { description: `The edit, queued as a new image. ${noStore}`, body: feedFixResponseSchema },
        200: { description: `\`{ outcome: "no-change" }\`: the scene already is that way. ${noStore}`, body: feedFixResponseSchema },
      },
      errors: {
        ...jsonBodyErrors,
        ...signedIn,
        ...crossSiteCookie,
        402: "`insufficient_credits:generation`: the balance is short of the edit's cost; nothing is queued.",
        404: "`not_found:image`: no such image, or not yours.",
        422: "`unprocessable:finding`: the check has no such finding, or no edit mends it; `unprocessable:image` when the image cannot be edited.",
        429: "`rate_limited:feed-check`: too many checks made this hour; `rate_limited:free-edit`: too many free (headline-only) edits this hour. Retry-After says when to try again.",
        ...serverErrors,
        503: "`unavailable:feed_check_busy` (with Retry-After) while the server has many checks waiting, or `unavailable:database`.",
      },
    },
  ],
};
