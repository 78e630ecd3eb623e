import { useTranslation } from "react-i18next";
import { MarketingHeader } from "../components/site/marketing-header.tsx";
import { usePageMeta } from "../lib/use-page-meta.ts";

export default function LoginPage() {
  const { t } = useTranslation("auth");
  usePageMeta(t("meta.title"), t("meta.description"));
  return (
    <>
      <MarketingHeader />
      <main id="main" className="mx-auto grid max-w-md gap-2 px-5 py-16">
        <h1 className="text-3xl font-black tracking-tight">{t("title")}</h1>
        <p className="text-muted">{t("subtitle")}</p>
      </main>
    </>
  );
}
