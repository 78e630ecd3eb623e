// The exports' operations in the OpenAPI document (contract/openapi.ts assembles the parts).
import { z } from "zod/mini";
import { EXPORT_FORMAT_HEADER, EXPORT_YOUTUBE_MAX_BYTES, exportKinds, exportsResponseSchema } from "./exports.ts";
import { imageId } from "./images.openapi.ts";
import { noStore, type OpenApiPart, serverErrors, signedIn } from "./openapi-operation.ts";

const busy = "`unavailable:editor_busy` (with Retry-After) while the server has many renders waiting, or `unavailable:database`.";
const limited = "`rate_limited:export`: the account's hourly exports are spent; Retry-After says when to try again.";
const disposition = {
  "Content-Disposition": {
    description: "attachment, named from the scene's headline (else the prompt): `filename` in ASCII and `filename*` in UTF-8, e.g. `100-days-of-coding-1280x720.jpg`.",
    schema: { type: "string" as const },
  },
};

export const exportsOpenApi: OpenApiPart = {
  requestComponents: {},
  responseComponents: { ExportsResponse: exportsResponseSchema },
  operations: [
    {
      operationId: "getImageExports",
      method: "get",
      path: "/api/images/{id}/exports",
      summary: "What one of your finished images can be exported as: each kind with its size and file name, and why a kind is not offered (an image without a Studio scene has no master and no re-layout).",
      tag: "images",
      auth: true,
      parameters: [imageId],
      responses: { 200: { description: `The exports. ${noStore}`, body: exportsResponseSchema } },
      errors: { ...signedIn, 404: "`not_found:image`: no such image, or not yours.", 422: "`unprocessable:image`: the image is not finished.", ...serverErrors },
    },
    {
      operationId: "getImageExport",
      method: "get",
      path: "/api/images/{id}/export/{kind}",
      summary: `One export, rendered on request and never kept: \`youtube\` (1280×720 under ${EXPORT_YOUTUBE_MAX_BYTES / 1024 / 1024} MB: PNG when it fits, else the best JPEG that does), \`master\` (the Studio scene drawn again at 3840×2160, 2160×3840 or 2160×2160), \`9x16\`, \`1x1\`, \`16x9\` (the scene laid out for that frame).`,
      tag: "images",
      auth: true,
      parameters: [imageId, { name: "kind", in: "path", required: true, description: "Which export.", schema: z.enum(exportKinds) }],
      responses: {
        200: {
          description: "The file. Cache-Control: private, no-store.",
          body: "image-bytes",
          headers: { ...disposition, [EXPORT_FORMAT_HEADER]: { description: "`png` or `jpeg`: what the file came out as.", schema: { type: "string" } } },
        },
      },
      errors: {
        ...signedIn,
        404: "`not_found:image`: no such image, or not yours, or no such kind.",
        422: "`unprocessable:no_scene`: a master or re-layout of an image without a Studio scene, or whose persona or base photo is gone (the message says which); `unprocessable:image`: the image is not finished.",
        429: limited,
        ...serverErrors,
        503: busy,
      },
    },
    {
      operationId: "getImageExportZip",
      method: "get",
      path: "/api/images/{id}/export.zip",
      summary: "Every export of one of your finished images in one zip (YouTube's file, the master, 9:16 and 1:1), each rendered in its turn and streamed.",
      tag: "images",
      auth: true,
      parameters: [imageId],
      responses: {
        200: {
          description: "The zip, `<headline>-exports.zip`; an image without a Studio scene holds YouTube's file only. No Content-Length: the zip is written as it is rendered. Cache-Control: private, no-store.",
          body: "zip",
          headers: disposition,
        },
      },
      errors: { ...signedIn, 404: "`not_found:image`: no such image, or not yours.", 422: "`unprocessable:image`: the image is not finished.", 429: limited, ...serverErrors, 503: busy },
    },
  ],
};
