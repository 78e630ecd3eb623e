import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { clientRoutes, editorPath } from "../../../contract/client-routes.ts";
import type { ImageRecord } from "../../../contract/images.ts";
import { ProgressBar } from "../../components/studio/progress-bar.tsx";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { chatWithImageHref } from "../../lib/app-links.ts";
import { imageProgressAtom, useImage } from "../../lib/image-cache.ts";
import { generationErrorMessage } from "../../lib/generation-error-message.ts";

/** A thumbnail or a swap made from a frame: its progress, then the picture with the ways on (editor, gallery, chat). */
export function FrameResult({ image: started, onAgain }: { image: ImageRecord; onAgain: () => void }) {
  const { t } = useTranslation("videos");
  const { t: tApp } = useTranslation("app");
  const image = useImage(started);
  const progress = useAtomValue(imageProgressAtom)[image.id];
  if (image.status === "failed")
    return (
      <div className="grid gap-3" data-testid="frame-result">
        <p role="alert" className="text-sm text-danger">
          {generationErrorMessage(tApp, image.errorCode)}
        </p>
        <Button variant="secondary" size="sm" onClick={onAgain}>
          {t("result.again")}
        </Button>
      </div>
    );
  if (image.status !== "ready" || !image.urls)
    return (
      <div className="grid gap-2" data-testid="frame-result">
        <p className="text-sm font-semibold" role="status">
          {t("result.working")}
        </p>
        <ProgressBar progress={progress} />
      </div>
    );
  return (
    <div className="grid gap-3" data-testid="frame-result">
      <img src={image.urls.preview} alt={image.prompt ?? t("result.alt")} className="w-full rounded-2xl border border-border" />
      <div className="flex flex-wrap gap-2">
        <Link to={editorPath(image.id)} className={buttonClass({ size: "sm" })}>
          {t("result.edit")}
        </Link>
        <Link to={clientRoutes.gallery} className={buttonClass({ size: "sm", variant: "secondary" })}>
          {t("result.gallery")}
        </Link>
        <Link to={chatWithImageHref(image.id)} className={buttonClass({ size: "sm", variant: "secondary" })}>
          {t("result.chat")}
        </Link>
        <Button variant="ghost" size="sm" onClick={onAgain}>
          {t("result.again")}
        </Button>
      </div>
    </div>
  );
}
