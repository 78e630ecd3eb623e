import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClass } from "../components/ui/button.tsx";
import { Card } from "../components/ui/card.tsx";
import { usePageMeta } from "../lib/use-page-meta.ts";

export default function NotFoundPage() {
  const { t } = useTranslation();
  usePageMeta(t("notFound.metaTitle"));
  return (
    <main id="main" className="grid min-h-dvh place-items-center bg-bg px-5">
      <Card padding="none" elevation="floating" className="w-full max-w-md p-8">
        <div className="flex items-center gap-3">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-8 shrink-0 text-danger" fill="none" stroke="currentColor" strokeWidth="2">
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7v6M12 16.5v.5" strokeLinecap="round" />
          </svg>
          <h1 className="text-2xl font-bold">{t("notFound.title")}</h1>
        </div>
        <p className="mt-4 text-muted">{t("notFound.body")}</p>
        <Link to="/" className={buttonClass({ size: "md", className: "mt-6" })}>
          {t("notFound.home")}
        </Link>
      </Card>
    </main>
  );
}
