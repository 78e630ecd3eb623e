import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { AuthUser } from "../../../contract/auth.ts";
import { EARLY_BIRD_CREDITS } from "../../../contract/credits.ts";
import { models } from "../../../contract/models.ts";
import { Card } from "../../components/ui/card.tsx";
import { fetchModels, MODELS_KEY } from "../../lib/models-api.ts";

/** Credits, early-bird status, plan and what each model costs: the account at a glance, below the studio. */
export function AccountOverview({ user }: { user: AuthUser }) {
  const { t } = useTranslation("app");
  const id = useId();
  // Counted against what this server runs: a model it cannot run is not one the credits are "enough for".
  const served = useQuery({ queryKey: MODELS_KEY, queryFn: fetchModels }).data?.models;
  const available = served?.filter((m) => m.available);
  const affordable = available?.filter((m) => m.creditCost <= user.credits).length;
  return (
    <section aria-labelledby={`${id}-title`} className="grid grid-cols-1 gap-4">
      <div className="grid gap-1">
        <h2 id={`${id}-title`} className="text-xl font-bold sm:text-2xl">
          {t("welcome.summaryLabel")}
        </h2>
        <p className="text-muted">{t("welcome.body")}</p>
      </div>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        <Card>
          <h3 className="text-sm font-semibold text-muted">{t("welcome.creditsTitle")}</h3>
          <p className="mt-2 text-5xl font-black tabular-nums" data-testid="welcome-credits">{user.credits}</p>
          {available && affordable !== undefined && (
            <p className="mt-2 text-sm text-muted" data-testid="welcome-models">
              {t("welcome.creditsBody", { count: affordable, available: available.length, total: models.length })}
            </p>
          )}
        </Card>
        <div className={`rounded-3xl border p-6 shadow-sm ${user.earlyBird ? "brand-gradient border-transparent text-white" : "border-border bg-surface"}`}>
          <h3 className={`text-sm font-semibold ${user.earlyBird ? "text-white [text-shadow:0_1px_2px_rgb(0_0_0/0.45)]" : "text-muted"}`}>
            {t("welcome.earlyBirdTitle")}
          </h3>
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
        <Card>
          <h3 className="text-sm font-semibold text-muted">{t("welcome.planTitle")}</h3>
          <p className="mt-2 text-2xl font-black">{t(`plan.${user.plan}`)}</p>
          <p className="mt-2 text-sm text-muted">{t("welcome.planBody")}</p>
        </Card>
      </div>
      <Card padding="lg">
        <h3 className="text-lg font-bold">{t("welcome.costsTitle")}</h3>
        <p className="mt-1 text-muted">{t("welcome.costsBody")}</p>
        <ul className="mt-5 grid grid-cols-1 gap-3 md:grid-cols-2">
          {models.map((model) => (
            <li key={model.id} className="flex items-center justify-between gap-3 rounded-2xl bg-surface-2 px-4 py-3">
              <span className="min-w-0">
                <span className="block font-semibold break-words">{model.label}</span>
                {model.popular && <span className="text-xs font-semibold text-primary">{t("welcome.popular")}</span>}
                {served?.find((m) => m.id === model.id)?.available === false && <span className="block text-xs text-muted">{t("studio.modelUnavailable")}</span>}
              </span>
              <span className="shrink-0 text-sm font-bold whitespace-nowrap tabular-nums">{t("welcome.perImage", { count: model.creditCost })}</span>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
