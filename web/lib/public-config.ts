import { PUBLIC_CONFIG_META, type PublicConfig } from "../../contract/public-config.ts";

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
  // A hand check, not the zod schema: this runs on every public page and zod would double its script.
  try {
    const parsed: unknown = JSON.parse(content);
    if (!parsed || typeof parsed !== "object") return fallback;
    const fields = parsed as Record<keyof PublicConfig, unknown>;
    const keys: (keyof PublicConfig)[] = ["discordInviteUrl", "supportEmail", "feedbackUrl", "version"];
    return keys.every((key) => typeof fields[key] === "string") ? (parsed as PublicConfig) : fallback;
  } catch {
    return fallback;
  }
}
