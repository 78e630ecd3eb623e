/**
 * Settings the browser needs; the server writes them into index.html as a meta tag (no inline script, strict CSP).
 * No zod here: every public page imports this file.
 */
export interface PublicConfig {
  discordInviteUrl: string;
  supportEmail: string;
  feedbackUrl: string;
  version: string;
}

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
