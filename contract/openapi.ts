// The OpenAPI 3.1 description of the HTTP API, built from the same zod schemas both sides validate with, so the
// document follows the wire format. Every route is declared once, in `apiOperations`.
import { z } from "zod/mini";
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, idempotencyKeySchema } from "./idempotency.ts";
import {
  generatePersonaRequestSchema,
  MAX_PERSONA_PHOTOS,
  PERSONA_DRAFTS_PATH,
  PERSONA_GENERATE_PATH,
  PERSONA_UPLOAD_PATH,
  personaDraftResponseSchema,
  personaDraftSchema,
  personaListResponseSchema,
  personaResponseSchema,
  PERSONAS_PATH,
  personaSchema,
  REPLACE_SUBJECT_PATH,
  replaceSubjectRequestSchema,
  savePersonaRequestSchema,
  updatePersonaRequestSchema,
} from "./personas.ts";
import {
  AUTH_PATHS,
  authUserSchema,
  loginRequestSchema,
  okResponseSchema,
  SESSION_TOKEN_HEADER,
  sendOtpRequestSchema,
  sendOtpResponseSchema,
  setPasswordRequestSchema,
  setPasswordResponseSchema,
  signInResponseSchema,
  verifyOtpRequestSchema,
} from "./auth.ts";
import {
  CHAT_PATH,
  chatApprovalRequestSchema,
  chatRequestSchema,
  stopChatResponseSchema,
  chatMessageSchema,
  chatMessagesResponseSchema,
  conversationSchema,
  CONVERSATIONS_PAGE_DEFAULT,
  CONVERSATIONS_PAGE_MAX,
  CONVERSATIONS_PATH,
  conversationListSchema,
  conversationResponseSchema,
  createConversationRequestSchema,
  renameConversationRequestSchema,
} from "./chat.ts";
import {
  CREATE_PAYMENT_INTENT_PATH,
  createPaymentIntentRequestSchema,
  createPaymentIntentResponseSchema,
  createRefundRequestSchema,
  createSubscriptionResponseSchema,
  PRICING_PATH,
  PRO_SUBSCRIPTION_PATH,
  RAZORPAY_ORDERS_PATH,
  RAZORPAY_VERIFY_PATH,
  razorpayOrderResponseSchema,
  razorpayVerifyRequestSchema,
  paymentStatusResponseSchema,
  REFUND_REQUESTS_PATH,
  refundRequestListSchema,
  refundRequestResponseSchema,
  refundRequestSchema,
  pricingResponseSchema,
  webhookAckSchema,
} from "./billing.ts";
import { creditsQuerySchema, creditsResponseSchema, creditTransactionSchema, dailyAllowanceClaimSchema } from "./credits.ts";
import { errorBodySchema } from "./errors.ts";
import { healthSchema, readinessSchema } from "./health.ts";
import {
  galleryResponseSchema,
  GALLERY_CURSOR_MAX_LENGTH,
  GALLERY_PAGE_DEFAULT,
  GALLERY_PAGE_MAX,
  galleryKinds,
  downloadFormats,
  GALLERY_SEARCH_MAX_LENGTH,
  IMAGE_ZIP_MAX,
  IMAGE_ZIP_PATH,
  imageZipRequestSchema,
  GENERATE_PACK_PATH,
  generateImageRequestSchema,
  generatePackRequestSchema,
  imageDetailResponseSchema,
  imageRecordSchema,
  imageResponseSchema,
  imageVariants,
  MAX_UPLOAD_BYTES,
  PACK_MAX_FILE_BYTES,
  PACK_SIZE,
  packResponseSchema,
  packSchema,
  PACKS_PATH,
  modelEntrySchema,
  modelsResponseSchema,
  uploadTypes,
} from "./images.ts";
import { EDITOR_BODY_LIMIT, editorDocumentSchema, editorDownloadFormats, editorLayersResponseSchema } from "./editor.ts";
import { WAITLIST_PATH } from "./waitlist.ts";
import { waitlistRequestSchema, waitlistResponseSchema } from "./waitlist-schemas.ts";

/** Where the server serves the document `buildOpenApiDocument` builds. */
export const OPENAPI_PATH = "/api/openapi.json";

type Schema = z.core.$ZodType;
export type JsonSchema = z.core.JSONSchema.BaseSchema;
export type HttpMethod = "get" | "post" | "patch" | "delete";
export type ApiTag = "health" | "waitlist" | "auth" | "images" | "personas" | "credits" | "chat" | "meta";

/** Gallery paging as the gallery route reads its query string. */
export const galleryQuerySchemas = {
  kind: z.enum(galleryKinds),
  persona: z.uuid(),
  model: z.string().check(z.minLength(1), z.maxLength(64)),
  q: z.string().check(z.maxLength(GALLERY_SEARCH_MAX_LENGTH)),
  limit: z._default(z.int().check(z.minimum(1), z.maximum(GALLERY_PAGE_MAX)), GALLERY_PAGE_DEFAULT),
  cursor: z.string().check(z.maxLength(GALLERY_CURSOR_MAX_LENGTH)),
};

/** The waitlist answers its own failures in its success shape plus a code (the page reads `error`). */
export const waitlistErrorBodySchema = z.object({
  success: z.literal(false),
  alreadyExists: z.literal(false),
  error: z.string(),
  code: z.string(),
});

/** What the document itself promises about its own shape. */
const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/** Request bodies are described as clients may send them (defaults optional), responses as the server writes them. */
const requestComponents = {
  WaitlistRequest: waitlistRequestSchema,
  SendOtpRequest: sendOtpRequestSchema,
  VerifyOtpRequest: verifyOtpRequestSchema,
  LoginRequest: loginRequestSchema,
  SetPasswordRequest: setPasswordRequestSchema,
  GenerateImageRequest: generateImageRequestSchema,
  ImageZipRequest: imageZipRequestSchema,
  GeneratePackRequest: generatePackRequestSchema,
  CreateConversationRequest: createConversationRequestSchema,
  CreatePaymentIntentRequest: createPaymentIntentRequestSchema,
  CreateRefundRequest: createRefundRequestSchema,
  RazorpayVerifyRequest: razorpayVerifyRequestSchema,
  RenameConversationRequest: renameConversationRequestSchema,
  ChatRequest: chatRequestSchema,
  ChatApprovalRequest: chatApprovalRequestSchema,
  GeneratePersonaRequest: generatePersonaRequestSchema,
  SavePersonaRequest: savePersonaRequestSchema,
  UpdatePersonaRequest: updatePersonaRequestSchema,
  ReplaceSubjectRequest: replaceSubjectRequestSchema,
  EditorDocument: editorDocumentSchema,
} satisfies Record<string, Schema>;

const responseComponents = {
  ErrorBody: errorBodySchema,
  WaitlistErrorBody: waitlistErrorBodySchema,
  Health: healthSchema,
  Readiness: readinessSchema,
  WaitlistResponse: waitlistResponseSchema,
  SendOtpResponse: sendOtpResponseSchema,
  AuthUser: authUserSchema,
  SignInResponse: signInResponseSchema,
  SetPasswordResponse: setPasswordResponseSchema,
  OkResponse: okResponseSchema,
  Conversation: conversationSchema,
  ConversationList: conversationListSchema,
  ConversationResponse: conversationResponseSchema,
  ChatMessage: chatMessageSchema,
  ChatMessagesResponse: chatMessagesResponseSchema,
  StopChatResponse: stopChatResponseSchema,
  ModelEntry: modelEntrySchema,
  ModelsResponse: modelsResponseSchema,
  ImageRecord: imageRecordSchema,
  ImageResponse: imageResponseSchema,
  Pack: packSchema,
  PackResponse: packResponseSchema,
  ImageDetailResponse: imageDetailResponseSchema,
  GalleryResponse: galleryResponseSchema,
  EditorLayersResponse: editorLayersResponseSchema,
  Persona: personaSchema,
  PersonaResponse: personaResponseSchema,
  PersonaListResponse: personaListResponseSchema,
  PersonaDraft: personaDraftSchema,
  PersonaDraftResponse: personaDraftResponseSchema,
  CreditTransaction: creditTransactionSchema,
  CreditsResponse: creditsResponseSchema,
  DailyAllowanceClaim: dailyAllowanceClaimSchema,
  PricingResponse: pricingResponseSchema,
  RefundRequestResponse: refundRequestResponseSchema,
  RefundRequestList: refundRequestListSchema,
  RefundRequest: refundRequestSchema,
  CreatePaymentIntentResponse: createPaymentIntentResponseSchema,
  PaymentStatusResponse: paymentStatusResponseSchema,
  WebhookAck: webhookAckSchema,
  RazorpayOrderResponse: razorpayOrderResponseSchema,
  CreateSubscriptionResponse: createSubscriptionResponseSchema,
  OpenApiDocument: openApiDocumentSchema,
} satisfies Record<string, Schema>;

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
  /** A JSON body (a named component), the stored image bytes, or a zip of them. */
  body?: Schema | "image-bytes" | "ui-message-stream" | "zip";
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
  /** A JSON body (a named component), or one uploaded image as multipart/form-data. */
  requestBody?: Schema | "multipart-image";
  responses: Record<number, ResponseSpec>;
  /** Statuses answered with an error body, and which codes they carry. */
  errors: Record<number, string>;
  /** The error bodies the route may answer, when not only `errorBodySchema`'s shape. */
  errorBodies?: Schema[];
  /** A paid or money-moving POST that takes an `Idempotency-Key` header (docs/product/api.md, Idempotent requests). */
  idempotent?: boolean;
}

const retryAfter: Record<string, HeaderSpec> = {
  "Retry-After": { description: "Seconds to wait before trying again, when the server knows.", schema: { type: "integer", minimum: 0 } },
};
const noStore = "Cache-Control: no-store.";

// Error statuses most routes share; routes spread these and override a description where they say more.
const serverErrors = {
  500: "`internal:*`: an unexpected failure; details are logged, never sent.",
  503: "`unavailable:database` (with Retry-After) while the database cannot be reached.",
};
const jsonBodyErrors = {
  400: "`invalid:json` (unparseable body) or `invalid:body` (fields missing or invalid; `issues` lists them).",
  413: "`payload_too_large:body`: the JSON body is over the size limit.",
  415: "`unsupported_media_type:json` (not sent as JSON), `unsupported_media_type:charset` or `unsupported_media_type:encoding` (a Content-Encoding other than gzip, deflate or br).",
};
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

const crossSiteCookie = { 403: "`forbidden:origin`: a write authenticated by the session cookie from another site." };
const signedIn = { 401: "`unauthorized:session`: no valid session." };
const rateLimited = { 429: "`rate_limited:<rule>`: too many attempts; Retry-After says when to try again." };

const imageId: ParameterSpec = { name: "id", in: "path", description: "The image id; a malformed id is a 404 like a missing image.", schema: z.uuid() };
const packId: ParameterSpec = { name: "id", in: "path", description: "One of your packs; anyone else's, or a malformed id, is 404.", schema: z.uuid() };
const userId: ParameterSpec = { name: "userId", in: "path", description: "The signed-in user's id; anyone else's is 403.", schema: z.string() };
const personaId: ParameterSpec = { name: "id", in: "path", description: "One of your personas; anyone else's is 404.", schema: z.string() };
const draftId: ParameterSpec = { name: "id", in: "path", description: "One of your persona drafts; anyone else's is 404.", schema: z.string() };
const personaPart: ParameterSpec = { name: "part", in: "path", description: "Which file: the picture, the cut-out (PNG with alpha) or a small square.", schema: z.enum(["image", "cutout", "thumb"]) };
const personaFileResponses: Record<number, ResponseSpec> = {
  200: { description: "The bytes. Cache-Control: private, no-cache (each use re-checks the owner).", body: "image-bytes" },
  304: { description: "Not modified: the If-None-Match tag still holds and the owner check passed." },
};
/** An image's bytes, by either URL form: the image, its rendition, then `extra` (the version), download and format. */
function imageBytesParameters(extra: ParameterSpec[]): ParameterSpec[] {
  return [
    imageId,
    { name: "variant", in: "path", description: "Which rendition.", schema: z.enum(imageVariants) },
    ...extra,
    { name: "download", in: "query", description: "Any value: answer as an attachment to save.", schema: z.string() },
    {
      name: "format",
      in: "query",
      description: "`original` only: the picture converted to this format (not cached; the stored original never changes). The stored format is sent as is.",
      schema: z.enum(downloadFormats),
    },
  ];
}
function imageBytesResponses(cached: string): Record<number, ResponseSpec> {
  return {
    200: {
      description: cached,
      body: "image-bytes",
      headers: {
        ETag: { description: "Fixed per image and variant: the bytes never change.", schema: { type: "string" } },
        "Content-Disposition": { description: "With `download`: an attachment file name.", schema: { type: "string" } },
      },
    },
    304: { description: "Not modified: the If-None-Match tag still holds and the owner check passed." },
  };
}
function imageBytesErrors(notFound: string): Record<number, string> {
  return {
    400: "`invalid:body`: an unknown `format`, or a `format` for a variant other than the original.",
    ...signedIn,
    404: notFound,
    ...serverErrors,
  };
}
const conversationId: ParameterSpec = { name: "id", in: "path", description: "One of your conversations; anyone else's is 404.", schema: z.string() };
const conversationQuerySchemas = {
  limit: z._default(z.int().check(z.minimum(1), z.maximum(CONVERSATIONS_PAGE_MAX)), CONVERSATIONS_PAGE_DEFAULT),
  cursor: z.string().check(z.maxLength(GALLERY_CURSOR_MAX_LENGTH)),
};
const signInCookie: Record<string, HeaderSpec> = { "Set-Cookie": { description: "The session cookie (`__Host-session` in production, `session` in development).", schema: { type: "string" } } };

export const apiOperations: readonly OperationSpec[] = [
  {
    operationId: "getHealth",
    method: "get",
    path: "/api/health",
    summary: "Liveness: the process answers; never touches the database.",
    tag: "health",
    auth: false,
    responses: { 200: { description: `The process is up. ${noStore}`, body: healthSchema } },
    errors: {},
  },
  {
    operationId: "getReadiness",
    method: "get",
    path: "/api/health/ready",
    summary: "Readiness: whether the database answers (checked at most once a second).",
    tag: "health",
    auth: false,
    responses: {
      200: { description: `The database answers. ${noStore}`, body: readinessSchema },
      503: { description: "The database does not answer: status `degraded`.", body: readinessSchema, headers: retryAfter },
    },
    errors: {},
  },
  {
    operationId: "joinWaitlist",
    method: "post",
    path: WAITLIST_PATH,
    summary: "Joins the waitlist; the same answer shape whether the e-mail is new or already on it.",
    tag: "waitlist",
    auth: false,
    requestBody: waitlistRequestSchema,
    responses: {
      200: {
        description: "Joined, or `alreadyExists`.",
        body: waitlistResponseSchema,
        headers: {
          "RateLimit-Limit": { description: "Joins allowed per address in the window.", schema: { type: "integer" } },
          "RateLimit-Remaining": { description: "Joins left in the window.", schema: { type: "integer" } },
        },
      },
    },
    errors: {
      ...jsonBodyErrors,
      400: "`invalid:email`, `invalid:body` or `invalid:json`.",
      ...crossSiteCookie,
      ...rateLimited,
      ...serverErrors,
    },
    // Failures of the route itself keep the waitlist shape; those of the shared middleware before it do not.
    errorBodies: [waitlistErrorBodySchema, errorBodySchema],
  },
  {
    operationId: "sendOtp",
    method: "post",
    path: AUTH_PATHS.sendOtp,
    summary: "Mails a six-digit sign-in code; the same answer whether or not the e-mail has an account.",
    tag: "auth",
    auth: false,
    requestBody: sendOtpRequestSchema,
    responses: { 200: { description: `The code is on its way. ${noStore}`, body: sendOtpResponseSchema } },
    errors: {
      ...jsonBodyErrors,
      400: "`invalid:email`, `invalid:body` or `invalid:json`.",
      ...crossSiteCookie,
      ...rateLimited,
      ...serverErrors,
      503: "`unavailable:mail` (the mail could not be sent) or `unavailable:database`.",
    },
  },
  {
    operationId: "verifyOtp",
    method: "post",
    path: AUTH_PATHS.verifyOtp,
    summary: "Signs in with an e-mailed code; an unknown e-mail becomes a new account.",
    tag: "auth",
    auth: false,
    requestBody: verifyOtpRequestSchema,
    responses: { 200: { description: `Signed in. ${noStore}`, body: signInResponseSchema, headers: signInCookie } },
    errors: {
      ...jsonBodyErrors,
      400: "`invalid:code` (not six digits), `invalid:email`, `invalid:body` or `invalid:json`.",
      401: "`unauthorized:code`: the code is wrong, used up or expired.",
      ...crossSiteCookie,
      ...rateLimited,
      ...serverErrors,
    },
  },
  {
    operationId: "login",
    method: "post",
    path: AUTH_PATHS.login,
    summary: "Signs in with e-mail and password.",
    tag: "auth",
    auth: false,
    requestBody: loginRequestSchema,
    responses: { 200: { description: `Signed in. ${noStore}`, body: signInResponseSchema, headers: signInCookie } },
    errors: {
      ...jsonBodyErrors,
      400: "`invalid:login_parameters` (e-mail or password missing, whatever the body's shape), `invalid:email` or `invalid:json`.",
      401: "`unauthorized:credentials`: no account with that e-mail and password.",
      415: "`unsupported_media_type:charset`: a JSON body in a charset the server does not read (other bodies count as missing parameters).",
      ...crossSiteCookie,
      ...rateLimited,
      ...serverErrors,
    },
  },
  {
    operationId: "logout",
    method: "post",
    path: AUTH_PATHS.logout,
    summary: "Ends this session; clears the cookie and the browser's cache of this site.",
    tag: "auth",
    auth: true,
    responses: {
      200: {
        description: `Signed out. ${noStore}`,
        body: okResponseSchema,
        headers: {
          "Set-Cookie": { description: "Clears the session cookie, whatever the answer.", schema: { type: "string" } },
          "Clear-Site-Data": { description: '`"cache"`: drops this site\'s cached responses, private image bytes included.', schema: { type: "string" } },
        },
      },
    },
    errors: { ...signedIn, ...crossSiteCookie, ...serverErrors },
  },
  {
    operationId: "getCurrentUser",
    method: "get",
    path: AUTH_PATHS.user,
    summary: "The signed-in account.",
    tag: "auth",
    auth: true,
    responses: { 200: { description: `The account. ${noStore}`, body: authUserSchema } },
    errors: { ...signedIn, ...serverErrors },
  },
  {
    operationId: "setPassword",
    method: "post",
    path: AUTH_PATHS.password,
    summary: "Sets a first password, or changes it given the current one; other sessions end.",
    tag: "auth",
    auth: true,
    requestBody: setPasswordRequestSchema,
    responses: { 200: { description: `Password set. ${noStore}`, body: setPasswordResponseSchema } },
    errors: {
      ...jsonBodyErrors,
      400: "`invalid:current_password`, `invalid:password_length`, `invalid:password_common`, `invalid:body` or `invalid:json`.",
      ...signedIn,
      ...crossSiteCookie,
      ...rateLimited,
      ...serverErrors,
    },
  },
  {
    operationId: "listModels",
    method: "get",
    path: "/api/models",
    summary: "The image models, each with whether this server can run it.",
    tag: "images",
    auth: false,
    responses: { 200: { description: "The model list. Cache-Control: no-cache.", body: modelsResponseSchema } },
    errors: { ...serverErrors },
  },
  {
    operationId: "generateImage",
    idempotent: true,
    method: "post",
    path: "/api/generate-kontext-image",
    summary: "Charges the model's credits and queues a generation; progress arrives over Socket.IO.",
    tag: "images",
    auth: true,
    requestBody: generateImageRequestSchema,
    responses: { 202: { description: `The pending image. ${noStore}`, body: imageResponseSchema } },
    errors: {
      ...jsonBodyErrors,
      400: "`invalid:body`, `invalid:model`, `invalid:model_personas`, `invalid:model_base_image` or `invalid:json`.",
      ...signedIn,
      402: "`insufficient_credits:generation`: the balance is short of the model's cost.",
      ...crossSiteCookie,
      404: "`not_found:persona` or `not_found:image` (the base image).",
      409: "`not_configured:model`: this server cannot run the model.",
      ...serverErrors,
    },
  },
  {
    operationId: "generatePack",
    idempotent: true,
    method: "post",
    path: GENERATE_PACK_PATH,
    summary: `Charges ${PACK_SIZE}× the model's credits at once and queues an A/B pack: ${PACK_SIZE} variants of one prompt at 16:9, 1280×720.`,
    tag: "images",
    auth: true,
    requestBody: generatePackRequestSchema,
    responses: { 202: { description: `The pack with its ${PACK_SIZE} pending images, variant A first. ${noStore}`, body: packResponseSchema } },
    errors: {
      ...jsonBodyErrors,
      400: "`invalid:body`, `invalid:model`, `invalid:model_personas`, `invalid:model_base_image` or `invalid:json`.",
      ...signedIn,
      402: `\`insufficient_credits:generation\`: the balance is short of ${PACK_SIZE}× the model's cost; nothing is made or charged.`,
      ...crossSiteCookie,
      404: "`not_found:persona` or `not_found:image` (the base image).",
      409: "`not_configured:model`: this server cannot run the model.",
      ...serverErrors,
    },
  },
  {
    operationId: "getPack",
    method: "get",
    path: `${PACKS_PATH}/{id}`,
    summary: "An A/B pack's three image records, variant A first, for its owner only.",
    tag: "images",
    auth: true,
    parameters: [packId],
    responses: { 200: { description: `The pack. ${noStore}`, body: packResponseSchema } },
    errors: { ...signedIn, 404: "`not_found:pack`: no such pack, or not yours.", ...serverErrors },
  },
  {
    operationId: "getPackZip",
    method: "get",
    path: `${PACKS_PATH}/{id}/zip`,
    summary: `An A/B pack as one zip for YouTube's Test & Compare: a, b and c (.png, or .jpg when a PNG would pass ${PACK_MAX_FILE_BYTES / 1024 / 1024} MB), each 1280×720.`,
    tag: "images",
    auth: true,
    parameters: [packId],
    responses: {
      200: {
        description: "The zip. Cache-Control: private, no-store.",
        body: "zip",
        headers: { "Content-Disposition": { description: "attachment; filename=\"thumbforge-pack-<first 8 characters of the id>.zip\".", schema: { type: "string" } } },
      },
    },
    errors: {
      ...signedIn,
      404: "`not_found:pack`: no such pack, or not yours.",
      409: "`conflict:pack_not_ready`: a variant is still being made, or failed.",
      ...serverErrors,
    },
  },
  {
    operationId: "uploadTempImage",
    method: "post",
    path: "/api/upload-temp-image",
    summary: `Uploads one PNG, JPEG or WebP image (at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB), kept 24 hours.`,
    tag: "images",
    auth: true,
    requestBody: "multipart-image",
    responses: { 201: { description: `The stored upload. ${noStore}`, body: imageResponseSchema } },
    errors: {
      400: "`invalid:upload` (no image, or more than one part) or `invalid:upload_name`.",
      ...signedIn,
      ...crossSiteCookie,
      413: "`payload_too_large:upload` (file too big) or `payload_too_large:upload_quota` (temporary uploads full).",
      415: "`unsupported_media_type:multipart`, `unsupported_media_type:image` (not PNG, JPEG or WebP) or `unsupported_media_type:encoding` (an upload is sent uncompressed).",
      422: "`unprocessable:image`: the image cannot be decoded within the pixel limit.",
      429: "`rate_limited:<rule>` (hourly upload count) or `rate_limited:upload_concurrency`.",
      ...serverErrors,
      503: "`unavailable:upload_storage` or `unavailable:database`.",
    },
  },
  {
    operationId: "getImage",
    method: "get",
    path: "/api/images/{id}",
    summary: "An image's record and the scene its engine stored, for its owner only.",
    tag: "images",
    auth: true,
    parameters: [imageId],
    responses: { 200: { description: `The image and its scene (a Studio image's layers: headline, art, badge, pointers; null when there is none). ${noStore}`, body: imageDetailResponseSchema } },
    errors: { ...signedIn, 404: "`not_found:image`: no such image, or not yours.", ...serverErrors },
  },
  {
    operationId: "getImageVersionBytes",
    method: "get",
    path: "/api/images/{id}/{variant}/{version}",
    summary: "An image's bytes at one version: the URLs an image record's `urls` give. Cached for good, for its owner only.",
    tag: "images",
    auth: true,
    parameters: imageBytesParameters([
      { name: "version", in: "path", description: "The version of the stored bytes, as the record's URL names it; any other is a 404.", schema: z.string() },
    ]),
    responses: imageBytesResponses(
      "The bytes. Cache-Control: private, max-age=31536000, immutable (the bytes under this URL never change; logout's Clear-Site-Data drops the copies).",
    ),
    errors: imageBytesErrors("`not_found:image`: no such image, variant or version, or not yours (a deleted image at once)."),
  },
  {
    operationId: "getImageBytes",
    method: "get",
    path: "/api/images/{id}/{variant}",
    summary: "An image's bytes (original, preview or thumb), for its owner only: the unversioned form, for links made before versions.",
    tag: "images",
    auth: true,
    parameters: imageBytesParameters([]),
    responses: imageBytesResponses("The bytes. Cache-Control: private, no-cache (each use re-checks the owner)."),
    errors: imageBytesErrors("`not_found:image`: no such image or variant, or not yours."),
  },

  {
    operationId: "deleteImage",
    method: "delete",
    path: "/api/images/{id}",
    summary: "Deletes one of your images and its files; every tab of yours hears `image:deleted`.",
    tag: "images",
    auth: true,
    parameters: [imageId],
    responses: { 204: { description: "Deleted." } },
    errors: {
      ...signedIn,
      ...crossSiteCookie,
      404: "`not_found:image`: no such image, or not yours.",
      409: "`conflict:image_busy`: the image is still being made.",
      ...serverErrors,
    },
  },
  {
    operationId: "zipImages",
    method: "post",
    path: IMAGE_ZIP_PATH,
    summary: `Up to ${IMAGE_ZIP_MAX} of your finished images' originals in one zip, streamed file by file.`,
    tag: "images",
    auth: true,
    requestBody: imageZipRequestSchema,
    responses: {
      200: {
        description: "`thumbforge-<n>-images.zip`: each original stored as is, as `thumbforge-<first 8 characters of the id>.<png|jpg|webp>`. No Content-Length: the zip is written as it is read.",
        body: "zip",
        headers: { "Content-Disposition": { description: "An attachment file name.", schema: { type: "string" } } },
      },
    },
    errors: {
      ...jsonBodyErrors,
      400: `\`invalid:body\`: \`ids\` missing, empty, over ${IMAGE_ZIP_MAX}, or not UUIDs; or \`invalid:json\`.`,
      ...signedIn,
      ...crossSiteCookie,
      404: "`not_found:image`: one of the ids is missing or not yours; nothing is sent.",
      422: "`unprocessable:image`: one of the images is not finished (still being made, or failed).",
      ...serverErrors,
    },
  },
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
  {
    operationId: "listGallery",
    method: "get",
    path: "/api/users/{userId}/gallery",
    summary: "Your images (failed ones included, with why), newest first, a page at a time; the first page counts each tab.",
    tag: "images",
    auth: true,
    parameters: [
      userId,
      { name: "kind", in: "query", description: "Only images of this kind.", schema: galleryQuerySchemas.kind },
      { name: "persona", in: "query", description: "Only images made with this persona of yours.", schema: galleryQuerySchemas.persona },
      { name: "model", in: "query", description: "Only images made by this model.", schema: galleryQuerySchemas.model },
      { name: "q", in: "query", description: "Only images whose prompt contains this text, case-insensitively; blank is no search.", schema: galleryQuerySchemas.q },
      { name: "limit", in: "query", description: "Images per page.", schema: galleryQuerySchemas.limit },
      { name: "cursor", in: "query", description: "`nextCursor` of the previous page.", schema: galleryQuerySchemas.cursor },
    ],
    responses: { 200: { description: `A page of images. ${noStore}`, body: galleryResponseSchema } },
    errors: {
      400: "`invalid:body` (a query parameter out of range) or `invalid:cursor`.",
      ...signedIn,
      403: "`forbidden:user`: another user's gallery.",
      ...serverErrors,
    },
  },
  {
    operationId: "getCredits",
    method: "get",
    path: "/api/users/{userId}/credits",
    summary: "Your credit balance, a page of your ledger (newest first) and your daily allowance.",
    tag: "credits",
    auth: true,
    parameters: [
      userId,
      { name: "limit", in: "query", description: "Ledger rows per page (1–100, default 50).", schema: creditsQuerySchema.shape.limit },
      { name: "cursor", in: "query", description: "`nextCursor` of the previous page.", schema: creditsQuerySchema.shape.cursor },
    ],
    responses: { 200: { description: `The balance and ledger. ${noStore}`, body: creditsResponseSchema } },
    errors: {
      400: "`invalid:body` (a query parameter out of range) or `invalid:cursor`.",
      ...signedIn,
      403: "`forbidden:user`: another user's credits.",
      ...serverErrors,
    },
  },
  {
    operationId: "getPricing",
    method: "get",
    path: PRICING_PATH,
    summary: "The plans and credit packs on sale, their prices from the server's configuration, and which payment providers this server can take them through.",
    tag: "credits",
    auth: false,
    responses: { 200: { description: `The offer. ${noStore}`, body: pricingResponseSchema } },
    errors: { ...serverErrors },
  },
  {
    operationId: "createPaymentIntent",
    idempotent: true,
    method: "post",
    path: CREATE_PAYMENT_INTENT_PATH,
    summary: "Opens a Stripe payment for one credit pack; the amount and credits come from the server's pack list, never from the request.",
    tag: "credits",
    auth: true,
    requestBody: createPaymentIntentRequestSchema,
    responses: { 200: { description: `The payment's id and the client secret for Stripe's Payment Element. ${noStore}`, body: createPaymentIntentResponseSchema } },
    errors: {
      ...jsonBodyErrors,
      ...signedIn,
      ...crossSiteCookie,
      404: "`not_found:credit_pack`: no pack with that id is on sale.",
      409: "`not_configured:payments`: this server takes no card payments.",
      500: serverErrors[500],
      503: "`unavailable:payment_provider` (Stripe did not answer; nothing was charged) or `unavailable:database`.",
    },
  },
  {
    operationId: "confirmStripePayment",
    method: "post",
    path: "/api/payments/stripe/{paymentId}/confirm",
    summary: "The success page's check: asks Stripe for one of your payments and, if it succeeded, grants its credits on the webhook's path (once, whichever comes first).",
    tag: "credits",
    auth: true,
    parameters: [{ name: "paymentId", in: "path", description: "The `paymentId` create-payment-intent answered; anyone else's is 404.", schema: z.string() }],
    responses: { 200: { description: `The payment's state here and at Stripe. ${noStore}`, body: paymentStatusResponseSchema } },
    errors: {
      ...signedIn,
      ...crossSiteCookie,
      404: "`not_found:payment`: no such payment of yours.",
      409: "`not_configured:payments`: this server takes no card payments.",
      500: serverErrors[500],
      503: "`unavailable:payment_provider` or `unavailable:database`.",
    },
  },
  {
    operationId: "stripeWebhook",
    method: "post",
    path: "/api/webhooks/stripe",
    summary: "Stripe's event deliveries, read raw and verified against the Stripe-Signature header (HMAC-SHA256, timestamp within 300 s either way): payment_intent.succeeded grants once, charge.refunded takes back unspent credits, charge.dispute.created is recorded, invoice.paid grants the Pro month once, customer.subscription.deleted ends Pro.",
    tag: "credits",
    auth: false,
    responses: { 200: { description: "Taken (also for events the app does not act on, and repeats).", body: webhookAckSchema } },
    errors: {
      400: "`invalid:signature`: the signature or its timestamp does not verify; nothing is written.",
      409: "`not_configured:payments`: this server takes no card payments.",
      ...serverErrors,
    },
  },
  {
    operationId: "createRazorpayOrder",
    idempotent: true,
    method: "post",
    path: RAZORPAY_ORDERS_PATH,
    summary: "Opens a Razorpay order (UPI, cards) for an INR credit pack; the amount and credits come from the server's pack list.",
    tag: "credits",
    auth: true,
    requestBody: createPaymentIntentRequestSchema,
    responses: { 200: { description: `The order id and the key id Razorpay Checkout opens with. ${noStore}`, body: razorpayOrderResponseSchema } },
    errors: {
      ...jsonBodyErrors,
      ...signedIn,
      ...crossSiteCookie,
      404: "`not_found:credit_pack`: no INR pack with that id is on sale.",
      409: "`not_configured:payments`: this server takes no Razorpay payments.",
      500: serverErrors[500],
      503: "`unavailable:payment_provider` (Razorpay did not answer; nothing was charged) or `unavailable:database`.",
    },
  },
  {
    operationId: "verifyRazorpayPayment",
    method: "post",
    path: RAZORPAY_VERIFY_PATH,
    summary: "Checkout's success answer: the payment signature (HMAC-SHA256 of order and payment ids with the key secret) is verified, then the credits are granted on the webhook's path (once).",
    tag: "credits",
    auth: true,
    requestBody: razorpayVerifyRequestSchema,
    responses: { 200: { description: `The payment's state. ${noStore}`, body: paymentStatusResponseSchema } },
    errors: {
      ...jsonBodyErrors,
      400: "`invalid:signature` (the signature does not verify; nothing is written), `invalid:json` or `invalid:body`.",
      ...signedIn,
      ...crossSiteCookie,
      404: "`not_found:payment`: no such order of yours.",
      409: "`not_configured:payments`: this server takes no Razorpay payments.",
      ...serverErrors,
    },
  },
  {
    operationId: "razorpayWebhook",
    method: "post",
    path: "/api/webhooks/razorpay",
    summary: "Razorpay's event deliveries, read raw and verified against X-Razorpay-Signature (HMAC-SHA256 of the body with the webhook secret): payment.captured and order.paid grant once, payment.refunded and refund.processed take back unspent credits.",
    tag: "credits",
    auth: false,
    responses: { 200: { description: "Taken (also for events the app does not act on, and repeats).", body: webhookAckSchema } },
    errors: {
      400: "`invalid:signature` (the signature does not verify), `invalid:json` (a signed body that is not a JSON object) or `invalid:body` (an event of the wrong shape); nothing is written.",
      409: "`not_configured:payments`: this server takes no Razorpay payments.",
      ...serverErrors,
    },
  },
  {
    operationId: "createProSubscription",
    idempotent: true,
    method: "post",
    path: PRO_SUBSCRIPTION_PATH,
    summary: "Starts the monthly Pro plan through Stripe Billing: an incomplete subscription whose first invoice is paid in the Payment Element. Each paid invoice (webhook invoice.paid) grants the month's credits once; customer.subscription.deleted ends Pro.",
    tag: "credits",
    auth: true,
    responses: { 200: { description: `The subscription and the client secret of its first invoice. ${noStore}`, body: createSubscriptionResponseSchema } },
    errors: {
      ...signedIn,
      ...crossSiteCookie,
      409: "`conflict:already_pro` (already on the Pro Plan) or `not_configured:payments` (the Pro plan is not on sale here).",
      500: serverErrors[500],
      503: "`unavailable:payment_provider` (Stripe did not answer; nothing was charged) or `unavailable:database`.",
    },
  },
  {
    operationId: "createRefundRequest",
    idempotent: true,
    method: "post",
    path: REFUND_REQUESTS_PATH,
    summary: "Asks for a refund of one purchase (its ledger row): within 48 hours of the purchase, for its credits unused since; promotional and bonus credits never. Support decides.",
    tag: "credits",
    auth: true,
    requestBody: createRefundRequestSchema,
    responses: { 201: { description: "The request, pending, with the credits and amount it covers.", body: refundRequestResponseSchema } },
    errors: {
      ...jsonBodyErrors,
      ...signedIn,
      ...crossSiteCookie,
      404: "`not_found:credit_transaction`: no such purchase in your history.",
      409: "`conflict:refund_requested`: this purchase already has a request.",
      422: "`unprocessable:refund_window` (older than 48 hours), `unprocessable:refund_used` (all its credits used) or `unprocessable:refund_promotional` (not a purchase).",
      ...serverErrors,
    },
  },
  {
    operationId: "listRefundRequests",
    method: "get",
    path: REFUND_REQUESTS_PATH,
    summary: "Your refund requests, newest first, with their status and support's note.",
    tag: "credits",
    auth: true,
    responses: { 200: { description: `Your requests. ${noStore}`, body: refundRequestListSchema } },
    errors: { ...signedIn, ...serverErrors },
  },
  {
    operationId: "claimDailyAllowance",
    method: "post",
    path: "/api/users/{userId}/credits/daily-allowance",
    summary: "Free Plan daily allowance: once per UTC day, tops a balance below the allowance up to it; otherwise changes nothing.",
    tag: "credits",
    auth: true,
    parameters: [userId],
    responses: { 200: { description: "The balance after the claim and what it added (0 when nothing was due).", body: dailyAllowanceClaimSchema } },
    errors: { ...signedIn, 403: "`forbidden:user`: another user's credits.", ...serverErrors },
  },
  {
    operationId: "listConversations",
    method: "get",
    path: CONVERSATIONS_PATH,
    summary: "Your conversations that hold a message, most recently active first.",
    tag: "chat",
    auth: true,
    parameters: [
      { name: "limit", in: "query", description: "Conversations per page.", schema: conversationQuerySchemas.limit },
      { name: "cursor", in: "query", description: "`nextCursor` of the previous page.", schema: conversationQuerySchemas.cursor },
    ],
    responses: { 200: { description: `A page of conversations. ${noStore}`, body: conversationListSchema } },
    errors: { 400: "`invalid:body` (a query parameter out of range) or `invalid:cursor`.", ...signedIn, ...serverErrors },
  },
  {
    operationId: "createConversation",
    method: "post",
    path: CONVERSATIONS_PATH,
    summary: "Starts a conversation; without a title, the first prompt names it.",
    tag: "chat",
    auth: true,
    requestBody: createConversationRequestSchema,
    responses: { 201: { description: `The new conversation. ${noStore}`, body: conversationResponseSchema } },
    errors: { ...jsonBodyErrors, 400: "`invalid:body` or `invalid:json`.", ...signedIn, ...crossSiteCookie, ...serverErrors },
  },
  {
    operationId: "renameConversation",
    method: "patch",
    path: `${CONVERSATIONS_PATH}/{id}`,
    summary: "Renames one of your conversations.",
    tag: "chat",
    auth: true,
    parameters: [conversationId],
    requestBody: renameConversationRequestSchema,
    responses: { 200: { description: `The renamed conversation. ${noStore}`, body: conversationResponseSchema } },
    errors: { ...jsonBodyErrors, 400: "`invalid:body` or `invalid:json`.", ...signedIn, ...crossSiteCookie, 404: "`not_found:conversation`.", ...serverErrors },
  },
  {
    operationId: "deleteConversation",
    method: "delete",
    path: `${CONVERSATIONS_PATH}/{id}`,
    summary: "Deletes one of your conversations and its messages (the images stay in your gallery).",
    tag: "chat",
    auth: true,
    parameters: [conversationId],
    responses: { 204: { description: "Deleted." } },
    errors: { ...signedIn, ...crossSiteCookie, 404: "`not_found:conversation`.", ...serverErrors },
  },
  {
    operationId: "listConversationMessages",
    method: "get",
    path: `${CONVERSATIONS_PATH}/{id}/messages`,
    summary: "The messages of one of your conversations, oldest first, as AI SDK UI messages.",
    tag: "chat",
    auth: true,
    parameters: [conversationId],
    responses: { 200: { description: `The thread. ${noStore}`, body: chatMessagesResponseSchema } },
    errors: { ...signedIn, 404: "`not_found:conversation`.", ...serverErrors },
  },
  {
    operationId: "sendChatMessage",
    method: "post",
    path: CHAT_PATH,
    summary:
      "Sends a message to one of your conversations, or makes a new one with it (an `id` no conversation has: a new uuid); the answer streams back as an AI SDK UI-message stream (SSE).",
    tag: "chat",
    auth: true,
    requestBody: chatRequestSchema,
    responses: {
      200: {
        description:
          "Server-sent events: text deltas, tool calls with their inputs and (preliminary, then final) outputs, and the end. The user's message is saved before the model runs, the answer when it ends.",
        body: "ui-message-stream",
      },
    },
    errors: {
      ...jsonBodyErrors,
      400: "`invalid:body`, `invalid:json` or `invalid:chat_message`.",
      ...signedIn,
      ...crossSiteCookie,
      404: "`not_found:conversation`: the id is someone else's conversation.",
      409: "`conflict:chat_busy`: an answer is still streaming in this conversation.",
      ...serverErrors,
    },
  },
  {
    operationId: "answerChatApproval",
    method: "post",
    path: `${CHAT_PATH}/{id}/approval`,
    summary:
      "Approves or denies the spends the conversation's last answer is waiting on (a tool call above CHAT_CONFIRM_ABOVE_CREDITS or half the balance); the answer goes on as an AI SDK UI-message stream (SSE).",
    tag: "chat",
    auth: true,
    parameters: [conversationId],
    requestBody: chatApprovalRequestSchema,
    responses: {
      200: {
        description:
          "Server-sent events continuing the waiting answer: the approved calls run as quoted (their outputs as for a message), a denied one ends as `tool-output-denied` with nothing charged, then the closing words.",
        body: "ui-message-stream",
      },
    },
    errors: {
      ...jsonBodyErrors,
      400: "`invalid:body`, `invalid:json` or `invalid:chat_approval` (every waiting request is answered at once).",
      ...signedIn,
      ...crossSiteCookie,
      404: "`not_found:conversation`.",
      409: "`conflict:chat_busy` (an answer is streaming) or `conflict:chat_approval` (nothing of that id is waiting any more).",
      ...serverErrors,
    },
  },
  {
    operationId: "resumeChatStream",
    method: "get",
    path: `${CHAT_PATH}/{id}/stream`,
    summary: "Follows the answer still streaming in a conversation from its first chunk (after a reload or a dropped connection).",
    tag: "chat",
    auth: true,
    parameters: [conversationId],
    responses: {
      200: { description: "The live answer, every chunk so far and then the rest.", body: "ui-message-stream" },
      204: { description: "No answer is streaming: read the stored messages." },
    },
    errors: { ...signedIn, 404: "`not_found:conversation`.", ...serverErrors },
  },
  {
    operationId: "stopChatStream",
    method: "post",
    path: `${CHAT_PATH}/{id}/stop`,
    summary: "Stops the answer streaming in a conversation; what it said so far is saved.",
    tag: "chat",
    auth: true,
    parameters: [conversationId],
    responses: { 200: { description: `Whether an answer was stopped. ${noStore}`, body: stopChatResponseSchema } },
    errors: { ...signedIn, ...crossSiteCookie, 404: "`not_found:conversation`.", ...serverErrors },
  },
  {
    operationId: "uploadPersonaPhoto",
    method: "post",
    path: PERSONA_UPLOAD_PATH,
    summary: "Uploads one photo for a persona: the same rules and answer as /api/upload-temp-image.",
    tag: "personas",
    auth: true,
    requestBody: "multipart-image",
    responses: { 201: { description: `The stored upload. ${noStore}`, body: imageResponseSchema } },
    errors: {
      400: "`invalid:upload` or `invalid:upload_name`.",
      ...signedIn,
      ...crossSiteCookie,
      413: "`payload_too_large:upload` or `payload_too_large:upload_quota`.",
      415: "`unsupported_media_type:multipart`, `unsupported_media_type:image` or `unsupported_media_type:encoding`.",
      422: "`unprocessable:image`: the image cannot be decoded within the pixel limit.",
      429: "`rate_limited:<rule>`.",
      ...serverErrors,
      503: "`unavailable:upload_storage` or `unavailable:database`.",
    },
  },
  {
    operationId: "generatePersona",
    idempotent: true,
    method: "post",
    path: PERSONA_GENERATE_PATH,
    summary: `Starts making a persona from one to ${MAX_PERSONA_PHOTOS} of your uploads of one subject. Answers the draft at once; \`persona:draft\` events and the draft's URL tell when it is ready.`,
    tag: "personas",
    auth: true,
    requestBody: generatePersonaRequestSchema,
    responses: { 202: { description: `The pending draft. ${noStore}`, body: personaDraftResponseSchema } },
    errors: { ...jsonBodyErrors, 400: "`invalid:body`, `invalid:json` or `invalid:persona_draft` (a photo still uploading).", ...signedIn, ...crossSiteCookie, 404: "`not_found:image`: a photo that is not yours.", ...serverErrors },
  },
  {
    operationId: "getPersonaDraft",
    method: "get",
    path: `${PERSONA_DRAFTS_PATH}/{id}`,
    summary: "A persona draft: pending, running, ready (with its files, suggested name and description) or failed (with why).",
    tag: "personas",
    auth: true,
    parameters: [draftId],
    responses: { 200: { description: `The draft. ${noStore}`, body: personaDraftResponseSchema } },
    errors: { ...signedIn, 404: "`not_found:persona_draft`.", ...serverErrors },
  },
  {
    operationId: "discardPersonaDraft",
    method: "delete",
    path: `${PERSONA_DRAFTS_PATH}/{id}`,
    summary: "Discards a persona draft and its files.",
    tag: "personas",
    auth: true,
    parameters: [draftId],
    responses: { 204: { description: "Discarded." } },
    errors: { ...signedIn, ...crossSiteCookie, 404: "`not_found:persona_draft`.", ...serverErrors },
  },
  {
    operationId: "getPersonaDraftFile",
    method: "get",
    path: `${PERSONA_DRAFTS_PATH}/{id}/{part}`,
    summary: "A file of a ready persona draft, for its owner only.",
    tag: "personas",
    auth: true,
    parameters: [draftId, personaPart],
    responses: personaFileResponses,
    errors: { ...signedIn, 404: "`not_found:persona_draft` or `not_found:file`.", ...serverErrors },
  },
  {
    operationId: "listPersonas",
    method: "get",
    path: PERSONAS_PATH,
    summary: "Your personas, by handle.",
    tag: "personas",
    auth: true,
    responses: { 200: { description: `The personas. ${noStore}`, body: personaListResponseSchema } },
    errors: { ...signedIn, ...serverErrors },
  },
  {
    operationId: "savePersona",
    method: "post",
    path: PERSONAS_PATH,
    summary: "Saves a ready draft as a persona under a name; the @handle is the one given or one made from the name.",
    tag: "personas",
    auth: true,
    requestBody: savePersonaRequestSchema,
    responses: { 201: { description: `The persona. ${noStore}`, body: personaResponseSchema } },
    errors: {
      ...jsonBodyErrors,
      400: "`invalid:body`, `invalid:json` or `invalid:persona_draft` (not ready yet).",
      ...signedIn,
      ...crossSiteCookie,
      404: "`not_found:persona_draft`.",
      409: "`conflict:persona_handle`: another of your personas has that handle.",
      ...serverErrors,
    },
  },
  {
    operationId: "updatePersona",
    method: "patch",
    path: `${PERSONAS_PATH}/{id}`,
    summary: "Renames one of your personas, or changes its handle or description.",
    tag: "personas",
    auth: true,
    parameters: [personaId],
    requestBody: updatePersonaRequestSchema,
    responses: { 200: { description: `The persona. ${noStore}`, body: personaResponseSchema } },
    errors: { ...jsonBodyErrors, 400: "`invalid:body` or `invalid:json`.", ...signedIn, ...crossSiteCookie, 404: "`not_found:persona`.", 409: "`conflict:persona_handle`.", ...serverErrors },
  },
  {
    operationId: "deletePersona",
    method: "delete",
    path: `${PERSONAS_PATH}/{id}`,
    summary: "Deletes one of your personas and its files; images made with it stay in your gallery.",
    tag: "personas",
    auth: true,
    parameters: [personaId],
    responses: { 204: { description: "Deleted." } },
    errors: { ...signedIn, ...crossSiteCookie, 404: "`not_found:persona`.", ...serverErrors },
  },
  {
    operationId: "getPersonaFile",
    method: "get",
    path: `${PERSONAS_PATH}/{id}/{part}`,
    summary: "A persona's picture, cut-out or thumbnail, for its owner only.",
    tag: "personas",
    auth: true,
    parameters: [personaId, personaPart],
    responses: personaFileResponses,
    errors: { ...signedIn, 404: "`not_found:persona` or `not_found:file`.", ...serverErrors },
  },
  {
    operationId: "replaceSubject",
    idempotent: true,
    method: "post",
    path: REPLACE_SUBJECT_PATH,
    summary: "Puts one of your personas in place of the subject of one of your images, as a new subject-replaced image, paid like a generation.",
    tag: "personas",
    auth: true,
    requestBody: replaceSubjectRequestSchema,
    responses: { 202: { description: `The pending image; progress arrives as for a generation. ${noStore}`, body: imageResponseSchema } },
    errors: {
      ...jsonBodyErrors,
      400: "`invalid:body`, `invalid:json`, `invalid:model` or `invalid:model_base_image`.",
      ...signedIn,
      402: "`insufficient_credits:generation`.",
      ...crossSiteCookie,
      404: "`not_found:image` or `not_found:persona`.",
      409: "`not_configured:model`.",
      ...serverErrors,
    },
  },
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
];

const tagDescriptions: Record<ApiTag, string> = {
  health: "Liveness and readiness probes.",
  waitlist: "The Coming Soon waitlist.",
  auth: "Sign-in with an e-mail code or a password, sessions and the account.",
  images: "Models, generation, uploads, image records and bytes, and the gallery.",
  personas: "Personas made from your photos, and putting one in place of an image's subject.",
  chat: "Conversations of the chat studio and their messages.",
  credits: "The credit balance and ledger.",
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
