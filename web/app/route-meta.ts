/**
 * What each public route needs before its first paint: its i18n namespaces and the keys of its title and
 * description. The client preloads the namespaces (so a prerendered page is hydrated, not replaced by a spinner)
 * and the build writes the title and description into each prerendered page.
 */
export interface RouteMeta {
  namespaces: string[];
  title: string;
  description: string;
}

export const routeMeta: Record<string, RouteMeta> = {
  "/": { namespaces: ["common", "marketing"], title: "marketing:meta.waitlistTitle", description: "marketing:meta.waitlistDescription" },
  "/landing": { namespaces: ["common", "marketing"], title: "marketing:meta.landingTitle", description: "marketing:meta.landingDescription" },
  "/terms-of-service": { namespaces: ["common", "legal"], title: "legal:terms.title", description: "legal:terms.metaDescription" },
  "/privacy-policy": { namespaces: ["common", "legal"], title: "legal:privacy.title", description: "legal:privacy.metaDescription" },
  "/refund-policy": { namespaces: ["common", "legal"], title: "legal:refund.title", description: "legal:refund.metaDescription" },
};

/**
 * Pages behind sign-in: never prerendered, yet a reload loads their words before the first render too. Every one has
 * the header's account menu, whose password dialog speaks `auth`: without it the header would wait for those words.
 */
const signedInNamespaces: Record<string, string[]> = {
  "/app": ["common", "app", "auth", "chat"],
  "/app/personas": ["common", "app", "auth", "personas"],
  "/app/style-kits": ["common", "app", "auth"],
  "/app/gallery": ["common", "app", "auth", "gallery"],
  "/app/video": ["common", "app", "auth", "videos", "personas"],
  "/app/credits": ["common", "app", "auth", "billing"],
  "/app/pricing": ["common", "app", "auth", "billing"],
};

export function namespacesFor(path: string): string[] {
  const normalized = (path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path).toLowerCase();
  if (normalized.startsWith("/app/editor/")) return ["common", "app", "auth", "editor"];
  if (normalized.startsWith("/s/")) return ["common", "share"];
  return routeMeta[normalized]?.namespaces ?? signedInNamespaces[normalized] ?? ["common"];
}
