import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { GALLERY_SEARCH_MAX_LENGTH, type GalleryCounts, galleryKinds } from "../../../contract/images.ts";
import type { ModelEntry } from "../../../contract/images.ts";
import type { Persona } from "../../../contract/personas.ts";
import { Icon } from "../../components/ui/icon.tsx";
import type { GalleryFilters } from "../../lib/image-lists.ts";

const selectClass =
  "h-10 w-full min-w-0 rounded-xl border border-border bg-surface px-3 text-sm text-fg sm:w-auto sm:max-w-52";
const SEARCH_DELAY_MS = 300;
const searchIcon = "M11 18a7 7 0 100-14 7 7 0 000 14zM20 20l-4-4";

/**
 * The tabs with their counts (three a row until five fit), then persona, model and a search of prompts and the words of
 * the chats that made the images (typed words wait a moment before they ask).
 */
export function GalleryFilterBar({
  filters,
  onChange,
  counts,
  personas,
  models,
}: {
  filters: GalleryFilters;
  onChange: (next: GalleryFilters) => void;
  counts: GalleryCounts | undefined;
  personas: readonly Persona[];
  models: readonly ModelEntry[];
}) {
  const { t } = useTranslation("gallery");
  const id = useId();
  const [q, setQ] = useState(filters.q);
  // A change from outside (Clear filters, the URL) shows in the box.
  useEffect(() => setQ(filters.q), [filters.q]);
  useEffect(() => {
    if (q === filters.q) return;
    const timer = setTimeout(() => onChange({ ...filters, q }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [q, filters, onChange]);

  const kinds = ["all", ...galleryKinds] as const;
  return (
    <div className="grid gap-3">
      <div role="group" aria-label={t("filters.label")} className="grid grid-cols-3 gap-1 rounded-xl bg-surface-2 p-1 lg:grid-cols-5" data-testid="kind-filters">
        {kinds.map((kind) => {
          const active = filters.kind === kind;
          const count = counts?.[kind];
          return (
            <button
              key={kind}
              type="button"
              aria-pressed={active}
              onClick={() => onChange({ ...filters, kind })}
              data-kind={kind}
              // On phones the label and its count stack, so three tabs fit 360 px in any language.
              className={`flex min-h-12 min-w-0 flex-col items-center justify-center gap-1 rounded-lg px-1.5 py-1.5 text-center text-xs leading-tight font-semibold transition sm:min-h-10 sm:flex-row sm:gap-2 sm:px-3 sm:text-sm ${
                active ? "bg-surface text-fg shadow-sm" : "text-muted hover:text-fg"
              }`}
            >
              <span>{t(`filters.${kind}`)}</span>
              {count !== undefined && (
                <span className={`rounded-full px-2 py-0.5 text-xs tabular-nums ${active ? "bg-primary text-on-primary" : "bg-surface text-muted"}`} data-testid="kind-count">
                  {count.toLocaleString()}
                </span>
              )}
            </button>
          );
        })}
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">
        <label htmlFor={`${id}-persona`} className="sr-only">
          {t("filters.persona")}
        </label>
        <select id={`${id}-persona`} className={selectClass} value={filters.persona} onChange={(e) => onChange({ ...filters, persona: e.target.value })}>
          <option value="">{t("filters.anyPersona")}</option>
          {personas.map((persona) => (
            <option key={persona.id} value={persona.id}>
              {persona.name}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-model`} className="sr-only">
          {t("filters.model")}
        </label>
        <select id={`${id}-model`} className={selectClass} value={filters.model} onChange={(e) => onChange({ ...filters, model: e.target.value })}>
          <option value="">{t("filters.anyModel")}</option>
          {models.map((model) => (
            <option key={model.id} value={model.id}>
              {model.label}
            </option>
          ))}
        </select>
        <div className="relative col-span-2 sm:ml-auto sm:w-72">
          <label htmlFor={`${id}-q`} className="sr-only">
            {t("filters.search")}
          </label>
          <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted">
            <Icon d={searchIcon} className="size-4" />
          </span>
          <input
            id={`${id}-q`}
            type="search"
            value={q}
            maxLength={GALLERY_SEARCH_MAX_LENGTH}
            onChange={(e) => setQ(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") onChange({ ...filters, q });
            }}
            placeholder={t("filters.searchPlaceholder")}
            className="h-10 w-full rounded-xl border border-border bg-surface pr-3 pl-9 text-sm text-fg placeholder:text-muted"
          />
        </div>
      </div>
    </div>
  );
}
