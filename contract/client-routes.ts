/**
 * The web app's pages, shared by its router (web/app/app-routes.tsx) and the server, which answers any other
 * non-API path with the 404 card and status 404. Add a page here and in the router together.
 */
export const clientRoutes = {
  waitlist: "/",
  landing: "/landing",
  login: "/login",
  app: "/app",
  terms: "/terms-of-service",
  privacy: "/privacy-policy",
  refund: "/refund-policy",
} as const;

const known = new Set<string>(Object.values(clientRoutes));

/** Matches like the router: case-insensitive, a trailing slash ignored. */
export function isClientRoute(path: string): boolean {
  const normalized = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  return known.has(normalized.toLowerCase());
}
