// The style kit operations in the OpenAPI document (contract/openapi.ts assembles the parts).
import { z } from "zod/mini";
import { crossSiteCookie, jsonBodyErrors, noStore, type OpenApiPart, type ParameterSpec, serverErrors, signedIn } from "./openapi-operation.ts";
import {
  createStyleKitRequestSchema,
  MAX_KIT_IMAGES,
  MAX_KITS_PER_USER,
  renameStyleKitRequestSchema,
  STYLE_KITS_PATH,
  styleKitListResponseSchema,
  styleKitResponseSchema,
} from "./style-kits.ts";

const kitId: ParameterSpec = { name: "id", in: "path", description: "One of your style kits; anyone else's is 404.", schema: z.string() };

export const styleKitsOpenApi: OpenApiPart = {
  requestComponents: {
    CreateStyleKitRequest: createStyleKitRequestSchema,
    RenameStyleKitRequest: renameStyleKitRequestSchema,
  },
  responseComponents: {
    StyleKitResponse: styleKitResponseSchema,
    StyleKitListResponse: styleKitListResponseSchema,
  },
  operations: [
    {
      operationId: "listStyleKits",
      method: "get",
      path: STYLE_KITS_PATH,
      summary: "Your style kits, newest first.",
      tag: "images",
      auth: true,
      responses: { 200: { description: `The kits. ${noStore}`, body: styleKitListResponseSchema } },
      errors: { ...signedIn, ...serverErrors },
    },
    {
      operationId: "createStyleKit",
      idempotent: true,
      method: "post",
      path: STYLE_KITS_PATH,
      summary: `Learns a style kit from one to ${MAX_KIT_IMAGES} of your ready images (uploads from /api/upload-temp-image or gallery images): palette, headline treatment, side, subject share and closest bundled font. Takes about a second a picture.`,
      tag: "images",
      auth: true,
      requestBody: createStyleKitRequestSchema,
      responses: { 201: { description: `The kit. ${noStore}`, body: styleKitResponseSchema } },
      errors: {
        ...jsonBodyErrors,
        ...signedIn,
        ...crossSiteCookie,
        404: "`not_found:image`: a picture that is not yours.",
        409: `\`conflict:style_kit_limit\`: you keep ${MAX_KITS_PER_USER} kits already.`,
        422: "`unprocessable:style_kit_images`: a picture still being made, one that cannot be read, one far too tall or wide for a thumbnail (past 4:1), or pictures with no colour to learn.",
        429: "`rate_limited:style-kit`.",
        ...serverErrors,
        503: "`unavailable:style_kit_busy` (with Retry-After) while the server learns many kits at once, or `unavailable:database`.",
      },
    },
    {
      operationId: "getStyleKit",
      method: "get",
      path: `${STYLE_KITS_PATH}/{id}`,
      summary: "One of your style kits.",
      tag: "images",
      auth: true,
      parameters: [kitId],
      responses: { 200: { description: `The kit. ${noStore}`, body: styleKitResponseSchema } },
      errors: { ...signedIn, 404: "`not_found:style_kit`.", ...serverErrors },
    },
    {
      operationId: "renameStyleKit",
      method: "patch",
      path: `${STYLE_KITS_PATH}/{id}`,
      summary: "Renames one of your style kits.",
      tag: "images",
      auth: true,
      parameters: [kitId],
      requestBody: renameStyleKitRequestSchema,
      responses: { 200: { description: `The kit. ${noStore}`, body: styleKitResponseSchema } },
      errors: { ...jsonBodyErrors, ...signedIn, ...crossSiteCookie, 404: "`not_found:style_kit`.", ...serverErrors },
    },
    {
      operationId: "deleteStyleKit",
      method: "delete",
      path: `${STYLE_KITS_PATH}/{id}`,
      summary: "Deletes one of your style kits; images made in it keep its look.",
      tag: "images",
      auth: true,
      parameters: [kitId],
      responses: { 204: { description: "Deleted." } },
      errors: { ...signedIn, ...crossSiteCookie, 404: "`not_found:style_kit`.", ...serverErrors },
    },
  ],
};
