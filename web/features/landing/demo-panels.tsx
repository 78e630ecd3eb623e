import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cardClass } from "../../components/ui/card.tsx";
import { demoImages, type DemoImageKey } from "./demo-images.ts";

/*
 * `sizes` for each kind of image, from the layout below: the section is max-w-6xl (1152 px) with px-5; from md the
 * two pairs share a row (gap-6) and the thumbnail and gallery panels span both columns (gallery: 3 thumbs a row, 6 from lg); panels are padded p-4 / sm:p-5.
 */
const PAIR_SIZES = "(min-width: 1152px) 232px, (min-width: 768px) calc(25vw - 50px), calc(50vw - 56px)";
const WIDE_SIZES = "(min-width: 1152px) 634px, (min-width: 768px) calc(60vw - 58px), calc(100vw - 72px)";
const GALLERY_SIZES = "(min-width: 1152px) 173px, (min-width: 1024px) calc(16.6vw - 18px), calc(33.3vw - 30px)";

const galleryKeys = ["gallery1", "gallery2", "gallery3", "gallery4", "gallery5", "gallery6"] as const satisfies readonly DemoImageKey[];

/** A demo image: AVIF, then WebP, with intrinsic width and height so the layout never shifts while it loads. */
function DemoPicture({ image, alt, sizes, className = "" }: { image: DemoImageKey; alt: string; sizes: string; className?: string }) {
  const { width, height, src, avif, webp } = demoImages[image];
  return (
    <picture>
      <source type="image/avif" srcSet={avif} sizes={sizes} />
      <source type="image/webp" srcSet={webp} sizes={sizes} />
      <img
        src={src}
        srcSet={webp}
        sizes={sizes}
        width={width}
        height={height}
        alt={alt}
        loading="lazy"
        decoding="async"
        className={`block h-auto w-full bg-surface-2 ${className}`}
      />
    </picture>
  );
}

function Panel({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <figure className={cardClass({ padding: "none", className: `flex min-w-0 flex-col gap-4 p-4 sm:p-5 ${className}` })}>
      {children}
    </figure>
  );
}

function Label({ children, accent = false }: { children: ReactNode; accent?: boolean }) {
  return (
    <span
      className={`mb-2 inline-flex w-fit items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        accent ? "bg-primary text-on-primary" : "bg-surface-2 text-fg"
      }`}
    >
      {children}
    </span>
  );
}

function Arrow() {
  return (
    <span aria-hidden="true" className="brand-gradient grid size-8 shrink-0 place-items-center self-center rounded-full text-white shadow-sm">
      <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
        <path d="M4 10h12M11 5l5 5-5 5" />
      </svg>
    </span>
  );
}

/** Two images side by side with labels and an arrow: before → after, base → result. */
function Pair(props: { from: DemoImageKey; to: DemoImageKey; fromLabel: string; toLabel: string; fromAlt: string; toAlt: string }) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-end gap-2 sm:gap-3">
      <div className="flex min-w-0 flex-col">
        <Label>{props.fromLabel}</Label>
        <DemoPicture image={props.from} alt={props.fromAlt} sizes={PAIR_SIZES} className="rounded-2xl" />
      </div>
      <div className="flex h-full items-center pt-7">
        <Arrow />
      </div>
      <div className="flex min-w-0 flex-col">
        <Label accent>{props.toLabel}</Label>
        <DemoPicture image={props.to} alt={props.toAlt} sizes={PAIR_SIZES} className="rounded-2xl ring-2 ring-primary/60" />
      </div>
    </div>
  );
}

function Spinner() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 text-muted">
      <circle cx="10" cy="10" r="7" fill="none" stroke="currentColor" strokeOpacity="0.3" strokeWidth="2.5" />
      <path d="M10 3a7 7 0 0 1 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

function Check() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0">
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      <path d="M6 10.5l2.5 2.5L14 7.5" fill="none" stroke="var(--color-surface)" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The four demo panels of the landing page (docs/product/public-site.md), with the gallery example's sample counts. */
export function DemoPanels() {
  const { t } = useTranslation("marketing");
  const counts = [
    { label: t("landing.demo.generatedCount"), value: 24 },
    { label: t("landing.demo.swappedCount"), value: 12 },
    { label: t("landing.demo.totalCount"), value: 36 },
  ];
  return (
    <section aria-labelledby="demo-title" className="mx-auto max-w-6xl px-5 py-16">
      <h2 id="demo-title" className="text-3xl font-black tracking-tight sm:text-4xl">
        {t("landing.demo.title")}
      </h2>
      {/* DOM order follows docs/product/public-site.md (persona, thumbnail, swap, gallery); from md the two image
          pairs share the first row, and the thumbnail and the gallery each take a full row below. */}
      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <Panel className="md:order-1">
          <Pair
            from="personaBefore"
            to="personaAfter"
            fromLabel={t("landing.demo.before")}
            toLabel={t("landing.demo.after")}
            fromAlt={t("landing.demo.alt.personaBefore")}
            toAlt={t("landing.demo.alt.personaAfter")}
          />
          <figcaption className="mt-auto text-sm text-muted">{t("landing.demo.personaCaption")}</figcaption>
        </Panel>

        <Panel className="md:order-3 md:col-span-2 md:grid md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:grid-rows-[1fr_auto_auto_auto_1fr] md:gap-x-8">
          <div className="flex flex-col items-end gap-1 md:col-start-1 md:row-start-2 md:items-start">
            <span className="text-xs font-semibold text-muted">{t("landing.demo.promptLabel")}</span>
            <p className="max-w-[90%] rounded-2xl rounded-tr-md bg-primary px-4 py-2.5 text-sm font-medium text-on-primary md:max-w-none md:rounded-tl-md md:rounded-tr-2xl md:text-base">
              {t("landing.demo.prompt")}
            </p>
          </div>
          <p className="flex w-fit items-center gap-2 rounded-full bg-surface-2 px-3 py-1.5 text-sm text-muted md:col-start-1 md:row-start-3">
            <Spinner />
            {t("landing.demo.generating")}
          </p>
          <div className="md:col-start-2 md:row-span-5 md:row-start-1 md:self-center">
            <DemoPicture image="thumbnail" alt={t("landing.demo.alt.thumbnail")} sizes={WIDE_SIZES} className="rounded-2xl shadow-md" />
          </div>
          <figcaption className="flex items-center gap-2 text-sm font-semibold text-success md:col-start-1 md:row-start-4">
            <Check />
            {t("landing.demo.generated")}
          </figcaption>
        </Panel>

        <Panel className="md:order-2">
          <Pair
            from="swapBase"
            to="swapResult"
            fromLabel={t("landing.demo.baseImage")}
            toLabel={t("landing.demo.result")}
            fromAlt={t("landing.demo.alt.swapBase")}
            toAlt={t("landing.demo.alt.swapResult")}
          />
          <figcaption className="mt-auto text-sm text-muted">{t("landing.demo.swapCaption")}</figcaption>
        </Panel>

        <Panel className="md:order-4 md:col-span-2">
          <figcaption className="text-lg font-bold">{t("landing.demo.galleryTitle")}</figcaption>
          <ul className="grid grid-cols-3 gap-2 md:gap-3 lg:grid-cols-6">
            {galleryKeys.map((key) => (
              <li key={key} className="min-w-0">
                <DemoPicture image={key} alt={t(`landing.demo.alt.${key}`)} sizes={GALLERY_SIZES} className="rounded-lg ring-1 ring-border" />
              </li>
            ))}
          </ul>
          <dl className="grid grid-cols-3 gap-2 text-center sm:gap-3 md:max-w-lg">
            {counts.map((c) => (
              <div key={c.label} className="flex min-w-0 flex-col-reverse justify-end rounded-2xl bg-surface-2 px-2 py-3">
                <dt className="text-xs leading-tight font-medium text-balance text-muted">{c.label}</dt>
                <dd className="text-2xl font-black tabular-nums">{c.value}</dd>
              </div>
            ))}
          </dl>
        </Panel>
      </div>
    </section>
  );
}
