import { useQueryClient } from "@tanstack/react-query";
import { atom, useAtom } from "jotai";
import { useCallback, useEffect } from "react";
import { useNavigate } from "react-router";
import { apiRequest } from "./api.ts";
import {
  AUTH_USER_KEY,
  clearStoredAuth,
  LEGACY_USER_KEY,
  readStoredUser,
  type StoredUser,
  writeStoredUser,
} from "./auth-storage.ts";
import { SESSION_TOKEN_KEY, writeSessionToken } from "./session-token.ts";

export type AuthState =
  | { status: "loading"; user: null }
  | { status: "authenticated"; user: StoredUser }
  | { status: "unauthenticated"; user: null };

export const authAtom = atom<AuthState>({ status: "loading", user: null });

function stateFromStorage(): AuthState {
  const user = readStoredUser();
  return user ? { status: "authenticated", user } : { status: "unauthenticated", user: null };
}

/** Loads the stored user once and follows changes made in other tabs (SPEC.md §4). */
export function useAuthBootstrap(): void {
  const [, setAuth] = useAtom(authAtom);
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

export function useAuth() {
  const [auth, setAuth] = useAtom(authAtom);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  /** Stores the user (and token) and clears cached data from any earlier account. */
  const login = useCallback(
    (user: StoredUser, sessionToken?: string) => {
      writeStoredUser(user);
      if (sessionToken) writeSessionToken(sessionToken);
      queryClient.clear();
      setAuth({ status: "authenticated", user });
    },
    [queryClient, setAuth],
  );

  /** Signs out locally even when the server call fails, then goes to `/`. */
  const logout = useCallback(async () => {
    try {
      await apiRequest("POST", "/api/auth/logout");
    } catch {
      // SPEC.md §7: logout failures are ignored for local sign-out.
    }
    clearStoredAuth();
    queryClient.clear();
    setAuth({ status: "unauthenticated", user: null });
    await navigate("/");
  }, [navigate, queryClient, setAuth]);

  return { ...auth, login, logout };
}
