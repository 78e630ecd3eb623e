/**
 * The web app's pages, shared by its router (web/app/app-routes.tsx) and the server, which answers any other
 * non-API path with the 404 card and status 404. Add a page here and in the router together.
 */
export const clientRoutes = {
  waitlist: "/",
  landing: "/landing",
  login: "/login",
  app: "/app",
  personas: "/app/personas",
  styleKits: "/app/style-kits",
  editor: "/app/editor/:imageId",
  gallery: "/app/gallery",
  video: "/app/video",
  credits: "/app/credits",
  pricing: "/app/pricing",
  terms: "/terms-of-service",
  privacy: "/privacy-policy",
  refund: "/refund-policy",
  share: "/s/:token",
} as const;

const known = new Set<string>(Object.values(clientRoutes).filter((p) => !p.includes(":")));
// A `:param` matches one path segment, as in the router.
const patterns = Object.values(clientRoutes)
  .filter((p) => p.includes(":"))
  .map((p) => new RegExp(`^${p.toLowerCase().replace(/:\w+/g, "[^/]+")}$`));

/** Matches like the router: case-insensitive, a trailing slash ignored. */
export function isClientRoute(path: string): boolean {
  const normalized = (path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path).toLowerCase();
  return known.has(normalized) || patterns.some((pattern) => pattern.test(normalized));
}

/** A page's path with its parameters filled in. */
export function editorPath(imageId: string): string {
  return clientRoutes.editor.replace(":imageId", encodeURIComponent(imageId));
}
