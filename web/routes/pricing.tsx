import { useTranslation } from "react-i18next";
import { useShellUser } from "../app/shell-user.ts";
import { PricingScreen } from "../features/billing/pricing-screen.tsx";
import { usePageMeta } from "../lib/use-page-meta.ts";

/** /app/pricing: Upgrade Plan's screen — plans, credit packs and what each model costs (docs/product/payments.md). */
export default function PricingPage() {
  const { t } = useTranslation("billing");
  usePageMeta(t("meta.pricing"));
  const user = useShellUser();
  return <PricingScreen user={user} />;
}
