import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { useEffect } from "react";
import { AUTH_PATHS, type AuthUser, authUserSchema } from "../../../contract/auth.ts";
import { defaultQueryFn } from "../../lib/api.ts";
import { clearStoredAuth, writeStoredUser } from "../../lib/auth-storage.ts";
import { authAtom } from "../../lib/auth-state.ts";
import { useSocketEvent, useSocketReconnect } from "../../lib/socket-context.tsx";

export const CURRENT_USER_KEY = [AUTH_PATHS.user] as const;

/**
 * The signed-in user from the server. A 401 means the session ended elsewhere (logout in another browser,
 * password change), so this tab signs out locally too.
 */
export function useCurrentUser() {
  const setAuth = useSetAtom(authAtom);
  const query = useQuery<AuthUser>({
    queryKey: CURRENT_USER_KEY,
    queryFn: async (context) => authUserSchema.parse(await defaultQueryFn(context)),
  });
  const unauthorized = query.error instanceof Error && query.error.message.startsWith("401:");
  useEffect(() => {
    if (!unauthorized) return;
    clearStoredAuth();
    setAuth({ status: "unauthenticated", user: null });
  }, [unauthorized, setAuth]);
  useEffect(() => {
    if (query.data) writeStoredUser(query.data);
  }, [query.data]);
  return query;
}

/**
 * Keeps the credits figure live: the server pushes `credits:update` to every tab of the user over the screen's
 * one socket (web/lib/socket-context.tsx). After a dropped connection the user is read again.
 */
export function useLiveCredits(): void {
  const queryClient = useQueryClient();
  useSocketEvent("credits:update", ({ credits }) => {
    queryClient.setQueryData<AuthUser>(CURRENT_USER_KEY, (user) => (user ? { ...user, credits } : user));
  });
  useSocketReconnect(() => {
    void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
  });
}
