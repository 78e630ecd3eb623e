import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { editorPath } from "../../../contract/client-routes.ts";
import type { ImageRecord } from "../../../contract/images.ts";
import { useImage } from "../../lib/image-cache.ts";

/**
 * The image a feed check's fix is making from the one being edited: it is an edit, rendered in the background, so
 * the editor says so while it is made and opens it once it is ready (the editor needs its finished layers).
 */
export function FixedImage({ made }: { made: ImageRecord }) {
  const { t } = useTranslation("editor");
  const navigate = useNavigate();
  const image = useImage(made);
  useEffect(() => {
    if (image.status === "ready") void navigate(editorPath(image.id));
  }, [image.status, image.id, navigate]);
  if (image.status === "failed") return <p className="rounded-xl border border-danger px-3 py-2 text-sm text-danger">{t("feedFix.failed")}</p>;
  return (
    <p className="flex items-center gap-2 rounded-xl border border-border bg-surface px-3 py-2 text-sm" data-testid="editor-fixing" data-image-id={image.id}>
      <span aria-hidden="true" className="size-4 shrink-0 animate-spin rounded-full border-2 border-primary/25 border-t-primary" />
      {t("feedFix.making")}
    </p>
  );
}
