import { useTranslation } from "react-i18next";
import { PersonasScreen } from "../features/personas/personas-screen.tsx";
import { usePageMeta } from "../lib/use-page-meta.ts";

/** /app/personas: make personas from photos and manage the saved ones. */
export default function PersonasPage() {
  const { t } = useTranslation("personas");
  usePageMeta(t("meta.title"));
  return <PersonasScreen />;
}
