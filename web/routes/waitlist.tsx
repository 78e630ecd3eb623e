import { useTranslation } from "react-i18next";
import { GiftIcon } from "../components/site/gift-icon.tsx";
import { MarketingHeader } from "../components/site/marketing-header.tsx";
import { StepCard } from "../components/site/step-card.tsx";
import { SiteFooter } from "../components/site/site-footer.tsx";
import { Card } from "../components/ui/card.tsx";
import { ModelList } from "../features/waitlist/model-list.tsx";
import { WaitlistForm } from "../features/waitlist/waitlist-form.tsx";
import { usePageMeta } from "../lib/use-page-meta.ts";

const stepKeys = ["persona", "generate", "swap", "gallery", "models"] as const;

export default function WaitlistPage() {
  const { t } = useTranslation("marketing");
  usePageMeta(t("meta.waitlistTitle"), t("meta.waitlistDescription"));
  return (
    <>
      <MarketingHeader>
        <span className="hidden rounded-full border border-primary px-3 py-1 text-xs font-bold tracking-wide text-primary uppercase min-[420px]:inline-block">
          {t("comingSoon")}
        </span>
      </MarketingHeader>
      <main id="main">
        <div className="brand-gradient px-5 py-2.5 text-center text-sm font-semibold text-white">
          <p className="[text-shadow:0_1px_2px_rgb(0_0_0/0.45)]">{t("launchingSoon")}</p>
        </div>
        <section className="mx-auto grid max-w-6xl items-center gap-10 px-5 pt-12 pb-16 lg:grid-cols-[1.1fr_1fr] lg:pt-20">
          <div className="grid gap-6">
            <p className="w-fit rounded-full bg-surface-2 px-3 py-1 text-sm font-semibold min-[420px]:hidden">{t("comingSoon")}</p>
            <h1 className="font-display text-4xl leading-[1.05] font-black tracking-tight text-balance sm:text-6xl">
              <span className="brand-text">{t("headline")}</span>
            </h1>
            <p className="max-w-xl text-lg text-muted">{t("subheadline")}</p>
            <div className="flex items-start gap-3 rounded-2xl border border-border bg-surface p-4 shadow-sm">
              <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-full bg-surface-2">
                <GiftIcon />
              </span>
              <p className="text-sm">
                <strong className="font-bold text-primary">{t("earlyBird.label")}: </strong>
                {t("earlyBird.text")}
              </p>
            </div>
          </div>
          <Card padding="lg" elevation="floating">
            <h2 className="mb-1 text-2xl font-bold">{t("form.title")}</h2>
            <p className="mb-5 text-muted">{t("form.subtitle")}</p>
            <WaitlistForm />
          </Card>
        </section>

        <section aria-labelledby="how-title" className="border-y border-border bg-surface-2/60">
          <div className="mx-auto max-w-6xl px-5 py-16">
            <h2 id="how-title" className="text-3xl font-black tracking-tight sm:text-4xl">{t("howItWorks.title")}</h2>
            <p className="mt-2 max-w-2xl text-muted">{t("howItWorks.subtitle")}</p>
            <ol className="mt-10 grid gap-5 md:grid-cols-2 lg:grid-cols-3">
              {stepKeys.map((key, index) => (
                <StepCard
                  key={key}
                  step={index + 1}
                  title={t(`howItWorks.steps.${key}.title`)}
                  body={t(`howItWorks.steps.${key}.body`)}
                  className={key === "models" ? "md:col-span-2 lg:col-span-2" : ""}
                >
                  {key === "models" && (
                    <div className="mt-4">
                      <h4 className="sr-only">{t("modelsTitle")}</h4>
                      <ModelList />
                    </div>
                  )}
                </StepCard>
              ))}
            </ol>
          </div>
        </section>

        <section aria-labelledby="closing-title" className="mx-auto max-w-3xl px-5 py-16 text-center">
          <h2 id="closing-title" className="text-3xl font-black tracking-tight text-balance sm:text-4xl">{t("closing.title")}</h2>
          <p className="mt-2 text-muted">{t("closing.subtitle")}</p>
          <div className="mx-auto mt-8 max-w-xl text-left">
            <WaitlistForm variant="inline" />
          </div>
        </section>
      </main>
      <SiteFooter />
    </>
  );
}
