import { useOutletContext } from "react-router";
import type { AuthUser } from "../../contract/auth.ts";

/** The signed-in user, for a page inside the app shell (web/app/app-shell.tsx hands it down its Outlet). */
export function useShellUser(): AuthUser {
  return useOutletContext<AuthUser>();
}
