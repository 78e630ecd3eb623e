import { writeSessionToken } from "./session-token.ts";

// docs/product/accounts.md: the user record lives under `auth_user` (older builds wrote `user`).
export const AUTH_USER_KEY = "auth_user";
export const LEGACY_USER_KEY = "user";

export interface StoredUser {
  id: string;
  email: string;
  [field: string]: unknown;
}

function isStoredUser(value: unknown): value is StoredUser {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as StoredUser).id === "string" &&
    typeof (value as StoredUser).email === "string"
  );
}

/** Reads the stored user; a corrupt record is removed and treated as signed out. */
export function readStoredUser(storage: Storage = localStorage): StoredUser | null {
  for (const key of [AUTH_USER_KEY, LEGACY_USER_KEY]) {
    let raw: string | null;
    try {
      raw = storage.getItem(key);
    } catch {
      return null;
    }
    if (raw === null) continue;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (isStoredUser(parsed)) return parsed;
    } catch {
      // fall through to removal
    }
    storage.removeItem(key);
  }
  return null;
}

export function writeStoredUser(user: StoredUser, storage: Storage = localStorage): void {
  storage.setItem(AUTH_USER_KEY, JSON.stringify(user));
}

export function clearStoredAuth(storage: Storage = localStorage): void {
  try {
    storage.removeItem(AUTH_USER_KEY);
    storage.removeItem(LEGACY_USER_KEY);
  } catch {
    // nothing stored to clear
  }
  writeSessionToken(null, storage);
}
