import { atom, useSetAtom } from "jotai";
import { useEffect } from "react";
import { AUTH_USER_KEY, LEGACY_USER_KEY, readStoredUser, type StoredUser } from "./auth-storage.ts";
import { SESSION_TOKEN_KEY } from "./session-token.ts";

// Kept apart from auth.ts so the marketing entry can show the auth spinner without the query client.
export type AuthState =
  | { status: "loading"; user: null }
  | { status: "authenticated"; user: StoredUser }
  /** `signedOut` marks this tab's own logout, after which the app opens `/`, not `/login` (docs/product/web-app.md). */
  | { status: "unauthenticated"; user: null; signedOut?: boolean };

export const authAtom = atom<AuthState>({ status: "loading", user: null });

export function stateFromStorage(): AuthState {
  const user = readStoredUser();
  return user ? { status: "authenticated", user } : { status: "unauthenticated", user: null };
}

/** Loads the stored user once and follows changes made in other tabs (docs/product/accounts.md). */
export function useAuthBootstrap(): void {
  const setAuth = useSetAtom(authAtom);
  useEffect(() => {
    setAuth(stateFromStorage());
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || [AUTH_USER_KEY, LEGACY_USER_KEY, SESSION_TOKEN_KEY].includes(event.key)) {
        setAuth(stateFromStorage());
      }
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [setAuth]);
}
