import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { EARLY_BIRD_ACCOUNTS, EARLY_BIRD_CREDITS } from "../../contract/credits.ts";
import { GuestOnly } from "../app/route-guards.tsx";
import { GiftIcon } from "../components/site/gift-icon.tsx";
import { MarketingHeader } from "../components/site/marketing-header.tsx";
import { Card } from "../components/ui/card.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../components/ui/tabs.tsx";
import { CodeSignInForm } from "../features/auth/code-sign-in-form.tsx";
import { PasswordSignInForm } from "../features/auth/password-sign-in-form.tsx";
import type { SignInResponse } from "../../contract/auth.ts";
import { useAuth } from "../lib/auth.ts";
import { usePageMeta } from "../lib/use-page-meta.ts";

function LoginScreen() {
  const { t } = useTranslation("auth");
  const { login } = useAuth();
  const navigate = useNavigate();
  usePageMeta(t("meta.title"), t("meta.description"));

  const onSignedIn = (result: SignInResponse) => {
    login(result.user, result.sessionToken);
    void navigate("/app", { replace: true });
  };

  return (
    <>
      <MarketingHeader />
      <main id="main" className="mx-auto grid w-full max-w-6xl items-center gap-10 px-5 py-10 sm:py-16 lg:grid-cols-[1fr_minmax(0,28rem)]">
        <section className="hidden gap-5 lg:grid" aria-labelledby="login-pitch">
          <h2 id="login-pitch" className="font-display text-5xl leading-[1.05] font-black tracking-tight text-balance">
            <span className="brand-text">{t("pitch.title")}</span>
          </h2>
          <p className="max-w-md text-lg text-muted">{t("pitch.body")}</p>
          <ul className="grid max-w-md gap-3 text-fg">
            {(["persona", "chat", "gallery"] as const).map((key) => (
              <li key={key} className="flex items-start gap-3">
                <span aria-hidden="true" className="brand-gradient mt-0.5 grid size-6 shrink-0 place-items-center rounded-full text-xs font-black text-white">
                  ✓
                </span>
                {t(`pitch.points.${key}`)}
              </li>
            ))}
          </ul>
        </section>
        <Card padding="lg" elevation="floating" className="w-full">
          <h1 className="text-2xl font-black tracking-tight sm:text-3xl">{t("title")}</h1>
          <p className="mt-1 mb-6 text-muted">{t("subtitle")}</p>
          <Tabs defaultValue="code" className="grid gap-6">
            <TabsList aria-label={t("tabs.label")}>
              <TabsTrigger value="code">{t("tabs.code")}</TabsTrigger>
              <TabsTrigger value="password">{t("tabs.password")}</TabsTrigger>
            </TabsList>
            <TabsContent value="code">
              <CodeSignInForm onSignedIn={onSignedIn} />
            </TabsContent>
            <TabsContent value="password">
              <PasswordSignInForm onSignedIn={onSignedIn} />
            </TabsContent>
          </Tabs>
          <p className="mt-6 flex items-start gap-2 rounded-xl bg-surface-2 p-3 text-sm">
            <GiftIcon />
            <span>{t("earlyBird", { accounts: EARLY_BIRD_ACCOUNTS, credits: EARLY_BIRD_CREDITS })}</span>
          </p>
        </Card>
      </main>
    </>
  );
}

export default function LoginPage() {
  return (
    <GuestOnly>
      <LoginScreen />
    </GuestOnly>
  );
}
