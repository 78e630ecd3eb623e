import { PUBLIC_CONFIG_META, type PublicConfig, publicConfigSchema } from "../../contract/public-config.ts";

// Used by the Vite dev server and component tests, where no server writes the meta tag.
const fallback: PublicConfig = {
  discordInviteUrl: "https://discord.gg/thumbforge",
  supportEmail: "support@thumbforge.app",
  feedbackUrl: "https://forms.gle/thumbforge-feedback",
  version: "dev",
};

export function readPublicConfig(doc: Document = document): PublicConfig {
  const content = doc.querySelector(`meta[name="${PUBLIC_CONFIG_META}"]`)?.getAttribute("content");
  if (!content) return fallback;
  try {
    return publicConfigSchema.parse(JSON.parse(content));
  } catch {
    return fallback;
  }
}
