import { useTranslation } from "react-i18next";

/** The first stop for keyboard users on every page: jumps past the header to `<main id="main">`. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only rounded-xl bg-primary px-4 py-3 font-semibold text-on-primary shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[100]"
    >
      {t("skipToContent")}
    </a>
  );
}
