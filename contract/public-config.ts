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

/**
 * Placeholders the build prerenders public pages with; the server swaps them for the configured values when it
 * sends a page, so one build serves any configuration.
 */
export const PUBLIC_CONFIG_TOKENS = {
  discordInviteUrl: "https://tf-config.invalid/discord-invite",
  supportEmail: "support@tf-config.invalid",
  feedbackUrl: "https://tf-config.invalid/feedback",
} as const satisfies Partial<PublicConfig>;
