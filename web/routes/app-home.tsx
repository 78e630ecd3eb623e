import { useTranslation } from "react-i18next";
import type { AuthUser } from "../../contract/auth.ts";
import { RequireAuth } from "../app/route-guards.tsx";
import { FullScreenSpinner } from "../components/site/full-screen-spinner.tsx";
import { Logo } from "../components/site/logo.tsx";
import { AccountMenu } from "../features/account/account-menu.tsx";
import { AccountOverview } from "../features/account/account-overview.tsx";
import { CreditsBadge } from "../features/account/credits-badge.tsx";
import { useCurrentUser, useLiveCredits } from "../features/account/use-current-user.ts";
import { ChatScreen } from "../features/chat/chat-screen.tsx";
import { RecentImages } from "../features/studio/recent-images.tsx";
import { useStudioLive } from "../features/studio/use-studio-live.ts";
import { SocketProvider } from "../lib/socket-context.tsx";
import { usePageMeta } from "../lib/use-page-meta.ts";

/**
 * The studio: the chat (conversations and the thread) fills the first screen; the live Recent images grid and the
 * account at a glance follow below it.
 */
function Studio({ user }: { user: AuthUser }) {
  const { t } = useTranslation("app");
  useLiveCredits();
  useStudioLive(user.id);
  const name = user.email.split("@")[0] ?? user.email;
  return (
    <main id="main" className="grid w-full grid-cols-1">
      {/* The chat's own header shows the conversation; the page keeps its greeting as its name for assistive tech. */}
      <h1 className="sr-only">{t("welcome.title", { name })}</h1>
      <ChatScreen credits={user.credits} />
      <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-10 px-4 py-8 sm:gap-12 sm:px-5 sm:py-10">
        <RecentImages userId={user.id} />
        <AccountOverview user={user} />
      </div>
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
          <div className="mx-auto flex h-16 items-center justify-between gap-2 px-4 sm:px-5">
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
