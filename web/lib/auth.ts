import { useQueryClient } from "@tanstack/react-query";
import { useAtom } from "jotai";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { apiRequest } from "./api.ts";
import { clearStoredAuth, type StoredUser, writeStoredUser } from "./auth-storage.ts";
import { authAtom } from "./auth-state.ts";
import { writeSessionToken } from "./session-token.ts";

/** Sign-in and sign-out for screens inside the app layout (they have the query client). */
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
      // docs/product/accounts.md: logout failures are ignored for local sign-out.
    }
    clearStoredAuth();
    queryClient.clear();
    // The signed-in screen's guard reads `signedOut` and sends this tab to / (not /login), whichever renders first.
    setAuth({ status: "unauthenticated", user: null, signedOut: true });
    await navigate("/");
  }, [navigate, queryClient, setAuth]);

  return { ...auth, login, logout };
}
