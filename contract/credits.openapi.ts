// The credit balance's operations in the OpenAPI document (contract/openapi.ts assembles the parts).
import { creditsQuerySchema, creditsResponseSchema, creditTransactionSchema, dailyAllowanceClaimSchema } from "./credits.ts";
import { noStore, type OpenApiPart, serverErrors, signedIn, userId } from "./openapi-operation.ts";

export const creditsOpenApi: OpenApiPart = {
  requestComponents: {},
  responseComponents: {
    CreditTransaction: creditTransactionSchema,
    CreditsResponse: creditsResponseSchema,
    DailyAllowanceClaim: dailyAllowanceClaimSchema,
  },
  operations: [
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
  ],
};
