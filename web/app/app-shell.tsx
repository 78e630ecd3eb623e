import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import type { AuthUser } from "../../contract/auth.ts";
import { FullScreenSpinner } from "../components/site/full-screen-spinner.tsx";
import { Logo } from "../components/site/logo.tsx";
import { AccountMenu } from "../features/account/account-menu.tsx";
import { CreditsBadge } from "../features/account/credits-badge.tsx";
import { useCurrentUser, useLiveCredits } from "../features/account/use-current-user.ts";
import { SocketProvider } from "../lib/socket-context.tsx";
import { AppNav } from "./app-nav.tsx";
import { RequireAuth } from "./route-guards.tsx";

/** The header every signed-in page shares: logo, sections, live credits and the account menu. */
function ShellFrame({ user }: { user: AuthUser }) {
  const { t } = useTranslation("app");
  // Inside the SocketProvider: credits stay live on every page of the app.
  useLiveCredits();
  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-40 border-b border-border/70 bg-bg/90 backdrop-blur">
        <div className="mx-auto flex h-16 items-center gap-2 px-3 sm:gap-4 sm:px-5">
          {/* Below 420 px the sections' Chat link is the way home; the logo makes room for the three of them. */}
          <div className="contents max-[419px]:hidden">
            <Logo to="/app" compact />
          </div>
          <AppNav />
          <div className="ml-auto flex items-center gap-2 sm:gap-3">
            <CreditsBadge credits={user.credits} />
            <AccountMenu user={user} />
          </div>
        </div>
      </header>
      {/* Only the page waits for its code and words; the header stays, and the skip link's target is there meanwhile. */}
      <Suspense
        fallback={
          <main id="main" className="grid min-h-[60dvh] place-items-center">
            <h1 className="sr-only">{t("loading")}</h1>
            <span aria-hidden="true" className="size-10 animate-spin rounded-full border-4 border-border border-t-primary" />
          </main>
        }
      >
        <Outlet context={user} />
      </Suspense>
    </div>
  );
}

function SignedInShell() {
  const { t } = useTranslation("app");
  const { data: user } = useCurrentUser();
  if (!user) return <FullScreenSpinner label={t("loading")} />;
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
