import { useTranslation } from "react-i18next";
import { isLanguage, languageNames, languages } from "../../../contract/languages.ts";
import { ChevronDown } from "../ui/chevron-down.tsx";

/**
 * `compact` shows only the globe below 440 px (the select keeps its name and options), for headers that also
 * carry a call to action.
 */
export function LanguageSwitcher({ className = "", compact = false }: { className?: string; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const narrow = compact ? "max-[439px]:w-10 max-[439px]:px-0 max-[439px]:text-transparent" : "";
  return (
    <label className={`relative inline-flex items-center ${className}`}>
      <span className="sr-only">{t("language")}</span>
      <svg aria-hidden="true" viewBox="0 0 24 24" className={`pointer-events-none absolute size-4 text-muted ${compact ? "left-3 min-[440px]:left-2.5" : "left-2.5"}`} fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3a14 14 0 010 18M12 3a14 14 0 000 18" />
      </svg>
      <select
        value={i18n.resolvedLanguage ?? i18n.language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void i18n.changeLanguage(event.target.value);
        }}
        className={`h-10 cursor-pointer appearance-none rounded-full border border-border bg-surface py-1 pr-8 pl-8 text-sm font-medium text-fg hover:bg-surface-2 ${narrow}`}
      >
        {languages.map((lng) => (
          <option key={lng} value={lng} lang={lng} className="bg-surface text-fg">
            {languageNames[lng]}
          </option>
        ))}
      </select>
      <ChevronDown className={`pointer-events-none absolute right-2.5 size-4 text-muted ${compact ? "max-[439px]:hidden" : ""}`} />
    </label>
  );
}
