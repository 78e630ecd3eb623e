import { useAtomValue } from "jotai";
import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { authAtom } from "../lib/auth-state.ts";

// The guards follow the auth atom, which follows storage events, so a sign-in or sign-out in another tab moves
// this tab too (docs/product/accounts.md).

/** /app and below: signed-out visitors go to /login; a tab that just logged out goes to /. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const auth = useAtomValue(authAtom);
  if (auth.status === "authenticated") return children;
  return <Navigate to={auth.status === "unauthenticated" && auth.signedOut ? "/" : "/login"} replace />;
}

/** /login: a signed-in user goes straight to the app. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const auth = useAtomValue(authAtom);
  return auth.status === "authenticated" ? <Navigate to="/app" replace /> : children;
}
