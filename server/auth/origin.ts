/**
 * Whether a browser's Origin is this site: the request's own host, or PUBLIC_URL's origin behind a proxy.
 * docs/product/accounts.md (Sessions): cookie-authenticated state changes and socket handshakes must be same-origin.
 */
export function isSameOrigin(origin: string, host: string | undefined, publicUrl: string | undefined): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (publicUrl && parsed.origin === new URL(publicUrl).origin) return true;
  return host !== undefined && parsed.host === host;
}

/**
 * Cross-site by Fetch Metadata when the browser sends it (every current one does), else by Origin. A request
 * with neither header comes from a non-browser client, which cannot ride on a victim's cookie.
 */
export function isCrossSiteRequest(headers: { secFetchSite?: string; origin?: string; host?: string }, publicUrl: string | undefined): boolean {
  if (headers.secFetchSite) return headers.secFetchSite !== "same-origin" && headers.secFetchSite !== "none";
  if (!headers.origin) return false;
  return !isSameOrigin(headers.origin, headers.host, publicUrl);
}
