// The image editor's operations in the OpenAPI document (contract/openapi.ts assembles the parts).
import { z } from "zod/mini";
import { EDITOR_BODY_LIMIT, editorDocumentSchema, editorDownloadFormats, editorLayersResponseSchema } from "./editor.ts";
import { imageResponseSchema } from "./images.ts";
import { imageId } from "./images.openapi.ts";
import { crossSiteCookie, jsonBodyErrors, noStore, type OpenApiPart, serverErrors, signedIn } from "./openapi-operation.ts";

export const editorOpenApi: OpenApiPart = {
  requestComponents: {
    EditorDocument: editorDocumentSchema,
  },
  responseComponents: {
    EditorLayersResponse: editorLayersResponseSchema,
  },
  operations: [
    {
      operationId: "getImageLayers",
      method: "get",
      path: "/api/images/{id}/layers",
      summary: "The image editor's view of one of your images: its record and, for a Studio image, its layers made editable (backplate, personas, headline as text).",
      tag: "images",
      auth: true,
      parameters: [imageId],
      responses: { 200: { description: `The record and the layers (\`studio\` is null for any other image). ${noStore}`, body: editorLayersResponseSchema } },
      errors: {
        ...signedIn,
        404: "`not_found:image`: no such image, or not yours.",
        422: "`unprocessable:image`: the image is not finished.",
        ...serverErrors,
        503: "`unavailable:editor_busy` (with Retry-After) while the server has many renders waiting, or `unavailable:database`.",
      },
    },
    {
      operationId: "saveImageEdit",
      idempotent: true,
      method: "post",
      path: "/api/images/{id}/edits",
      summary: "Renders an editor document over one of your images at full size: saved as a new `edited` image (free; the original is untouched), or answered as a download.",
      tag: "images",
      auth: true,
      parameters: [
        imageId,
        { name: "download", in: "query", description: "Answer the render as a file in this format instead of saving it.", schema: z.enum(editorDownloadFormats) },
      ],
      requestBody: editorDocumentSchema,
      responses: {
        201: { description: `The new image, kind \`edited\`, its \`parentId\` the source. ${noStore}`, body: imageResponseSchema },
        200: {
          description: "With `download`: the rendered file. Cache-Control: private, no-store.",
          body: "image-bytes",
          headers: { "Content-Disposition": { description: "attachment; filename=\"thumbforge-<first 8 characters of the id>-edited.<png|jpg|webp>\".", schema: { type: "string" } } },
        },
      },
      errors: {
        ...jsonBodyErrors,
        400: "`invalid:body` (the document is out of bounds, or the crop reaches outside the image; `issues` says where), a bad `download`, or `invalid:json`.",
        413: `\`payload_too_large:body\`: the JSON body is over ${EDITOR_BODY_LIMIT}.`,
        ...signedIn,
        ...crossSiteCookie,
        404: "`not_found:image`: no such image, or not yours.",
        422: "`unprocessable:image`: the image is not finished.",
        ...serverErrors,
        503: "`unavailable:editor_busy` (with Retry-After) while the server has many renders waiting, or `unavailable:database`.",
      },
    },
  ],
};
