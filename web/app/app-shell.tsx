import { type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import type { AuthUser } from "../../contract/auth.ts";
import { Logo } from "../components/site/logo.tsx";
import { AccountMenu } from "../features/account/account-menu.tsx";
import { CreditsBadge } from "../features/account/credits-badge.tsx";
import { useCurrentUser, useLiveCredits } from "../features/account/use-current-user.ts";
import { SocketProvider } from "../lib/socket-context.tsx";
import { AppNav } from "./app-nav.tsx";
import { RequireAuth } from "./route-guards.tsx";

/** The header every signed-in page shares: logo, sections, and at its end the credits and the account menu. */
function ShellHeader({ children }: { children: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-bg/90 backdrop-blur">
      <div className="mx-auto flex h-16 items-center gap-2 px-3 sm:gap-4 sm:px-5">
        {/* Below 420 px the sections' Chat link is the way home; the logo makes room for the three of them. */}
        <div className="contents max-[419px]:hidden">
          <Logo to="/app" compact />
        </div>
        <AppNav />
        <div className="ml-auto flex items-center gap-2 sm:gap-3">{children}</div>
      </div>
    </header>
  );
}

/** Where the page goes while its code, its words or the user are on their way; the skip link's target is there. */
function PageLoading() {
  const { t } = useTranslation("app");
  return (
    <main id="main" className="grid min-h-[60dvh] place-items-center">
      <h1 className="sr-only">{t("loading")}</h1>
      <span aria-hidden="true" className="size-10 animate-spin rounded-full border-4 border-border border-t-primary" />
    </main>
  );
}

function ShellFrame({ user }: { user: AuthUser }) {
  // Inside the SocketProvider: credits stay live on every page of the app.
  useLiveCredits();
  return (
    <div className="min-h-dvh">
      <ShellHeader>
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

/**
 * The shell painted before the server has answered who the user is: the header's logo and sections need nothing
 * from it, so they show at once; the credits and the account menu keep their place as empty outlines (a balance
 * remembered from an earlier visit could be stale, so none is shown).
 */
function ShellPending() {
  return (
    <div className="min-h-dvh" aria-busy="true" data-testid="shell-pending">
      <ShellHeader>
        <span aria-hidden="true" className="h-10 w-16 animate-pulse rounded-full border border-border bg-surface-2" />
        <span aria-hidden="true" className="size-10 animate-pulse rounded-full bg-surface-2" />
      </ShellHeader>
      <PageLoading />
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
