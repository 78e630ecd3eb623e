// The health probes' operations in the OpenAPI document (contract/openapi.ts assembles the parts).
import { healthSchema, readinessSchema } from "./health.ts";
import { noStore, type OpenApiPart, retryAfter } from "./openapi-operation.ts";

export const healthOpenApi: OpenApiPart = {
  requestComponents: {},
  responseComponents: {
    Health: healthSchema,
    Readiness: readinessSchema,
  },
  operations: [
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
  ],
};
