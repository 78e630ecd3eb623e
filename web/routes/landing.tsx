import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MarketingHeader } from "../components/site/marketing-header.tsx";
import { MobileMenu } from "../components/site/mobile-menu.tsx";
import { StepCard } from "../components/site/step-card.tsx";
import { SiteFooter } from "../components/site/site-footer.tsx";
import { DemoPanels } from "../features/landing/demo-panels.tsx";
import { usePageMeta } from "../lib/use-page-meta.ts";

const stepKeys = ["persona", "generate", "swap", "gallery"] as const;

function GetStarted() {
  const { t } = useTranslation("marketing");
  return (
    <Link to="/login" className="inline-flex h-12 items-center justify-center rounded-xl bg-primary px-6 font-semibold text-on-primary shadow-sm hover:bg-primary-hover">
      {t("landing.getStarted")}
    </Link>
  );
}

export default function LandingPage() {
  const { t } = useTranslation(["marketing", "common"]);
  usePageMeta(t("meta.landingTitle"), t("meta.landingDescription"));
  return (
    <>
      <MarketingHeader sticky compact>
        <nav aria-label="Primary" className="flex items-center gap-1 sm:gap-2">
          <a href="#features" className="hidden rounded-lg px-3 py-2 text-sm font-semibold hover:bg-surface-2 md:inline-block">
            {t("common:nav.features")}
          </a>
          <Link to="/login" className="hidden rounded-lg px-3 py-2 text-sm font-semibold hover:bg-surface-2 sm:inline-block">
            {t("common:nav.logIn")}
          </Link>
          <Link to="/login" className="inline-flex h-10 items-center rounded-xl bg-primary px-3 text-sm sm:px-4 font-semibold whitespace-nowrap text-on-primary hover:bg-primary-hover">
            {t("common:nav.tryForFree")}
          </Link>
        </nav>
        <MobileMenu className="md:hidden">
          <a href="#features" className="rounded-lg px-3 py-2 font-semibold hover:bg-surface-2">
            {t("common:nav.features")}
          </a>
          <Link to="/login" className="rounded-lg px-3 py-2 font-semibold hover:bg-surface-2">
            {t("common:nav.logIn")}
          </Link>
        </MobileMenu>
      </MarketingHeader>
      <main id="main">
        <section className="mx-auto grid max-w-6xl gap-6 px-5 pt-14 pb-16 text-center sm:pt-20">
          <p className="mx-auto w-fit rounded-full bg-surface-2 px-3 py-1 text-sm font-semibold">{t("landing.eyebrow")}</p>
          <h1 className="mx-auto max-w-4xl font-display text-4xl leading-[1.05] font-black tracking-tight text-balance sm:text-6xl">
            <span className="brand-text">{t("landing.heroTitle")}</span>
          </h1>
          <p className="mx-auto max-w-2xl text-lg text-muted">{t("landing.heroBody")}</p>
          <div className="flex justify-center">
            <GetStarted />
          </div>
        </section>

        <section id="features" aria-labelledby="how-title" className="scroll-mt-20 border-y border-border bg-surface-2/60">
          <div className="mx-auto max-w-6xl px-5 py-16">
            <h2 id="how-title" className="text-3xl font-black tracking-tight sm:text-4xl">{t("landing.howTitle")}</h2>
            <p className="mt-2 max-w-2xl text-muted">{t("landing.howSubtitle")}</p>
            <ol className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
              {stepKeys.map((key, index) => (
                <StepCard key={key} step={index + 1} title={t(`landing.steps.${key}.title`)} body={t(`landing.steps.${key}.body`)} />
              ))}
            </ol>
            <div className="mt-10 flex justify-center">
              <GetStarted />
            </div>
          </div>
        </section>

        <DemoPanels />

        <section className="mx-auto flex max-w-6xl justify-center px-5 pb-20">
          <GetStarted />
        </section>
      </main>
      <SiteFooter />
    </>
  );
}
