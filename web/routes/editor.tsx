import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { EditorScreen } from "../features/editor/editor-screen.tsx";
import { usePageMeta } from "../lib/use-page-meta.ts";

/** /app/editor/:imageId: the image editor for one of the user's images. */
export default function EditorPage() {
  const { t } = useTranslation("editor");
  usePageMeta(t("meta.title"));
  const { imageId = "" } = useParams();
  return <EditorScreen imageId={imageId} />;
}
