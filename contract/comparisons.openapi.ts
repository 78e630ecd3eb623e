// Compare models side by side in the OpenAPI document (contract/openapi.ts assembles the parts).
import { z } from "zod/mini";
import {
  COMPARISONS_CURSOR_MAX_LENGTH,
  COMPARISONS_PAGE_DEFAULT,
  COMPARISONS_PAGE_MAX,
  COMPARISONS_PATH,
  comparisonListResponseSchema,
  comparisonResponseSchema,
  createComparisonRequestSchema,
  pickWinnerRequestSchema,
} from "./comparisons.ts";
import { crossSiteCookie, jsonBodyErrors, noStore, type OpenApiPart, type ParameterSpec, serverErrors, signedIn } from "./openapi-operation.ts";

const comparisonId: ParameterSpec = { name: "id", in: "path", description: "One of your comparisons; anyone else's, or a malformed id, is 404.", schema: z.uuid() };

export const comparisonsOpenApi: OpenApiPart = {
  requestComponents: { CreateComparisonRequest: createComparisonRequestSchema, PickWinnerRequest: pickWinnerRequestSchema },
  responseComponents: { ComparisonResponse: comparisonResponseSchema, ComparisonListResponse: comparisonListResponseSchema },
  operations: [
    {
      operationId: "createComparison",
      idempotent: true,
      method: "post",
      path: COMPARISONS_PATH,
      summary:
        "Tries one prompt (or one of your finished images: its prompt, style, frame and personas) on the Studio and every provider model this server has configured, one image each. What all of them cost is charged at once, with the images and their jobs; each image that fails is refunded on its own.",
      tag: "images",
      auth: true,
      requestBody: createComparisonRequestSchema,
      responses: { 202: { description: `The comparison with its pending images, one per model in the model list's order. ${noStore}`, body: comparisonResponseSchema } },
      errors: {
        ...jsonBodyErrors,
        400: "`invalid:body` (also: both or neither of `prompt` and `imageId`) or `invalid:json`.",
        ...signedIn,
        402: "`insufficient_credits:generation`: the balance is short of every model's price together; nothing is made or charged.",
        ...crossSiteCookie,
        404: "`not_found:image` (the image is not yours), `not_found:persona` or `not_found:conversation`.",
        409: "`not_configured:model` (no model is available on this server) or `conflict:comparison_models_changed` (`expectedModels`, or the chat's approved quote, names another set than the server offers now, or the set costs more than quoted; nothing is made or charged).",
        422: "`unprocessable:image`: the image is not finished or has no prompt.",
        ...serverErrors,
      },
    },
    {
      operationId: "listComparisons",
      method: "get",
      path: COMPARISONS_PATH,
      summary: "Your comparisons, newest first, each with its images as they are now.",
      tag: "images",
      auth: true,
      parameters: [
        { name: "limit", in: "query", description: `Comparisons per page (default ${COMPARISONS_PAGE_DEFAULT}).`, schema: z.int().check(z.minimum(1), z.maximum(COMPARISONS_PAGE_MAX)) },
        { name: "cursor", in: "query", description: "`nextCursor` of the page before.", schema: z.string().check(z.maxLength(COMPARISONS_CURSOR_MAX_LENGTH)) },
      ],
      responses: { 200: { description: `A page of comparisons. ${noStore}`, body: comparisonListResponseSchema } },
      errors: { 400: "`invalid:body` (a bad `limit`) or `invalid:cursor`.", ...signedIn, ...serverErrors },
    },
    {
      operationId: "getComparison",
      method: "get",
      path: `${COMPARISONS_PATH}/{id}`,
      summary: "One of your comparisons with its images as they are now (each fills in as its model finishes).",
      tag: "images",
      auth: true,
      parameters: [comparisonId],
      responses: { 200: { description: `The comparison. ${noStore}`, body: comparisonResponseSchema } },
      errors: { ...signedIn, 404: "`not_found:comparison`: no such comparison, or not yours.", ...serverErrors },
    },
    {
      operationId: "pickComparisonWinner",
      method: "post",
      path: `${COMPARISONS_PATH}/{id}/winner`,
      summary:
        "Picks one of the comparison's finished images as its winner. In a conversation, the thread gets a note saying so, and the winner becomes its current image. Picking the current winner again changes nothing.",
      tag: "images",
      auth: true,
      parameters: [comparisonId],
      requestBody: pickWinnerRequestSchema,
      responses: { 200: { description: `The comparison with its winner. ${noStore}`, body: comparisonResponseSchema } },
      errors: {
        ...jsonBodyErrors,
        ...signedIn,
        ...crossSiteCookie,
        404: "`not_found:comparison` (no such comparison, or not yours), `not_found:image` (not one of its images) or `not_found:conversation`.",
        409: "`conflict:comparison_not_ready` (that image is not finished), `conflict:chat_busy` (an answer is still coming in its conversation) or `conflict:chat_approval_waiting` (its conversation waits on an Approve / Deny); nothing changed.",
        ...serverErrors,
      },
    },
  ],
};
