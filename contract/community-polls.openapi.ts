// The community polls' operations in the OpenAPI document (contract/openapi.ts assembles the parts). Votes are cast
// with the poll message's buttons in Discord and on share pages, not here: docs/product/community-votes.md.
import { z } from "zod/mini";
import {
  COMMUNITY_POLLS_PATH,
  communityPollListResponseSchema,
  communityPollResponseSchema,
  createCommunityPollRequestSchema,
} from "./community-polls.ts";
import { crossSiteCookie, jsonBodyErrors, noStore, type OpenApiPart, rateLimited, serverErrors, signedIn } from "./openapi-operation.ts";

export const communityPollsOpenApi: OpenApiPart = {
  requestComponents: { CreateCommunityPollRequest: createCommunityPollRequestSchema },
  responseComponents: { CommunityPollResponse: communityPollResponseSchema, CommunityPollListResponse: communityPollListResponseSchema },
  operations: [
    {
      operationId: "createCommunityPoll",
      idempotent: true,
      method: "post",
      path: COMMUNITY_POLLS_PATH,
      summary:
        "Puts a pack, a comparison (2–3 ready images) or 2–3 of your ready images to the Discord community: the bot posts them in the feedback channel with A/B/C buttons, open for `hours` (24 by default). Free. The poll starts as `posting`; `community:poll` events follow it.",
      tag: "polls",
      auth: true,
      requestBody: createCommunityPollRequestSchema,
      responses: { 201: { description: `The poll, \`posting\`. ${noStore}`, body: communityPollResponseSchema } },
      errors: {
        ...jsonBodyErrors,
        ...signedIn,
        ...crossSiteCookie,
        404: "`not_found:pack`, `not_found:comparison` or `not_found:image`: nothing of yours under that id.",
        409: "`conflict:discord_not_linked`: link your Discord account first (`/link` in the community server).",
        422: "`unprocessable:community_poll_images`: not 2 or 3 finished images.",
        ...rateLimited,
        500: serverErrors[500],
        503: "`unavailable:discord_feedback`: no Discord server or feedback channel is set up; `unavailable:database` (with Retry-After) while the database cannot be reached.",
      },
    },
    {
      operationId: "listCommunityPolls",
      method: "get",
      path: COMMUNITY_POLLS_PATH,
      summary: "Your polls on a pack or a comparison (`kind` and `targetId`), or that show an image (`imageId`), newest first (20 at most), each with its tally per source; and whether you can post one.",
      tag: "polls",
      auth: true,
      parameters: [
        { name: "kind", in: "query", description: "pack or comparison (with targetId).", schema: z.enum(["pack", "comparison"]) },
        { name: "targetId", in: "query", description: "The pack's or comparison's id (with kind).", schema: z.uuid() },
        { name: "imageId", in: "query", description: "An image's id (instead of kind and targetId).", schema: z.uuid() },
      ],
      responses: { 200: { description: `The polls, \`canPost\` and \`cannotPostReason\`. ${noStore}`, body: communityPollListResponseSchema } },
      errors: { 400: "`invalid:body`: neither kind with targetId nor imageId, or one of them invalid.", ...signedIn, ...serverErrors },
    },
    {
      operationId: "closeCommunityPoll",
      method: "post",
      path: `${COMMUNITY_POLLS_PATH}/{id}/close`,
      summary: "Closes your poll now: its buttons stop taking votes and the Discord message shows the result. A closed or failed poll is answered as it is.",
      tag: "polls",
      auth: true,
      parameters: [{ name: "id", in: "path", description: "The poll's id; someone else's is a 404.", schema: z.uuid() }],
      responses: { 200: { description: `The poll. ${noStore}`, body: communityPollResponseSchema } },
      errors: { ...signedIn, ...crossSiteCookie, 404: "`not_found:community_poll`: no such poll of yours.", ...serverErrors },
    },
  ],
};
