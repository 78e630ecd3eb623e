import { useTranslation } from "react-i18next";
import { useShellUser } from "../app/shell-user.ts";
import { AccountOverview } from "../features/account/account-overview.tsx";
import { ChatScreen } from "../features/chat/chat-screen.tsx";
import { RecentImages } from "../features/studio/recent-images.tsx";
import { usePageMeta } from "../lib/use-page-meta.ts";

/**
 * The studio: the chat (conversations and the thread) fills the first screen; the live Recent images grid and the
 * account at a glance follow below it.
 */
export default function AppHomePage() {
  const { t } = useTranslation("app");
  usePageMeta(t("meta.title"));
  const user = useShellUser();
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
