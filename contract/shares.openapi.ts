// The share links' operations in the OpenAPI document (contract/openapi.ts assembles the parts). The page itself
// (`/s/{token}`) and its image bytes (`/s/{token}/images/{imageId}/{variant}`) are not API paths: docs/product/sharing.md.
import { z } from "zod/mini";
import { crossSiteCookie, jsonBodyErrors, noStore, type OpenApiPart, type ParameterSpec, rateLimited, serverErrors, signedIn } from "./openapi-operation.ts";
import {
  createShareRequestSchema,
  createShareResponseSchema,
  PUBLIC_SHARE_API_PATH,
  publicShareResponseSchema,
  shareKinds,
  shareListResponseSchema,
  shareResponseSchema,
  SHARES_PATH,
  shareTokenSchema,
  shareVoteRequestSchema,
  shareVoteResponseSchema,
} from "./shares.ts";

const token: ParameterSpec = { name: "token", in: "path", description: "The link's token (43 base64url characters); a malformed one is a 404 like a revoked one.", schema: shareTokenSchema };
const shareId: ParameterSpec = { name: "id", in: "path", description: "The link's id; someone else's is a 404.", schema: z.uuid() };
const gone = { 404: "`not_found:share`: no such link, or it was revoked or has expired, or nothing it showed is left." };
const privateNoindex = "Cache-Control: private, no-store; X-Robots-Tag: noindex, nofollow.";

export const sharesOpenApi: OpenApiPart = {
  requestComponents: { CreateShareRequest: createShareRequestSchema, ShareVoteRequest: shareVoteRequestSchema },
  responseComponents: {
    CreateShareResponse: createShareResponseSchema,
    ShareListResponse: shareListResponseSchema,
    ShareResponse: shareResponseSchema,
    PublicShareResponse: publicShareResponseSchema,
    ShareVoteResponse: shareVoteResponseSchema,
  },
  operations: [
    {
      operationId: "createShare",
      method: "post",
      path: SHARES_PATH,
      summary: "Makes a read-only link to one of your ready images, packs or comparisons, for good or for 1, 7 or 30 days. The answer's `path` is the only time the link is sent.",
      tag: "shares",
      auth: true,
      requestBody: createShareRequestSchema,
      responses: { 201: { description: `The link and its path \`/s/<token>\`. ${noStore}`, body: createShareResponseSchema } },
      errors: { ...jsonBodyErrors, ...signedIn, ...crossSiteCookie, 404: "`not_found:share_target`: nothing ready of yours under that kind and id.", ...serverErrors },
    },
    {
      operationId: "listShares",
      method: "get",
      path: SHARES_PATH,
      summary: "Your links to one image, pack or comparison, newest first (50 at most), each with its status and its tally per source.",
      tag: "shares",
      auth: true,
      parameters: [
        { name: "kind", in: "query", description: "image, pack or comparison.", schema: z.enum(shareKinds), required: true },
        { name: "targetId", in: "query", description: "The image's, pack's or comparison's id.", schema: z.uuid(), required: true },
      ],
      responses: { 200: { description: `The links. ${noStore}`, body: shareListResponseSchema } },
      errors: { 400: "`invalid:body`: kind or targetId missing or invalid.", ...signedIn, ...serverErrors },
    },
    {
      operationId: "revokeShare",
      method: "post",
      path: `${SHARES_PATH}/{id}/revoke`,
      summary: "Revokes a link: its page, its image URLs and its votes answer 404 from the next request on. Its votes are kept.",
      tag: "shares",
      auth: true,
      parameters: [shareId],
      responses: { 200: { description: `The link, revoked. ${noStore}`, body: shareResponseSchema } },
      errors: { ...signedIn, ...crossSiteCookie, 404: "`not_found:share`: no such link of yours.", ...serverErrors },
    },
    {
      operationId: "getSharedPage",
      method: "get",
      path: `${PUBLIC_SHARE_API_PATH}/{token}`,
      summary: "What a share page shows, without an account: its images (no prompt, no owner), whether it takes votes, and this browser's vote.",
      tag: "shares",
      auth: false,
      parameters: [token],
      responses: { 200: { description: `The page's data. ${privateNoindex}`, body: publicShareResponseSchema } },
      errors: { ...gone, ...serverErrors },
    },
    {
      operationId: "voteOnShare",
      method: "post",
      path: `${PUBLIC_SHARE_API_PATH}/{token}/vote`,
      summary:
        "Votes for one of a shared pack's or comparison's images, once per browser (an httpOnly cookie scoped to this path): a second vote changes the first. Counted per address.",
      tag: "shares",
      auth: false,
      parameters: [token],
      requestBody: shareVoteRequestSchema,
      responses: { 200: { description: `This browser's vote. ${privateNoindex}`, body: shareVoteResponseSchema } },
      errors: {
        ...jsonBodyErrors,
        400: "`invalid:share_vote` (not one of the page's choices, or a single image) or `invalid:body`.",
        ...gone,
        ...rateLimited,
        ...serverErrors,
      },
    },
  ],
};
