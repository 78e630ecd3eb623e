import { readdirSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import express from "express";
import { STYLE_KITS_PATH } from "../../contract/style-kits.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { AUTH_PATHS } from "../../contract/auth.ts";
import { CHAT_PATH, CONVERSATIONS_PATH } from "../../contract/chat.ts";
import { PERSONA_DRAFTS_PATH, PERSONA_GENERATE_PATH, PERSONA_UPLOAD_PATH, PERSONAS_PATH, REPLACE_SUBJECT_PATH } from "../../contract/personas.ts";
import { errorBodySchema, errorKinds } from "../../contract/errors.ts";
import { apiOperations, buildOpenApiDocument, componentsOf, OPENAPI_PATH, type OpenApiDocument } from "../../contract/openapi.ts";
import type { JsonSchema, OpenApiPart } from "../../contract/openapi-operation.ts";
import { GENERATE_PACK_PATH, IMAGE_ZIP_PATH, PACKS_PATH } from "../../contract/images.ts";
import { COMPARISONS_PATH } from "../../contract/comparisons.ts";
import { PUBLIC_SHARE_API_PATH, SHARES_PATH } from "../../contract/shares.ts";
import { COMMUNITY_POLLS_PATH } from "../../contract/community-polls.ts";
import { VIDEO_UPLOADS_PATH } from "../../contract/videos.ts";
import { WAITLIST_PATH } from "../../contract/waitlist.ts";
import { waitlistErrorBodySchema } from "../../contract/waitlist.openapi.ts";
import { openApiRoutes } from "./routes.ts";

const doc = buildOpenApiDocument({ version: "1.2.3-test" });
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
);

function resolvePointer(ref: string): unknown {
  if (!ref.startsWith("#/")) throw new Error(`not a local reference: ${ref}`);
  let node: unknown = doc;
  for (const raw of ref.slice(2).split("/")) {
    const key = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    if (!node || typeof node !== "object" || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function collectRefs(node: unknown, into: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) collectRefs(item, into);
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") into.push(value);
      else collectRefs(value, into);
    }
  }
  return into;
}

// The JSON Schema keywords the document may use; the validator below implements every assertion among them, so a
// keyword it does not know fails the test instead of being silently ignored.
const ASSERTIONS = new Set([
  "$ref", "type", "enum", "const", "anyOf", "properties", "required", "additionalProperties", "propertyNames", "items",
  "minItems", "maxItems", "minLength", "maxLength", "pattern", "minimum", "maximum",
]);
const ANNOTATIONS = new Set(["default", "description", "format", "contentMediaType"]);

function schemaChildren(schema: JsonSchema): JsonSchema[] {
  const children: unknown[] = [
    ...Object.values(schema.properties ?? {}),
    ...(schema.anyOf ?? []),
    schema.items,
    schema.propertyNames,
    schema.additionalProperties,
  ];
  return children.filter((child): child is JsonSchema => !!child && typeof child === "object");
}

function keywordsOf(schema: JsonSchema, into = new Set<string>()): Set<string> {
  for (const key of Object.keys(schema)) into.add(key);
  for (const child of schemaChildren(schema)) keywordsOf(child, into);
  return into;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === "object" && !Array.isArray(value);

function hasType(type: string, value: unknown): boolean {
  switch (type) {
    case "null":
      return value === null;
    case "boolean":
      return typeof value === "boolean";
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "integer":
      return Number.isInteger(value);
    case "array":
      return Array.isArray(value);
    case "object":
      return isPlainObject(value);
    default:
      throw new Error(`unknown JSON Schema type ${type}`);
  }
}

/** A JSON Schema 2020-12 validator for the keywords above: enough to hold the document to what zod decides. */
function accepts(schema: JsonSchema, value: unknown): boolean {
  for (const key of Object.keys(schema)) if (!ASSERTIONS.has(key) && !ANNOTATIONS.has(key)) throw new Error(`unsupported keyword ${key}`);
  if (schema.$ref !== undefined) {
    const target = resolvePointer(schema.$ref);
    if (!target || !accepts(target as JsonSchema, value)) return false;
  }
  if (schema.anyOf && !schema.anyOf.some((option) => accepts(option as JsonSchema, value))) return false;
  if (schema.type !== undefined && ![schema.type].flat().some((type) => hasType(type, value))) return false;
  if (schema.enum && !schema.enum.includes(value as never)) return false;
  if ("const" in schema && schema.const !== value) return false;
  if (typeof value === "string") {
    const length = [...value].length;
    if (schema.minLength !== undefined && length < schema.minLength) return false;
    if (schema.maxLength !== undefined && length > schema.maxLength) return false;
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, "u").test(value)) return false;
  }
  if (typeof value === "number") {
    if (schema.minimum !== undefined && value < schema.minimum) return false;
    if (schema.maximum !== undefined && value > schema.maximum) return false;
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) return false;
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return false;
    if (isPlainObject(schema.items) && !value.every((item) => accepts(schema.items as JsonSchema, item))) return false;
  }
  if (isPlainObject(value)) {
    if (schema.required && !schema.required.every((key) => Object.hasOwn(value, key))) return false;
    const properties = schema.properties ?? {};
    for (const [key, item] of Object.entries(value)) {
      const own = properties[key];
      if (own !== undefined) {
        if (!accepts(own as JsonSchema, item)) return false;
      } else if (schema.additionalProperties === false) return false;
      else if (isPlainObject(schema.additionalProperties) && !accepts(schema.additionalProperties as JsonSchema, item)) return false;
      if (isPlainObject(schema.propertyNames) && !accepts(schema.propertyNames as JsonSchema, key)) return false;
    }
  }
  return true;
}

describe("the OpenAPI document's structure", () => {
  it("is an OpenAPI 3.1 document with the version it was given", () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: "1.2.3-test" });
    // What goes over the wire is exactly what was built: no undefined, functions or class instances inside.
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it("resolves every $ref inside the document", () => {
    const refs = collectRefs(doc);
    expect(refs.length).toBeGreaterThan(20);
    for (const ref of refs) expect(resolvePointer(ref), ref).toBeDefined();
  });

  it("gives components names OpenAPI allows and no standalone-document keywords", () => {
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      expect(name).toMatch(/^[a-zA-Z0-9._-]+$/);
      expect(schema).not.toHaveProperty("$schema");
      expect(schema).not.toHaveProperty("$id");
      const unsupported = [...keywordsOf(schema)].filter((key) => !ASSERTIONS.has(key) && !ANNOTATIONS.has(key));
      expect(unsupported, name).toEqual([]);
    }
  });

  it("has unique operation ids and a described response for every operation", () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, operation } of operations) {
      const statuses = Object.keys(operation.responses);
      expect(statuses.length, `${method} ${path}`).toBeGreaterThan(0);
      expect(statuses.some((status) => status.startsWith("2")), `${method} ${path} has a success response`).toBe(true);
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(status).toMatch(/^[1-5]\d\d$/);
        expect(response.description.length).toBeGreaterThan(0);
      }
    }
  });

  it("declares each {param} of a path as a required path parameter, and no other", () => {
    for (const { path, method, operation } of operations) {
      expect(path).toMatch(/^\/api\//);
      expect(path).not.toContain(":");
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      const declared = (operation.parameters ?? []).filter((p) => p.in === "path");
      expect(declared.map((p) => p.name).sort(), `${method} ${path}`).toEqual(inPath.sort());
      for (const parameter of declared) expect(parameter.required).toBe(true);
      const keys = (operation.parameters ?? []).map((p) => `${p.in}:${p.name}`);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });

  it("uses only declared tags and security schemes; signed-in routes accept the cookie or the token header", () => {
    const tags = new Set(doc.tags.map((tag) => tag.name));
    expect(doc.components.securitySchemes).toMatchObject({
      sessionCookie: { type: "apiKey", in: "cookie" },
      sessionToken: { type: "apiKey", in: "header", name: "x-session-token" },
    });
    for (const spec of apiOperations) {
      const operation = doc.paths[spec.path]?.[spec.method];
      expect(operation).toBeDefined();
      for (const tag of operation?.tags ?? []) expect(tags.has(tag)).toBe(true);
      for (const requirement of operation?.security ?? []) {
        for (const scheme of Object.keys(requirement)) expect(doc.components.securitySchemes).toHaveProperty(scheme);
      }
      expect(operation?.security, spec.operationId).toEqual(spec.auth ? [{ sessionCookie: [] }, { sessionToken: [] }] : []);
    }
  });

  it("answers errors with a status an error kind maps to, in the shared error body", () => {
    const errorStatuses = new Set<number>(Object.values(errorKinds));
    const errorBodyRef = "#/components/schemas/ErrorBody";
    for (const spec of apiOperations) {
      for (const status of Object.keys(spec.errors)) {
        expect(errorStatuses.has(Number(status)), `${spec.operationId} ${status}`).toBe(true);
        const schema = doc.paths[spec.path]?.[spec.method]?.responses[status]?.content?.["application/json"]?.schema;
        const refs = schema?.anyOf ? schema.anyOf.map((option) => (option as JsonSchema).$ref) : [schema?.$ref];
        expect(refs, `${spec.operationId} ${status}`).toContain(errorBodyRef);
      }
    }
    // Signed-in routes can all answer 401.
    for (const spec of apiOperations.filter((s) => s.auth)) expect(Object.keys(spec.errors), spec.operationId).toContain("401");
  });

  it("describes the upload as multipart/form-data and the variant as image bytes", () => {
    const upload = doc.paths["/api/upload-temp-image"]?.post;
    expect(Object.keys(upload?.requestBody?.content ?? {})).toEqual(["multipart/form-data"]);
    expect(upload?.requestBody?.content["multipart/form-data"]?.schema?.required).toEqual(["image"]);
    const bytes = doc.paths["/api/images/{id}/{variant}"]?.get;
    expect(Object.keys(bytes?.responses["200"]?.content ?? {})).toEqual(["image/png", "image/jpeg", "image/webp"]);
    expect(bytes?.responses).toHaveProperty("304");
    const variant = bytes?.parameters?.find((p) => p.name === "variant");
    expect(variant?.schema.enum).toEqual(["original", "preview", "thumb"]);
  });
});

describe("the document's parts", () => {
  const contractDir = fileURLToPath(new URL("../../contract/", import.meta.url));

  it("assembles every capability's contract/<capability>.openapi.ts", async () => {
    const files = readdirSync(contractDir).filter((file) => file.endsWith(".openapi.ts"));
    expect(files.length).toBeGreaterThan(5);
    const assembled = new Set(apiOperations.map((spec) => spec.operationId));
    for (const file of files) {
      const exported = Object.values((await import(join(contractDir, file))) as Record<string, unknown>);
      const parts = exported.filter((value): value is OpenApiPart => isPlainObject(value) && Array.isArray(value.operations));
      expect(parts.length, file).toBe(1);
      for (const spec of parts[0]?.operations ?? []) expect(assembled.has(spec.operationId), `${file}: ${spec.operationId}`).toBe(true);
    }
  });

  it("refuses a component name two parts declare", () => {
    const part = (name: string): OpenApiPart => ({ requestComponents: {}, responseComponents: { [name]: z.string() }, operations: [] });
    expect(Object.keys(componentsOf([part("A"), part("B")], "responseComponents"))).toEqual(["A", "B"]);
    expect(() => componentsOf([part("A"), part("A")], "responseComponents")).toThrow(/A is declared twice/);
    expect(() => componentsOf([part("ErrorBody")], "responseComponents", { ErrorBody: errorBodySchema })).toThrow(/ErrorBody/);
  });
});

const uuid = "3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b";
const editorText = {
  id: "t-1",
  text: "DAY 100",
  face: "anton",
  size: 96,
  fill: "#ffffff",
  stroke: { color: "#000000", width: 8 },
  shadow: { color: "#000000", blur: 6, dx: 4, dy: 6, opacity: 0.6 },
  x: 40,
  y: 60,
  rotation: -4,
  align: "center",
};
/** Samples of the bodies that are one of several shapes: one per shape, in the contract's order. */
const validUnionBodies: Record<string, Record<string, unknown>[]> = {
  createCommunityPoll: [
    { kind: "pack", targetId: "3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b", hours: 24 },
    { kind: "images", imageIds: ["3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b", "3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6c"], hours: 48 },
  ],
};
/** A body each JSON endpoint accepts, with every field the contract knows set. */
const validBodies: Record<string, Record<string, unknown>> = {
  createPaymentIntent: { packId: "starter" },
  pickVideoFrame: { timeMs: 65_000 },
  createRazorpayOrder: { packId: "starter-inr" },
  verifyRazorpayPayment: { orderId: "order_1", paymentId: "pay_1", signature: "a".repeat(64) },
  createRefundRequest: { transactionId: "3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b", reason: "Bought the wrong pack" },
  joinWaitlist: { email: "ada@example.com", website: "", language: "en" },
  sendOtp: { email: "ada@example.com", language: "fr" },
  verifyOtp: { email: "ada@example.com", code: "123456", language: "de" },
  login: { email: "ada@example.com", password: "correct horse" },
  setPassword: { currentPassword: "old password", newPassword: "a new password" },
  generateImage: { prompt: "A cat on a rocket", style: "cartoon", aspect: "1:1", model: "studio", personaIds: [uuid], baseImageId: uuid, seed: 42, modelText: true, styleKitId: uuid },
  generatePack: { prompt: "I tried 100 days of coding", style: "cartoon", model: "studio", personaIds: [uuid], baseImageId: uuid, baseImageIds: [uuid, uuid, uuid], seed: 42, modelText: true, styleKitId: uuid },
  createStyleKit: { name: "Main channel", imageIds: [uuid, uuid] },
  renameStyleKit: { name: "Second channel" },
  createConversation: { title: "My channel art" },
  renameConversation: { title: "Day 100 thumbnails" },
  sendChatMessage: {
    id: uuid,
    message: { id: "m1", role: "user", parts: [{ type: "text", text: "A cartoon thumbnail" }] },
    style: "cartoon",
    aspect: "16:9",
    model: "studio",
    styleKitId: uuid,
    attachmentImageId: uuid,
    imageId: uuid,
    videoId: uuid,
    language: "es",
    editOf: "m0",
    // Checked by the route together with `message` (one of the two); the schema checks each field alone.
    regenerate: "a1",
  },
  switchConversationBranch: { messageId: "m1" },
  videoHeadlines: { timeMs: 65_000 },
  answerChatApproval: { approvals: [{ id: "approval-1", approved: true }], language: "es" },
  generatePersona: { photoIds: [uuid], role: "artist" },
  savePersona: { draftId: uuid, name: "Astro", handle: "astro", description: "Artist, framed head and shoulders." },
  updatePersona: { name: "Astro Two", handle: "astro-2", description: "A new line." },
  replaceSubject: { baseImageId: uuid, personaId: uuid, model: "studio" },
  fixImageFinding: { finding: "small-headline" },
  createShare: { kind: "pack", targetId: uuid, expiry: "7d" },
  voteOnShare: { imageId: uuid },
  saveImageEdit: {
    crop: { aspect: "16:9", x: 0, y: 0, w: 1280, h: 720 },
    rotation: 90,
    flipX: true,
    flipY: false,
    adjust: { brightness: 0.1, contrast: -0.2, saturation: 0.5 },
    filter: "sepia",
    texts: [editorText],
    subjects: [{ index: 0, box: { x: 10, y: 20, w: 300, h: 400 } }],
  },
  zipImages: { ids: [uuid] },
  setImageTitle: { title: "I tried 100 days of coding" },
  createComparison: { prompt: "I tried 100 days of coding", imageId: uuid, conversationId: uuid, expectedModels: ["studio", "flux-pro"] },
  pickComparisonWinner: { imageId: uuid, language: "ja" },
};

/** Values of every JSON type, plus the edges of whatever bounds the documented property has. */
function probesFor(property: JsonSchema): unknown[] {
  const probes: unknown[] = [null, true, 0, 7, -1, 1.5, "", "text", uuid, [], [uuid], ["text"], {}];
  for (const value of property.enum ?? []) probes.push(value, `${String(value)}x`);
  for (const bound of [property.minLength, property.maxLength]) {
    if (bound !== undefined) probes.push("a".repeat(Math.max(bound - 1, 0)), "a".repeat(bound), "a".repeat(bound + 1));
  }
  for (const bound of [property.minimum, property.maximum]) if (bound !== undefined) probes.push(bound - 1, bound, bound + 1, bound + 0.5);
  if (property.maxItems !== undefined) {
    probes.push(Array.from({ length: property.maxItems }, () => uuid), Array.from({ length: property.maxItems + 1 }, () => uuid));
  }
  return probes;
}

describe("the document's request bodies agree with the contract's schemas", () => {
  const jsonBodies = apiOperations.filter((spec) => spec.requestBody !== undefined && spec.requestBody !== "multipart-image" && spec.requestBody !== "tus-chunk");

  it("has a sample for every JSON body", () => {
    expect(jsonBodies.map((spec) => spec.operationId).sort()).toEqual([...Object.keys(validBodies), ...Object.keys(validUnionBodies)].sort());
  });

  // A body that is one of several shapes (anyOf) is checked shape by shape, each with its own sample, against the
  // whole union on both sides.
  const cases = jsonBodies.flatMap((spec) => {
    const ref = doc.paths[spec.path]?.[spec.method]?.requestBody?.content["application/json"]?.schema?.$ref ?? "";
    const whole = resolvePointer(ref) as JsonSchema;
    if (!whole.anyOf) return [{ spec, name: spec.operationId, whole, schema: whole, valid: validBodies[spec.operationId] ?? {} }];
    return whole.anyOf.map((branch, index) => ({
      spec,
      name: `${spec.operationId} (shape ${index + 1})`,
      whole,
      schema: (branch.$ref ? resolvePointer(branch.$ref) : branch) as JsonSchema,
      valid: validUnionBodies[spec.operationId]?.[index] ?? {},
    }));
  });

  for (const { spec, name, whole, schema, valid } of cases) {
    const contract = spec.requestBody as Exclude<typeof spec.requestBody, "multipart-image" | "tus-chunk" | undefined>;
    const zodAccepts = (body: unknown) => z.safeParse(contract, body).success;
    // The document's answer is the whole body schema's, union and all; the shape only lists the fields.
    const documentAccepts = (body: unknown) => accepts(whole, body);

    describe(name, () => {
      it("documents exactly the fields of the sample, which both accept, extra fields included", () => {
        expect(Object.keys(schema.properties ?? {}).sort()).toEqual(Object.keys(valid).sort());
        expect(zodAccepts(valid)).toBe(true);
        expect(documentAccepts(valid)).toBe(true);
        expect(zodAccepts({ ...valid, unexpected: 1 })).toBe(documentAccepts({ ...valid, unexpected: 1 }));
      });

      it("requires the fields the contract requires", () => {
        for (const key of Object.keys(valid)) {
          const { [key]: _dropped, ...without } = valid;
          expect(documentAccepts(without), key).toBe(zodAccepts(without));
          expect((schema.required ?? []).includes(key), key).toBe(!zodAccepts(without));
        }
      });

      it("accepts and refuses the same value in each field", () => {
        for (const [key, property] of Object.entries(schema.properties ?? {})) {
          for (const probe of probesFor(property as JsonSchema)) {
            const body = { ...valid, [key]: probe };
            expect(documentAccepts(body), `${key} = ${JSON.stringify(probe)}`).toBe(zodAccepts(body));
          }
        }
      });

      it("refuses what is not an object", () => {
        for (const body of [null, "text", 7, [valid]]) expect(documentAccepts(body)).toBe(zodAccepts(body));
      });
    });
  }
});

const createdAt = "2026-11-23T10:00:00.000Z";
const authUser = { id: uuid, email: "ada@example.com", credits: 100, plan: "free", earlyBird: true, hasPassword: false, createdAt };
const styleKitSample = {
  id: uuid,
  name: "Main channel",
  kit: {
    palette: [{ color: "#ff7a00", share: 0.8 }, { color: "#1b2a6b", share: 0.2 }],
    text: "#ffffff",
    outline: "#000000",
    highlight: null,
    headline: { case: "upper", weight: "heavy", outline: true, shadow: false, highlight: false },
    side: "left",
    faceShare: 0.2,
    font: "anton",
    baseStyle: "cartoon",
    readHeadlines: 3,
  },
  sourceImageIds: [uuid],
  createdAt,
  updatedAt: createdAt,
};

const image = {
  id: uuid,
  kind: "generated",
  status: "ready",
  prompt: "A cat",
  style: "cartoon",
  aspect: "16:9",
  model: "studio",
  width: 1280,
  height: 720,
  creditsSpent: 1,
  error: null,
  errorCode: null,
  parentId: null,
  packId: uuid,
  title: "I tried 100 days of coding",
  createdAt,
  urls: { original: "/o", preview: "/p", thumb: "/t", download: "/d" },
};
/** A body as the server writes it, for every JSON response component. */
const refundSample = {
  id: "3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b",
  transactionId: "3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6c",
  credits: 70,
  amount: 349,
  currency: "usd",
  reason: "Bought the wrong pack",
  status: "pending",
  decisionNote: null,
  createdAt: "2026-11-24T10:00:00.000Z",
  decidedAt: null,
};
const shareSample = {
  id: uuid,
  kind: "pack",
  targetId: uuid,
  status: "active",
  createdAt,
  expiresAt: null,
  revokedAt: null,
  tally: [{ imageId: uuid, label: "A", web: 2, discord: 1, total: 3 }],
};
const pollSample = {
  id: uuid,
  kind: "pack",
  targetId: uuid,
  imageIds: [uuid, uuid],
  status: "posting",
  createdAt,
  closesAt: createdAt,
  closedAt: null,
  messageUrl: null,
  tally: [{ imageId: uuid, label: "A", web: 1, discord: 2, total: 3 }],
  winnerImageId: null,
};
const responseSamples: Record<string, unknown> = {
  ErrorBody: { error: "Some fields are missing or invalid.", code: "invalid:body", issues: [{ path: "email", message: "Required" }] },
  WaitlistErrorBody: { success: false, alreadyExists: false, error: "Please enter a valid email address.", code: "invalid:email" },
  Health: { status: "ok", version: "1.0.0", uptimeSeconds: 12 },
  Readiness: { status: "degraded", version: "1.0.0", database: { kind: "postgres", reachable: false } },
  WaitlistResponse: { success: true, alreadyExists: false },
  SendOtpResponse: { success: true, resendAfterSeconds: 30 },
  AuthUser: authUser,
  SignInResponse: { user: authUser, sessionToken: "id.secret" },
  SetPasswordResponse: { user: { ...authUser, hasPassword: true }, otherSessionsEnded: 2 },
  OkResponse: { success: true },
  ModelsResponse: {
    models: [{ id: "studio", label: "Thumbforge Studio", provider: "studio", popular: false, capabilities: ["generate"], creditCost: 1, available: true }],
  },
  ImageResponse: { image },
  VideoHeadlinesResponse: { transcript: "Today I tried coding for 100 days straight.", headlines: ["Today I tried coding for 100 days"] },
  VideoResponse: { video: {
      id: uuid,
      name: "holiday.mp4",
      status: "ready",
      bytes: 1234567,
      probe: { container: "mov,mp4,m4a,3gp,3g2,mj2", codec: "h264", durationMs: 65_000, width: 1920, height: 1080, rotation: 0, fps: 30, hasAudio: true },
      progress: null,
      frames: [{ rank: 0, timeMs: 12_000, score: 0.8, reasons: ["sharp", "shot-change"], url: `/api/videos/${uuid}/candidates/0` }],
      filmstrip: { url: `/api/videos/${uuid}/filmstrip`, columns: 10, rows: 10, tileWidth: 160, tileHeight: 90, count: 100, stepMs: 650 },
      truncated: false,
      error: null,
      errorCode: null,
      createdAt,
      expiresAt: createdAt,
    } },
  VideoListResponse: { videos: [{ id: uuid, name: "a.webm", status: "analysing", bytes: 10, probe: null, progress: { stage: "reading", done: 3, total: 10 }, frames: [], filmstrip: null, truncated: false, error: null, errorCode: null, createdAt, expiresAt: createdAt }] },
  VideoFrameResponse: {
    image: { ...image, kind: "upload", status: "pending", prompt: null, style: null, aspect: null, model: null, urls: null, sourceVideo: { videoId: uuid, name: "my-vlog.mp4", durationMs: 200_000, timeMs: 12_000 } },
    timeMs: 12_000,
  },
  CreateShareResponse: { share: shareSample, path: "/s/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdE" },
  ShareListResponse: { shares: [shareSample, { ...shareSample, status: "revoked", revokedAt: createdAt, expiresAt: createdAt }] },
  ShareResponse: { share: { ...shareSample, kind: "image", tally: [] } },
  PublicShareResponse: {
    kind: "pack",
    expiresAt: null,
    voting: true,
    myVote: uuid,
    images: [{ id: uuid, label: "A", title: "I tried 100 days of coding", width: 1280, height: 720, urls: { preview: "/s/t/images/i/preview", original: "/s/t/images/i/original" } }, { id: uuid, label: "B", title: null, width: null, height: null, urls: { preview: "/s/t/images/j/preview", original: "/s/t/images/j/original" } }],
  },
  ShareVoteResponse: { myVote: uuid },
  CommunityPollResponse: { poll: pollSample },
  CommunityPollListResponse: {
    polls: [{ ...pollSample, status: "closed", closedAt: createdAt, messageUrl: "https://discord.com/channels/1/2/3", winnerImageId: uuid }, { ...pollSample, kind: "images", targetId: null }],
    canPost: false,
    cannotPostReason: "not_linked",
  },
  PackResponse: { pack: { id: uuid, images: [image, { ...image, status: "pending", urls: null }, { ...image, status: "failed", urls: null }] } },
  ComparisonResponse: {
    comparison: {
      id: uuid,
      prompt: "I tried 100 days of coding",
      sourceImageId: null,
      winnerImageId: uuid,
      conversationId: uuid,
      creditsSpent: 5,
      createdAt,
      images: [{ ...image, comparisonId: uuid, durationMs: 1200 }, { ...image, status: "failed", urls: null, comparisonId: uuid, durationMs: null }],
    },
  },
  ComparisonListResponse: {
    comparisons: [{ id: uuid, prompt: "A cat", sourceImageId: uuid, winnerImageId: null, conversationId: null, creditsSpent: 0, createdAt, images: [] }],
    nextCursor: "abc",
  },
  ImageDetailResponse: { image, scene: { version: 1, engine: "studio", composition: "badge", art: [{ id: "laptop", word: "coding" }] } },
  ImageVersionsResponse: { versions: [image, { ...image, id: "3f9e1f5e-5b8e-4c59-9f7a-2b1d8f0c4a11", parentId: image.id }] },
  GalleryResponse: {
    images: [
      { ...image, status: "pending", urls: null, width: null },
      { ...image, kind: "upload", prompt: null, style: null, aspect: null, model: null, sourceVideo: { videoId: uuid, name: "my-vlog.mp4", durationMs: 200_000, timeMs: 65_000 } },
    ],
    nextCursor: "abc",
  },
  ExportsResponse: {
    exports: [
      { kind: "youtube", available: true, reason: null, width: 1280, height: 720, fileName: "100-days-of-coding-1280x720.jpg" },
      { kind: "master", available: false, reason: "no_scene", width: 3840, height: 2160, fileName: "100-days-of-coding-3840x2160.png" },
    ],
    zipName: "100-days-of-coding-exports.zip",
  },
  EditorLayersResponse: {
    image,
    studio: {
      backplate: "data:image/png;base64,AA==",
      front: null,
      subjects: [{ index: 0, name: "Astro", box: { x: 1, y: 2, w: 3, h: 4 }, sprite: "data:image/png;base64,AA==", spriteRect: { x: 0, y: 0, w: 5, h: 6 } }],
      texts: [editorText],
    },
  },
  FeedCheckResponse: {
    check: {
      imageId: uuid,
      headline: "100 DAYS OF CODING",
      title: "I coded for 100 days",
      method: "ocr",
      ocrLanguage: "eng",
      readsOnPhones: false,
      sizes: [{ size: "mobile-search", theme: "dark", width: 168, height: 94, verdict: "fail", reads: false, readBack: "OF C0DG", distance: 0.67, capHeight: 6.55, contrast: 14.8 }],
      findings: [{ id: "small-headline", severity: "fail", sizes: ["mobile-search"], details: { capHeight: 6.55, target: 8 }, fix: { id: "bigger-headline", changes: { headlineScale: 2 } } }],
      checkedAt: createdAt,
    },
  },
  FeedFixResponse: { image },
  CreditsResponse: {
    credits: 99,
    transactions: [{ id: uuid, delta: -1, reason: "generation", ref: uuid, createdAt, image: { id: uuid, thumb: `/api/images/${uuid}/thumb`, prompt: "a cat" } }],
    nextCursor: null,
    dailyAllowance: { credits: 5, claimable: false, nextRefillAt: createdAt },
  },
  PricingResponse: {
    packs: [{ id: "starter", credits: 100, price: 499, currency: "usd", providers: ["stripe"] }],
    pro: { credits: 1000, price: 1499, currency: "usd", providers: [] },
    dailyFreeCredits: 5,
    paymentsConfigured: true,
    stripe: { publishableKey: "pk_test_123" },
    razorpay: null,
  },
  CreatePaymentIntentResponse: { paymentId: "pi_1", clientSecret: "pi_1_secret_2", amount: 499, currency: "usd", credits: 100 },
  PaymentStatusResponse: { status: "succeeded", credits: 100, providerStatus: "succeeded" },
  WebhookAck: { received: true },
  CreateSubscriptionResponse: { subscriptionId: "sub_1", clientSecret: "in_1_secret_2", price: 1499, currency: "usd", credits: 1000 },
  RazorpayOrderResponse: { orderId: "order_1", keyId: "rzp_test_1", amount: 39900, currency: "inr", credits: 100 },
  RefundRequestResponse: { refundRequest: refundSample },
  RefundRequestList: { refundRequests: [refundSample] },
  DailyAllowanceClaim: { credits: 5, granted: 3, dailyAllowance: { credits: 5, claimable: false, nextRefillAt: createdAt } },
  ConversationList: { conversations: [{ id: uuid, title: "Day 100", createdAt, updatedAt: createdAt }], nextCursor: null },
  ConversationResponse: { conversation: { id: uuid, title: "", createdAt, updatedAt: createdAt } },
  StopChatResponse: { stopped: true },
  ChatMessagesResponse: {
    messages: [{ id: "m1", role: "user", parts: [{ type: "text", text: "Hello" }] }],
    branchPoints: [{ messageId: "m1", siblingIds: ["m0", "m1"], index: 1 }],
  },
  PersonaResponse: { persona: { id: uuid, name: "Astro", handle: "astro", role: "artist", description: "", createdAt, urls: { image: "/i", cutout: "/c", thumb: "/t" } } },
  PersonaListResponse: { personas: [{ id: uuid, name: "Astro", handle: "astro", role: "designer", description: "Hi", createdAt, urls: { image: null, cutout: "/c", thumb: "/t" } }] },
  PersonaDraftResponse: {
    draft: { id: uuid, role: "photographer", status: "ready", error: null, errorCode: null, suggestedName: "Photographer", description: "Photographer.", photoCount: 2, createdAt, urls: { image: "/i", cutout: "/c", thumb: "/t" } },
  },
  SearchResponse: {
    query: "coding",
    language: "en",
    terms: ["coding"],
    conversations: [{ conversationId: uuid, title: "Day 100", messageId: "m1", snippet: "100 days of coding", at: createdAt }],
    images: [{ imageId: uuid, title: "100 DAYS OF CODING", snippet: "I tried 100 days of coding", conversationId: uuid, messageId: "m2", thumbUrl: "/t", at: createdAt }],
    packs: [{ packId: uuid, title: "CODING", conversationId: null, messageId: null, thumbUrls: ["/t"], at: createdAt }],
    personas: [{ personaId: uuid, name: "Astro", handle: "astro", snippet: "Loves coding", thumbUrl: "/t" }],
  },
  StyleKitResponse: { kit: styleKitSample },
  StyleKitListResponse: { kits: [styleKitSample] },
  OpenApiDocument: doc,
};

const responseProbes: unknown[] = [null, true, 7, 1.5, "text", {}, [], "ok", "degraded", "pro", "ready", "upload", "postgres"];

/** Copies of a value with one field (at any depth) dropped or replaced, each labelled with where. */
function* mutations(value: unknown): Generator<[string, unknown]> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) for (const [where, changed] of mutations(item)) yield [`${index}.${where}`, value.with(index, changed)];
  } else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      const { [key]: _dropped, ...without } = value;
      yield [`without ${key}`, without];
      for (const probe of responseProbes) yield [`${key} = ${JSON.stringify(probe)}`, { ...value, [key]: probe }];
      for (const [where, changed] of mutations(item)) yield [`${key}.${where}`, { ...value, [key]: changed }];
    }
  }
}

describe("the document's response bodies agree with the contract's schemas", () => {
  const jsonResponses = apiOperations.flatMap((spec) =>
    Object.entries(spec.responses).flatMap(([status, response]) => {
      if (response.body === undefined || response.body === "image-bytes" || response.body === "ui-message-stream" || response.body === "zip" || response.body === "jpeg") return [];
      const ref = doc.paths[spec.path]?.[spec.method]?.responses[status]?.content?.["application/json"]?.schema?.$ref ?? "";
      return [{ name: ref.split("/").at(-1) ?? "", ref, contract: response.body }];
    }),
  );
  const errorBodies = [
    { name: "ErrorBody", contract: errorBodySchema },
    { name: "WaitlistErrorBody", contract: waitlistErrorBodySchema },
  ].map((entry) => ({ ...entry, ref: `#/components/schemas/${entry.name}` }));

  // Several operations answer the same component; each component is one contract schema, checked once.
  const byName = new Map([...jsonResponses, ...errorBodies].map((entry) => [entry.name, entry]));

  it("names one contract schema per component, and has a sample for each", () => {
    for (const entry of jsonResponses) expect(byName.get(entry.name)?.contract, entry.name).toBe(entry.contract);
    expect([...byName.keys()].sort()).toEqual(Object.keys(responseSamples).sort());
  });

  for (const { name, ref, contract } of byName.values()) {
    it(`${name}: what the contract allows the server to send, the document allows, and no more`, () => {
      const schema = resolvePointer(ref) as JsonSchema;
      const sample = responseSamples[name];
      expect(z.safeParse(contract, sample).success).toBe(true);
      expect(accepts(schema, sample)).toBe(true);
      // The document itself is too big to mutate field by field; the others are held to the contract at every depth.
      if (name === "OpenApiDocument") return;
      for (const [where, changed] of mutations(sample)) {
        expect(accepts(schema, changed), `${name}: ${where}`).toBe(z.safeParse(contract, changed).success);
      }
    });
  }
});

describe("every route the server registers is documented, and every documented route exists", () => {
  const serverDir = fileURLToPath(new URL("../", import.meta.url));
  const constants: Record<string, string> = {
    WAITLIST_PATH,
    VIDEO_UPLOADS_PATH,
    OPENAPI_PATH,
    CONVERSATIONS_PATH,
    CHAT_PATH,
    PERSONAS_PATH,
    STYLE_KITS_PATH,
    PERSONA_UPLOAD_PATH,
    PERSONA_GENERATE_PATH,
    PERSONA_DRAFTS_PATH,
    REPLACE_SUBJECT_PATH,
    GENERATE_PACK_PATH,
    PACKS_PATH,
    IMAGE_ZIP_PATH,
    COMPARISONS_PATH,
    SHARES_PATH,
    PUBLIC_SHARE_API_PATH,
    COMMUNITY_POLLS_PATH,
  };

  /** The path a route registration names: a string literal, an AUTH_PATHS entry or a known path constant. */
  function pathOf(expression: string, where: string): string {
    const literal = /^(["'`])([^"'`$]*)\1$/.exec(expression);
    if (literal?.[2] !== undefined) return literal[2];
    const auth = /^AUTH_PATHS\.(\w+)$/.exec(expression);
    if (auth?.[1] && auth[1] in AUTH_PATHS) return AUTH_PATHS[auth[1] as keyof typeof AUTH_PATHS];
    const constant = constants[expression];
    if (constant) return constant;
    // A template of known constants: `${CONVERSATIONS_PATH}/:id`.
    const template = /^`([^`]*)`$/.exec(expression);
    if (template?.[1] !== undefined) {
      return template[1].replace(/\$\{(\w+)\}/g, (_whole, name: string) => {
        const value = constants[name];
        if (!value) throw new Error(`${where}: cannot tell which path ${expression} is; teach this test its value`);
        return value;
      });
    }
    throw new Error(`${where}: cannot tell which path ${expression} is; teach this test its value`);
  }

  function registeredApiRoutes(): string[] {
    const files = readdirSync(serverDir, { recursive: true, encoding: "utf8" }).filter(
      (file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && !file.startsWith("testing"),
    );
    const routes: string[] = [];
    for (const file of files) {
      const source = readFileSync(join(serverDir, file), "utf8");
      for (const match of source.matchAll(/\b(\w*(?:router|Router|app))\.(get|post|put|patch|delete|all)\(\s*([^,()\s]+)\s*,/g)) {
        const [, , method, expression] = match;
        if (!method || !expression) continue;
        const path = pathOf(expression, file);
        if (path.startsWith("/api")) routes.push(`${method.toUpperCase()} ${path.replace(/:(\w+)/g, "{$1}")}`);
      }
    }
    return routes.sort();
  }

  it("matches the server's /api routes one to one", () => {
    const registered = registeredApiRoutes();
    const documented = operations.map(({ path, method }) => `${method.toUpperCase()} ${path}`).sort();
    expect(registered).toEqual(documented);
    expect(new Set(registered).size).toBe(registered.length);
  });

  it("documents every AUTH_PATHS entry", () => {
    for (const path of Object.values(AUTH_PATHS)) expect(Object.keys(doc.paths)).toContain(path);
  });
});

describe(`GET ${OPENAPI_PATH}`, () => {
  let server: ReturnType<ReturnType<typeof express>["listen"]>;
  let url: string;

  beforeAll(async () => {
    const app = express().use(openApiRoutes({ version: "4.5.6" }));
    server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${OPENAPI_PATH}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
  });

  it("answers 200 application/json with the document, cacheable briefly", async () => {
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json\b/);
    expect(res.headers.get("cache-control")).toMatch(/max-age=\d+/);
    const body = (await res.json()) as OpenApiDocument;
    expect(body).toEqual(buildOpenApiDocument({ version: "4.5.6" }));
  });
});
