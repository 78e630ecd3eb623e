import { z } from "zod/mini";

/** GET /api/health (liveness): the process answers. It never touches the database, so a DB outage keeps it 200. */
export const healthSchema = z.object({
  status: z.literal("ok"),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;

/** GET /api/health/ready (readiness): 200 when the database answers, else 503 with status "degraded". */
export const readinessSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  version: z.string(),
  database: z.object({ kind: z.enum(["postgres", "pglite"]), reachable: z.boolean() }),
});
export type Readiness = z.infer<typeof readinessSchema>;
