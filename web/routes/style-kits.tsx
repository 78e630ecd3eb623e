import { useTranslation } from "react-i18next";
import { useShellUser } from "../app/shell-user.ts";
import { StyleKitsScreen } from "../features/style-kits/style-kits-screen.tsx";
import { usePageMeta } from "../lib/use-page-meta.ts";

/** /app/style-kits: learn a style kit from your own thumbnails, and rename or delete your kits. */
export default function StyleKitsPage() {
  const { t } = useTranslation("app");
  usePageMeta(t("styleKits.metaTitle"));
  const user = useShellUser();
  return <StyleKitsScreen userId={user.id} />;
}
