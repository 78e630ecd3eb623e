import { useTranslation } from "react-i18next";
import type { AuthUser } from "../../contract/auth.ts";
import { RequireAuth } from "../app/route-guards.tsx";
import { FullScreenSpinner } from "../components/site/full-screen-spinner.tsx";
import { Logo } from "../components/site/logo.tsx";
import { AccountMenu } from "../features/account/account-menu.tsx";
import { AccountOverview } from "../features/account/account-overview.tsx";
import { CreditsBadge } from "../features/account/credits-badge.tsx";
import { useCurrentUser, useLiveCredits } from "../features/account/use-current-user.ts";
import { CreatePanel } from "../features/studio/create-panel.tsx";
import { RecentImages } from "../features/studio/recent-images.tsx";
import { useStudioLive } from "../features/studio/use-studio-live.ts";
import { SocketProvider } from "../lib/socket-context.tsx";
import { usePageMeta } from "../lib/use-page-meta.ts";

/** The studio: the Create panel in the centre, the live Recent images grid below, then the account at a glance. */
function Studio({ user }: { user: AuthUser }) {
  const { t } = useTranslation("app");
  useLiveCredits();
  useStudioLive(user.id);
  const name = user.email.split("@")[0] ?? user.email;
  return (
    <main id="main" className="mx-auto grid w-full grid-cols-1 max-w-6xl gap-10 px-4 py-8 sm:gap-12 sm:px-5 sm:py-10">
      <div className="grid min-w-0 grid-cols-1 gap-6">
        <div className="grid gap-1">
          <p className="text-sm font-semibold text-primary">{t("welcome.kicker")}</p>
          <h1 className="font-display text-3xl leading-tight font-black tracking-tight break-words sm:text-4xl">{t("welcome.title", { name })}</h1>
        </div>
        <CreatePanel user={user} />
      </div>
      <RecentImages userId={user.id} />
      <AccountOverview user={user} />
    </main>
  );
}

function AppShell() {
  const { t } = useTranslation("app");
  usePageMeta(t("meta.title"));
  const { data: user } = useCurrentUser();
  if (!user) return <FullScreenSpinner label={t("loading")} />;
  return (
    <SocketProvider userId={user.id}>
      <div className="min-h-dvh">
        <header className="sticky top-0 z-40 border-b border-border/70 bg-bg/90 backdrop-blur">
          <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-5">
            <Logo to="/app" compact />
            <div className="flex items-center gap-2 sm:gap-3">
              <CreditsBadge credits={user.credits} />
              <AccountMenu user={user} />
            </div>
          </div>
        </header>
        <Studio user={user} />
      </div>
    </SocketProvider>
  );
}

export default function AppHomePage() {
  return (
    <RequireAuth>
      <AppShell />
    </RequireAuth>
  );
}
