// What one operation of the OpenAPI document declares, and the pieces many operations share. Each capability
// declares its operations in `contract/<capability>.openapi.ts`; `contract/openapi.ts` assembles the document.
import { z } from "zod/mini";

export type Schema = z.core.$ZodType;
export type JsonSchema = z.core.JSONSchema.BaseSchema;
export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";
export type ApiTag = "health" | "waitlist" | "auth" | "images" | "personas" | "videos" | "credits" | "chat" | "shares" | "polls" | "search" | "meta";

export interface ParameterSpec {
  name: string;
  in: "path" | "query" | "header";
  description: string;
  schema: Schema;
  required?: boolean;
}

export interface HeaderSpec {
  description: string;
  schema: JsonSchema;
}

export interface ResponseSpec {
  description: string;
  /** A JSON body (a named component), the stored image bytes, a zip of them, or one JPEG (a video's preview). */
  body?: Schema | "image-bytes" | "ui-message-stream" | "zip" | "jpeg";
  headers?: Record<string, HeaderSpec>;
}

export interface OperationSpec {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI syntax: `{id}` where Express writes `:id`. */
  path: string;
  summary: string;
  tag: ApiTag;
  /** Needs a session: the session cookie or the session-token header. */
  auth: boolean;
  parameters?: ParameterSpec[];
  /** A JSON body (a named component), one uploaded image as multipart/form-data, or a tus PATCH's bytes. */
  requestBody?: Schema | "multipart-image" | "tus-chunk";
  responses: Record<number, ResponseSpec>;
  /** Statuses answered with an error body, and which codes they carry. */
  errors: Record<number, string>;
  /** The error bodies the route may answer, when not only `errorBodySchema`'s shape. */
  errorBodies?: Schema[];
  /** A paid or money-moving POST that takes an `Idempotency-Key` header (docs/product/api.md, Idempotent requests). */
  idempotent?: boolean;
}

/**
 * One capability's share of the document: its operations and the named schemas their JSON bodies use. Request
 * bodies are described as clients may send them (defaults optional), responses as the server writes them; a schema
 * nested in another named one becomes a `$ref` to it.
 */
export interface OpenApiPart {
  requestComponents: Record<string, Schema>;
  responseComponents: Record<string, Schema>;
  operations: readonly OperationSpec[];
}

export const retryAfter: Record<string, HeaderSpec> = {
  "Retry-After": { description: "Seconds to wait before trying again, when the server knows.", schema: { type: "integer", minimum: 0 } },
};
export const noStore = "Cache-Control: no-store.";

// Error statuses most routes share; routes spread these and override a description where they say more.
export const serverErrors = {
  500: "`internal:*`: an unexpected failure; details are logged, never sent.",
  503: "`unavailable:database` (with Retry-After) while the database cannot be reached.",
};
export const jsonBodyErrors = {
  400: "`invalid:json` (unparseable body) or `invalid:body` (fields missing or invalid; `issues` lists them).",
  413: "`payload_too_large:body`: the JSON body is over the size limit.",
  415: "`unsupported_media_type:json` (not sent as JSON), `unsupported_media_type:charset` or `unsupported_media_type:encoding` (a Content-Encoding other than gzip, deflate or br).",
};
export const crossSiteCookie = { 403: "`forbidden:origin`: a write authenticated by the session cookie from another site." };
export const signedIn = { 401: "`unauthorized:session`: no valid session." };
export const rateLimited = { 429: "`rate_limited:<rule>`: too many attempts; Retry-After says when to try again." };
export const userId: ParameterSpec = { name: "userId", in: "path", description: "The signed-in user's id; anyone else's is 403.", schema: z.string() };
