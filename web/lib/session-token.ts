// The token is a plain string under `sessionToken`, sent as `x-session-token` when present (docs/product/accounts.md).
export const SESSION_TOKEN_KEY = "sessionToken";

export function readSessionToken(storage: Storage = localStorage): string | null {
  try {
    return storage.getItem(SESSION_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function writeSessionToken(token: string | null, storage: Storage = localStorage): void {
  try {
    if (token) storage.setItem(SESSION_TOKEN_KEY, token);
    else storage.removeItem(SESSION_TOKEN_KEY);
  } catch {
    // Storage can be unavailable (private mode, quota); the cookie still carries the session.
  }
}
