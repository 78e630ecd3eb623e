import { z } from "zod/mini";

export const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  version: z.string(),
  database: z.object({ kind: z.enum(["postgres", "pglite"]), reachable: z.boolean() }),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;
