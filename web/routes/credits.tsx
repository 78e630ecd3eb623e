import { useTranslation } from "react-i18next";
import { useShellUser } from "../app/shell-user.ts";
import { CreditsScreen } from "../features/billing/credits-screen.tsx";
import { usePageMeta } from "../lib/use-page-meta.ts";

/** /app/credits: balance, daily allowance and the ledger, newest first (docs/product/credits.md). */
export default function CreditsPage() {
  const { t } = useTranslation("billing");
  usePageMeta(t("meta.credits"));
  const user = useShellUser();
  return <CreditsScreen user={user} />;
}
