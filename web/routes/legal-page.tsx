import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MarketingHeader } from "../components/site/marketing-header.tsx";
import { SiteFooter } from "../components/site/site-footer.tsx";
import { usePublicConfig } from "../lib/public-config-context.ts";
import { usePageMeta } from "../lib/use-page-meta.ts";

export type LegalDocument = "terms" | "privacy" | "refund";

interface Section {
  heading: string;
  paragraphs: string[];
}

// The date the current texts took effect; shown localised.
const LAST_UPDATED = new Date(Date.UTC(2025, 5, 1));

export default function LegalPage({ doc }: { doc: LegalDocument }) {
  const { t, i18n } = useTranslation("legal");
  const { supportEmail } = usePublicConfig();
  const vars = { supportEmail };
  usePageMeta(`${t(`${doc}.title`)} — Thumbforge`, t(`${doc}.metaDescription`, vars));
  const sections = t(`${doc}.sections`, { returnObjects: true, ...vars }) as Section[];
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: "long", timeZone: "UTC" }).format(LAST_UPDATED);
  const backToHome = (
    <Link to="/" className="inline-flex h-10 items-center gap-2 rounded-xl border border-border bg-surface px-4 text-sm font-semibold hover:bg-surface-2">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2.5">
        <path d="M15 18l-6-6 6-6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {t("backToHome")}
    </Link>
  );
  return (
    <>
      <MarketingHeader />
      <main id="main" className="mx-auto max-w-3xl px-5 py-10 sm:py-14">
        {backToHome}
        {/* German titles are single long compounds ("Geschäftsbedingungen"): a step smaller on the narrowest screens
            so they fit at 360 px, and broken rather than scrolled sideways if a word still does not. */}
        <h1 className="mt-8 text-2xl font-black tracking-tight hyphens-auto wrap-break-word min-[400px]:text-3xl sm:text-4xl">{t(`${doc}.title`)}</h1>
        <p className="mt-2 text-sm text-muted">{t("lastUpdated", { date })}</p>
        <p className="mt-6 text-lg leading-relaxed">{t(`${doc}.intro`, vars)}</p>
        {Array.isArray(sections) &&
          sections.map((section) => (
            <section key={section.heading} className="mt-8">
              <h2 className="text-xl font-bold">{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph} className="mt-3 leading-relaxed text-fg/90">
                  {paragraph}
                </p>
              ))}
            </section>
          ))}
        <div className="mt-12">{backToHome}</div>
      </main>
      <SiteFooter />
    </>
  );
}
