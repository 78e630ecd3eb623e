import { useTranslation } from "react-i18next";
import type { AuthUser } from "../../contract/auth.ts";
import { EARLY_BIRD_CREDITS } from "../../contract/credits.ts";
import { models } from "../../contract/models.ts";
import { RequireAuth } from "../app/route-guards.tsx";
import { Logo } from "../components/site/logo.tsx";
import { FullScreenSpinner } from "../components/site/full-screen-spinner.tsx";
import { AccountMenu } from "../features/account/account-menu.tsx";
import { CreditsBadge } from "../features/account/credits-badge.tsx";
import { useCurrentUser, useLiveCredits } from "../features/account/use-current-user.ts";
import { usePageMeta } from "../lib/use-page-meta.ts";

function Welcome({ user }: { user: AuthUser }) {
  const { t } = useTranslation("app");
  const name = user.email.split("@")[0] ?? user.email;
  const affordable = models.filter((m) => m.creditCost <= user.credits).length;
  return (
    <main id="main" className="mx-auto grid w-full max-w-6xl gap-8 px-5 py-10 sm:py-14">
      <section className="grid gap-2">
        <p className="text-sm font-semibold text-primary">{t("welcome.kicker")}</p>
        <h1 className="font-display text-3xl leading-tight font-black tracking-tight break-words sm:text-5xl">
          {t("welcome.title", { name })}
        </h1>
        <p className="max-w-2xl text-lg text-muted">{t("welcome.body")}</p>
      </section>

      <section aria-label={t("welcome.summaryLabel")} className="grid gap-4 md:grid-cols-3">
        <div className="rounded-3xl border border-border bg-surface p-6 shadow-sm">
          <h2 className="text-sm font-semibold text-muted">{t("welcome.creditsTitle")}</h2>
          <p className="mt-2 text-5xl font-black tabular-nums" data-testid="welcome-credits">{user.credits}</p>
          <p className="mt-2 text-sm text-muted">{t("welcome.creditsBody", { count: affordable, total: models.length })}</p>
        </div>
        <div className={`rounded-3xl border p-6 shadow-sm ${user.earlyBird ? "brand-gradient border-transparent text-white" : "border-border bg-surface"}`}>
          <h2 className={`text-sm font-semibold ${user.earlyBird ? "text-white [text-shadow:0_1px_2px_rgb(0_0_0/0.45)]" : "text-muted"}`}>
            {t("welcome.earlyBirdTitle")}
          </h2>
          {user.earlyBird ? (
            <p className="mt-2 text-lg font-bold [text-shadow:0_1px_2px_rgb(0_0_0/0.45)]" data-testid="early-bird-status">
              {t("welcome.earlyBirdYes", { credits: EARLY_BIRD_CREDITS })}
            </p>
          ) : (
            <p className="mt-2 text-lg font-bold" data-testid="early-bird-status">
              {t("welcome.earlyBirdNo")}
            </p>
          )}
        </div>
        <div className="rounded-3xl border border-border bg-surface p-6 shadow-sm">
          <h2 className="text-sm font-semibold text-muted">{t("welcome.planTitle")}</h2>
          <p className="mt-2 text-2xl font-black">{t(`plan.${user.plan}`)}</p>
          <p className="mt-2 text-sm text-muted">{t("welcome.planBody")}</p>
        </div>
      </section>

      <section aria-labelledby="costs-title" className="rounded-3xl border border-border bg-surface p-6 shadow-sm sm:p-8">
        <h2 id="costs-title" className="text-xl font-bold">{t("welcome.costsTitle")}</h2>
        <p className="mt-1 text-muted">{t("welcome.costsBody")}</p>
        <ul className="mt-5 grid gap-3 md:grid-cols-2">
          {models.map((model) => (
            <li key={model.id} className="flex items-center justify-between gap-3 rounded-2xl bg-surface-2 px-4 py-3">
              <span className="min-w-0">
                <span className="block font-semibold break-words">{model.label}</span>
                {model.popular && <span className="text-xs font-semibold text-primary">{t("welcome.popular")}</span>}
              </span>
              <span className="shrink-0 text-sm font-bold whitespace-nowrap tabular-nums">{t("welcome.perImage", { count: model.creditCost })}</span>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

function AppShell() {
  const { t } = useTranslation("app");
  usePageMeta(t("meta.title"));
  const { data: user } = useCurrentUser();
  useLiveCredits(user?.id);
  if (!user) return <FullScreenSpinner label={t("loading")} />;
  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-40 border-b border-border/70 bg-bg/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-5">
          <Logo to="/app" />
          <div className="flex items-center gap-2 sm:gap-3">
            <CreditsBadge credits={user.credits} />
            <AccountMenu user={user} />
          </div>
        </div>
      </header>
      <Welcome user={user} />
    </div>
  );
}

export default function AppHomePage() {
  return (
    <RequireAuth>
      <AppShell />
    </RequireAuth>
  );
}
