// The waitlist's operation in the OpenAPI document (contract/openapi.ts assembles the parts).
import { z } from "zod/mini";
import { errorBodySchema } from "./errors.ts";
import { crossSiteCookie, jsonBodyErrors, type OpenApiPart, rateLimited, serverErrors } from "./openapi-operation.ts";
import { WAITLIST_PATH } from "./waitlist.ts";
import { waitlistRequestSchema, waitlistResponseSchema } from "./waitlist-schemas.ts";

/** The waitlist answers its own failures in its success shape plus a code (the page reads `error`). */
export const waitlistErrorBodySchema = z.object({
  success: z.literal(false),
  alreadyExists: z.literal(false),
  error: z.string(),
  code: z.string(),
});

export const waitlistOpenApi: OpenApiPart = {
  requestComponents: {
    WaitlistRequest: waitlistRequestSchema,
  },
  responseComponents: {
    WaitlistErrorBody: waitlistErrorBodySchema,
    WaitlistResponse: waitlistResponseSchema,
  },
  operations: [
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
  ],
};
