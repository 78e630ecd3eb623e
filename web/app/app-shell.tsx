import { Suspense } from "react";
import { Outlet } from "react-router";
import type { AuthUser } from "../../contract/auth.ts";
import { AccountMenu } from "../features/account/account-menu.tsx";
import { CreditsBadge } from "../features/account/credits-badge.tsx";
import { useCurrentUser, useLiveCredits } from "../features/account/use-current-user.ts";
import { SearchButton } from "../features/search/search-button.tsx";
import { SocketProvider } from "../lib/socket-context.tsx";
import { useImageLive } from "../lib/use-image-live.ts";
import { RequireAuth } from "./route-guards.tsx";
import { PageLoading, ShellHeader, ShellPending } from "./shell-pending.tsx";

/** The shell once the server has answered who the user is: live credits, the account menu and the page. */
function ShellFrame({ user }: { user: AuthUser }) {
  // Inside the SocketProvider: credits and images stay live on every page of the app, whatever it shows.
  useLiveCredits();
  useImageLive();
  return (
    <div className="min-h-dvh">
      <ShellHeader>
        <SearchButton />
        <CreditsBadge credits={user.credits} />
        <AccountMenu user={user} />
      </ShellHeader>
      {/* Only the page waits for its code and words; the header stays. */}
      <Suspense fallback={<PageLoading />}>
        <Outlet context={user} />
      </Suspense>
    </div>
  );
}

function SignedInShell() {
  const { data: user } = useCurrentUser();
  if (!user) return <ShellPending />;
  return (
    <SocketProvider userId={user.id}>
      <ShellFrame user={user} />
    </SocketProvider>
  );
}

/**
 * The layout of /app and its sections: signed-out visitors are sent away, then one socket, the header and the page
 * (web/app/shell-user.ts gives it the user). It stays mounted while the user moves between sections.
 */
export default function AppShell() {
  return (
    <RequireAuth>
      <SignedInShell />
    </RequireAuth>
  );
}
