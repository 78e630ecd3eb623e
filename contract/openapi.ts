// The OpenAPI 3.1 description of the HTTP API, built from the same zod schemas both sides validate with, so the
// document follows the wire format. Each capability declares its operations once, in `contract/<capability>.openapi.ts`;
// this file assembles them with what the whole document shares.
import { z } from "zod/mini";
import { SESSION_TOKEN_HEADER } from "./auth.ts";
import { authOpenApi } from "./auth.openapi.ts";
import { billingOpenApi } from "./billing.openapi.ts";
import { chatOpenApi } from "./chat.openapi.ts";
import { comparisonsOpenApi } from "./comparisons.openapi.ts";
import { creditsOpenApi } from "./credits.openapi.ts";
import { editorOpenApi } from "./editor.openapi.ts";
import { feedCheckOpenApi } from "./feed-check.openapi.ts";
import { videosOpenApi } from "./videos.openapi.ts";
import { errorBodySchema } from "./errors.ts";
import { exportsOpenApi } from "./exports.openapi.ts";
import { healthOpenApi } from "./health.openapi.ts";
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, idempotencyKeySchema } from "./idempotency.ts";
import { uploadTypes } from "./images.ts";
import { imagesOpenApi } from "./images.openapi.ts";
import type { ApiTag, HeaderSpec, HttpMethod, JsonSchema, OpenApiPart, OperationSpec, ParameterSpec, ResponseSpec, Schema } from "./openapi-operation.ts";
import { retryAfter, serverErrors } from "./openapi-operation.ts";
import { personasOpenApi } from "./personas.openapi.ts";
import { sharesOpenApi } from "./shares.openapi.ts";
import { communityPollsOpenApi } from "./community-polls.openapi.ts";
import { searchOpenApi } from "./search.openapi.ts";
import { styleKitsOpenApi } from "./style-kits.openapi.ts";
import { videoHeadlinesOpenApi } from "./video-headlines.openapi.ts";
import { waitlistOpenApi } from "./waitlist.openapi.ts";

/** Where the server serves the document `buildOpenApiDocument` builds. */
export const OPENAPI_PATH = "/api/openapi.json";

/** What the document itself promises about its own shape. */
const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/** The document describes itself. */
const metaOpenApi: OpenApiPart = {
  requestComponents: {},
  responseComponents: { OpenApiDocument: openApiDocumentSchema },
  operations: [
    {
      operationId: "getOpenApiDocument",
      method: "get",
      path: OPENAPI_PATH,
      summary: "This document.",
      tag: "meta",
      auth: false,
      responses: { 200: { description: "The OpenAPI 3.1 document, cacheable for a few minutes.", body: openApiDocumentSchema } },
      errors: { ...serverErrors },
    },
  ],
};

/** The parts, in the order the document lists their operations. */
const parts: readonly OpenApiPart[] = [
  healthOpenApi,
  waitlistOpenApi,
  authOpenApi,
  imagesOpenApi,
  comparisonsOpenApi,
  editorOpenApi,
  exportsOpenApi,
  feedCheckOpenApi,
  creditsOpenApi,
  billingOpenApi,
  chatOpenApi,
  personasOpenApi,
  styleKitsOpenApi,
  videoHeadlinesOpenApi,
  videosOpenApi,
  sharesOpenApi,
  communityPollsOpenApi,
  searchOpenApi,
  metaOpenApi,
];

export const apiOperations: readonly OperationSpec[] = parts.flatMap((part) => part.operations);

/** The named schemas of every part in one map. A name is one schema: two parts declaring it is a mistake, not an override. */
export function componentsOf(
  fromParts: readonly OpenApiPart[],
  kind: "requestComponents" | "responseComponents",
  shared: Record<string, Schema> = {},
): Record<string, Schema> {
  const components = { ...shared };
  for (const part of fromParts) {
    for (const [name, schema] of Object.entries(part[kind])) {
      if (Object.hasOwn(components, name)) throw new Error(`The OpenAPI component ${name} is declared twice.`);
      components[name] = schema;
    }
  }
  return components;
}

const requestComponents = componentsOf(parts, "requestComponents");
// Every error answer's shape, whichever part the operation is in.
const responseComponents = componentsOf(parts, "responseComponents", { ErrorBody: errorBodySchema });

const idempotencyKey: ParameterSpec = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: "header",
  description:
    "Optional. One fresh key per user action (a UUID will do), sent again with every retry of that action. The same key with the same request within 24 hours answers the first answer again, with `Idempotent-Replayed: true`, and charges once; keys are per account. An answer of 400 or more is not kept: the key may be used again.",
  schema: idempotencyKeySchema,
};
const idempotencyErrors: Record<number, string> = {
  400: "`invalid:idempotency_key`: the Idempotency-Key header is not 8 to 255 of `A-Z a-z 0-9 - _ . : ~ + / =`.",
  409: "`conflict:idempotency_key_in_flight` (with Retry-After): the same request with this key is still running after IDEMPOTENCY_WAIT_MS.",
  422: "`unprocessable:idempotency_key_reused`: this key was used for a different request within 24 hours.",
};
const replayed: Record<string, HeaderSpec> = {
  [IDEMPOTENT_REPLAYED_HEADER]: { description: "`true` when this is the stored answer to an earlier request with the same Idempotency-Key.", schema: { type: "string", enum: ["true"] } },
};

const tagDescriptions: Record<ApiTag, string> = {
  health: "Liveness and readiness probes.",
  waitlist: "The Coming Soon waitlist.",
  auth: "Sign-in with an e-mail code or a password, sessions and the account.",
  images: "Models, generation, uploads, image records and bytes, and the gallery.",
  personas: "Personas made from your photos, and putting one in place of an image's subject.",
  videos: "From your video: resumable uploads (tus 1.0.0), the best frames, and a frame as an image.",
  chat: "Conversations of the chat studio and their messages.",
  credits: "The credit balance and ledger.",
  shares: "Read-only share links to an image, a pack or a comparison, their page's data and its votes.",
  polls: "Community polls: two or three of your images put to the Discord community's vote.",
  search: "One search over your conversations, images, packs and personas.",
  meta: "About the API itself.",
};

interface MediaTypeObject {
  schema?: JsonSchema;
  encoding?: Record<string, { contentType: string }>;
}
interface HeaderObject {
  description: string;
  schema: JsonSchema;
}
export interface ResponseObject {
  description: string;
  headers?: Record<string, HeaderObject>;
  content?: Record<string, MediaTypeObject>;
}
export interface ParameterObject {
  name: string;
  in: "path" | "query" | "header";
  description: string;
  required: boolean;
  schema: JsonSchema;
}
export interface OperationObject {
  operationId: string;
  summary: string;
  tags: ApiTag[];
  security: Record<string, string[]>[];
  parameters?: ParameterObject[];
  requestBody?: { required: true; content: Record<string, MediaTypeObject> };
  responses: Record<string, ResponseObject>;
}
export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  tags: { name: ApiTag; description: string }[];
  paths: Record<string, Partial<Record<HttpMethod, OperationObject>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, { type: "apiKey"; in: "cookie" | "header"; name: string; description: string }>;
  };
}

const componentRef = (name: string) => `#/components/schemas/${name}`;

/** One JSON Schema per named schema; schemas nested in another named one become `$ref`s to it. */
function emitComponents(components: Record<string, Schema>, io: "input" | "output"): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(components)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { io, uri: componentRef, unrepresentable: "throw" });
  // `$schema` and `$id` belong to standalone documents; components inherit the document's dialect and address.
  return Object.fromEntries(Object.entries(schemas).map(([id, { $schema: _dialect, $id: _address, ...schema }]) => [id, schema]));
}

function nameOf(components: Record<string, Schema>, schema: Schema): string {
  const entry = Object.entries(components).find(([, candidate]) => candidate === schema);
  if (!entry) throw new Error("A body schema of the API is missing from the OpenAPI components.");
  return entry[0];
}

function inlineSchema(schema: Schema): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: "input", unrepresentable: "throw" });
  return json;
}

function errorBodyJson(schemas: Schema[]): JsonSchema {
  const refs = schemas.map((schema) => ({ $ref: componentRef(nameOf(responseComponents, schema)) }));
  return refs.length === 1 && refs[0] ? refs[0] : { anyOf: refs };
}

function responseObject(spec: ResponseSpec): ResponseObject {
  const response: ResponseObject = { description: spec.description };
  if (spec.headers) response.headers = spec.headers;
  if (spec.body === "image-bytes") response.content = Object.fromEntries(uploadTypes.map((type) => [type, {}]));
  else if (spec.body === "zip") response.content = { "application/zip": { schema: { type: "string", contentMediaType: "application/zip" } } };
  else if (spec.body === "jpeg") response.content = { "image/jpeg": {} };
  else if (spec.body === "ui-message-stream") response.content = { "text/event-stream": { schema: { type: "string" } } };
  else if (spec.body) response.content = { "application/json": { schema: { $ref: componentRef(nameOf(responseComponents, spec.body)) } } };
  return response;
}

const multipartImage: MediaTypeObject = {
  schema: {
    type: "object",
    properties: {
      image: { description: "The image file (the field may also be called `file`).", contentMediaType: "application/octet-stream" },
    },
    required: ["image"],
  },
  encoding: { image: { contentType: uploadTypes.join(", ") } },
};

function parameterObject(spec: ParameterSpec): ParameterObject {
  const required = spec.in === "path" || spec.required === true;
  return { name: spec.name, in: spec.in, description: spec.description, required, schema: inlineSchema(spec.schema) };
}

function requestBodyObject(body: NonNullable<OperationSpec["requestBody"]>): NonNullable<OperationObject["requestBody"]> {
  if (body === "multipart-image") return { required: true, content: { "multipart/form-data": multipartImage } };
  if (body === "tus-chunk") return { required: true, content: { "application/offset+octet-stream": { schema: { type: "string", contentMediaType: "application/octet-stream" } } } };
  return { required: true, content: { "application/json": { schema: { $ref: componentRef(nameOf(requestComponents, body)) } } } };
}

/** An idempotent operation: the key's header, the replay marker on its answers and the key's refusals among its errors. */
function withIdempotency(spec: OperationSpec): OperationSpec {
  if (!spec.idempotent) return spec;
  const errors = { ...spec.errors };
  for (const [status, text] of Object.entries(idempotencyErrors)) errors[Number(status)] = errors[Number(status)] ? `${errors[Number(status)]} ${text}` : text;
  const responses = Object.fromEntries(Object.entries(spec.responses).map(([status, response]) => [status, { ...response, headers: { ...response.headers, ...replayed } }]));
  return { ...spec, parameters: [...(spec.parameters ?? []), idempotencyKey], responses, errors };
}

function operationObject(original: OperationSpec): OperationObject {
  const spec = withIdempotency(original);
  const responses: Record<string, ResponseObject> = {};
  for (const [status, response] of Object.entries(spec.responses)) responses[status] = responseObject(response);
  const errorSchema = errorBodyJson(spec.errorBodies ?? [errorBodySchema]);
  for (const [status, description] of Object.entries(spec.errors)) {
    const retries = status === "429" || status === "503" || (spec.idempotent === true && status === "409");
    const headers = retries ? { headers: retryAfter } : {};
    responses[status] = { description, ...headers, content: { "application/json": { schema: errorSchema } } };
  }
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    tags: [spec.tag],
    security: spec.auth ? [{ sessionCookie: [] }, { sessionToken: [] }] : [],
    ...(spec.parameters ? { parameters: spec.parameters.map(parameterObject) } : {}),
    ...(spec.requestBody ? { requestBody: requestBodyObject(spec.requestBody) } : {}),
    responses,
  };
}

export function buildOpenApiDocument(options: { version: string }): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  for (const spec of apiOperations) (paths[spec.path] ??= {})[spec.method] = operationObject(spec);
  return {
    openapi: "3.1.0",
    info: {
      title: "Thumbforge API",
      version: options.version,
      description: "Errors answer `{ error, code }`; the part of `code` before the colon fixes the HTTP status.",
    },
    tags: Object.entries(tagDescriptions).map(([name, description]) => ({ name: name as ApiTag, description })),
    paths,
    components: {
      schemas: { ...emitComponents(requestComponents, "input"), ...emitComponents(responseComponents, "output") },
      securitySchemes: {
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "__Host-session",
          description: "The session cookie sign-in sets (`session` over plain http in development).",
        },
        sessionToken: {
          type: "apiKey",
          in: "header",
          name: SESSION_TOKEN_HEADER,
          description: "The `sessionToken` a sign-in answers with.",
        },
      },
    },
  };
}
