import { z } from "zod/mini";

/** Settings the browser needs; the server writes them into index.html as a meta tag (no inline script, strict CSP). */
export const publicConfigSchema = z.object({
  discordInviteUrl: z.url(),
  supportEmail: z.email(),
  feedbackUrl: z.url(),
  version: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const PUBLIC_CONFIG_META = "thumbforge-config";
