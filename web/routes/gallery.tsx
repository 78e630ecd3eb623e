import { useTranslation } from "react-i18next";
import { useShellUser } from "../app/shell-user.ts";
import { GalleryScreen } from "../features/gallery/gallery-screen.tsx";
import { usePageMeta } from "../lib/use-page-meta.ts";

/** /app/gallery: every generated and subject-replaced image, filtered, grouped by date, with a fullscreen viewer. */
export default function GalleryPage() {
  const { t } = useTranslation("gallery");
  usePageMeta(t("meta.title"));
  const user = useShellUser();
  return <GalleryScreen userId={user.id} />;
}
