import { useTranslation } from "react-i18next";

/** The four demo panels of the landing page (SPEC.md §2), with the gallery example's sample counts. */
export function DemoPanels() {
  const { t } = useTranslation("marketing");
  const counts = [
    { label: t("landing.demo.generatedCount"), value: 24 },
    { label: t("landing.demo.swappedCount"), value: 12 },
    { label: t("landing.demo.totalCount"), value: 36 },
  ];
  return (
    <section aria-label={t("landing.demo.title")} className="mx-auto grid max-w-6xl gap-6 px-5 py-16 md:grid-cols-2">
      <figure className="rounded-3xl border border-border bg-surface p-5">
        <div className="grid grid-cols-2 gap-3 text-center text-sm font-semibold">
          <span>{t("landing.demo.before")}</span>
          <span>{t("landing.demo.after")}</span>
        </div>
        <figcaption className="mt-3 text-sm text-muted">{t("landing.demo.personaCaption")}</figcaption>
      </figure>
      <figure className="rounded-3xl border border-border bg-surface p-5">
        <p className="text-sm font-semibold">{t("landing.demo.promptLabel")}</p>
        <p className="mt-1 rounded-xl bg-surface-2 px-3 py-2 text-sm">{t("landing.demo.prompt")}</p>
        <figcaption className="mt-3 text-sm font-semibold text-success">{t("landing.demo.generated")}</figcaption>
      </figure>
      <figure className="rounded-3xl border border-border bg-surface p-5">
        <div className="grid grid-cols-2 gap-3 text-center text-sm font-semibold">
          <span>{t("landing.demo.baseImage")}</span>
          <span>{t("landing.demo.result")}</span>
        </div>
        <figcaption className="mt-3 text-sm text-muted">{t("landing.demo.swapCaption")}</figcaption>
      </figure>
      <figure className="rounded-3xl border border-border bg-surface p-5">
        <figcaption className="text-sm font-semibold">{t("landing.demo.galleryTitle")}</figcaption>
        <dl className="mt-3 grid grid-cols-3 gap-3 text-center">
          {counts.map((c) => (
            <div key={c.label} className="rounded-xl bg-surface-2 p-3">
              <dt className="text-xs text-muted">{c.label}</dt>
              <dd className="text-2xl font-black">{c.value}</dd>
            </div>
          ))}
        </dl>
      </figure>
    </section>
  );
}
