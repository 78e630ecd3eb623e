import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { editorPath } from "../../../contract/client-routes.ts";
import type { Comparison } from "../../../contract/comparisons.ts";
import type { ImageRecord } from "../../../contract/images.ts";
import { FeedCheckVerdict } from "../../components/feed-check/feed-check-verdict.tsx";
import { FeedPreviewButton } from "../../components/feed-preview/feed-preview-dialog.tsx";
import { ProgressBar } from "../../components/studio/progress-bar.tsx";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { generationErrorMessage } from "../../lib/generation-error-message.ts";
import { useImageVersions } from "../../lib/image-versions.ts";
import { comparableModels, fetchModels, MIN_COMPARED_MODELS, MODELS_KEY } from "../../lib/models-api.ts";
import { ChatIcon, icons } from "./icons.tsx";
import { useLiveImage } from "./use-live-image.ts";
import { VersionCompare } from "./version-compare.tsx";
import { VersionStrip } from "./version-strip.tsx";

const frames: Record<string, string> = { "16:9": "aspect-video", "9:16": "aspect-[9/16] max-w-[16rem]", "1:1": "aspect-square max-w-[22rem]" };

export interface ImageActions {
  /** Puts an edit request for this image into the composer. */
  onEdit: (image: ImageRecord) => void;
  /** Sends a request for a variation of this image. */
  onVariation: (image: ImageRecord) => void;
  /** Whether sending is possible now (not while an answer streams). */
  canSend: boolean;
  /** Sends "try this on every model" for this image (docs/product/compare.md). */
  onCompare?: (image: ImageRecord) => void;
  /** Whether a comparison's winner may be picked now: not while an answer streams or waits on an Approve / Deny. */
  canPick?: boolean;
  /** A comparison's winner was picked: the thread reads its note (the winner is now the current image). */
  onComparisonWinner?: (comparison: Comparison) => void;
}

/** One image of a tool result: live progress while it renders, then the picture with its facts and actions. */
export function ImageResult({ initial, actions }: { initial: ImageRecord; actions: ImageActions }) {
  const { t } = useTranslation("chat");
  const { t: tApp } = useTranslation("app");
  const { image: live, progress } = useLiveImage(initial);
  const versions = useImageVersions(live);
  // The card shows its own image until a version is picked from its strip; then that version, with its own actions.
  const [shownId, setShownId] = useState(live.id);
  const image = (shownId !== live.id ? versions.find((version) => version.id === shownId) : undefined) ?? live;
  const [fullscreen, setFullscreen] = useState(false);
  const models = useQuery({ queryKey: MODELS_KEY, queryFn: fetchModels });
  const modelLabel = models.data?.models.find((m) => m.id === image.model)?.label ?? image.model;
  // As in the gallery: with one model configured there is nothing to compare.
  const canCompare = comparableModels(models.data).length >= MIN_COMPARED_MODELS;
  const working = image.status === "pending" || image.status === "running";
  const prompt = image.prompt ?? "";
  const frame = frames[image.aspect ?? "16:9"] ?? frames["16:9"];
  // Images a feed check's fix made from this one: each appears below it as an edit does.
  const [fixes, setFixes] = useState<ImageRecord[]>([]);

  return (
    <>
      <figure className="grid min-w-0 gap-3" data-testid="chat-image" data-status={live.status} data-image-id={live.id} data-shown-id={image.id}>
        <div className={`relative grid w-full place-items-center overflow-hidden rounded-2xl border border-border bg-surface-2 ${frame}`}>
          {image.status === "ready" && image.urls ? (
            <button type="button" onClick={() => setFullscreen(true)} className="absolute inset-0 size-full cursor-zoom-in rounded-2xl" aria-label={t("image.open", { prompt })}>
              <img src={image.urls.preview} alt={t("image.alt", { prompt })} width={image.width ?? undefined} height={image.height ?? undefined} className="size-full object-contain" />
            </button>
          ) : working ? (
            <div className="grid w-full max-w-xs gap-2 px-4 text-center">
              <span aria-hidden="true" className="mx-auto size-8 animate-spin rounded-full border-4 border-primary/25 border-t-primary" />
              <p className="text-sm font-semibold">{t("tool.generating")}</p>
              <p className="text-xs text-muted tabular-nums">
                {progress?.percent ?? 0}% · {tApp(`studio.stages.${progress?.stage ?? "queued"}`)}
              </p>
              <ProgressBar progress={progress} size="sm" />
            </div>
          ) : (
            <div className="grid gap-1 px-4 text-center text-sm">
              <ChatIcon d={icons.warning} className="mx-auto size-8 text-danger" />
              <p className="font-semibold text-danger">{t("tool.failed")}</p>
              <p>{generationErrorMessage(tApp, image.errorCode)}</p>
              {image.creditsSpent > 0 && <p className="text-muted">{t("tool.refunded", { count: image.creditsSpent })}</p>}
            </div>
          )}
        </div>
        <figcaption className="grid gap-1 text-sm">
          {prompt && <p className="line-clamp-3 break-words">{prompt}</p>}
          <p className="text-xs text-muted">
            {[image.style ? tApp(`studio.styles.${image.style}.label`, { defaultValue: image.style }) : null, image.aspect, modelLabel]
              .filter(Boolean)
              .map((fact) => `${fact} · `)
              .join("")}
            <span data-testid="chat-image-cost">{t("image.cost", { count: image.creditsSpent })}</span>
          </p>
        </figcaption>
        {image.status === "ready" && <FeedCheckVerdict image={image} onFixed={(made) => setFixes((shown) => [...shown, made])} />}
        {versions.length > 1 && (
          <div className="grid gap-1 border-t border-border pt-3" data-testid="versions">
            <div className="flex items-center justify-between gap-2">
              <p className="text-xs font-semibold text-muted">{t("versions.title", { count: versions.length })}</p>
              <VersionCompare versions={versions} shownId={image.id} />
            </div>
            <VersionStrip versions={versions} shownId={image.id} onShow={(version) => setShownId(version.id)} />
          </div>
        )}
        {image.status === "ready" && image.urls && (
          <div className="flex flex-wrap gap-2">
            <a href={image.urls.download} download className={buttonClass({ variant: "secondary", size: "xs" })}>
              <ChatIcon d={icons.download} className="size-4" />
              {t("image.download")}
            </a>
            <Button variant="secondary" size="xs" onClick={() => actions.onEdit(image)}>
              <ChatIcon d={icons.edit} className="size-4" />
              {t("image.edit")}
            </Button>
            <Button variant="secondary" size="xs" onClick={() => actions.onVariation(image)} disabled={!actions.canSend}>
              <ChatIcon d={icons.variation} className="size-4" />
              {t("image.variation")}
            </Button>
            <Link to={editorPath(image.id)} className={buttonClass({ variant: "secondary", size: "xs" })} data-testid="open-in-editor">
              <ChatIcon d={icons.editor} className="size-4" />
              {t("image.openEditor")}
            </Link>
            <FeedPreviewButton image={image} />
            {actions.onCompare && image.prompt && canCompare && (
              <Button variant="secondary" size="xs" onClick={() => actions.onCompare?.(image)} disabled={!actions.canSend} data-testid="compare-image">
                <ChatIcon d={icons.compare} className="size-4" />
                {t("image.compare")}
              </Button>
            )}
            <Dialog open={fullscreen} onOpenChange={setFullscreen} title={t("image.fullscreenTitle")} description={prompt || undefined} className="max-w-5xl!">
              <img src={image.urls.original} alt={t("image.alt", { prompt })} className="max-h-[70dvh] w-full rounded-2xl object-contain" />
              <div className="flex flex-wrap justify-end gap-2">
                <a href={image.urls.download} download className={buttonClass({ size: "sm" })}>
                  <ChatIcon d={icons.download} className="size-4" />
                  {t("image.download")}
                </a>
                <Button variant="secondary" size="sm" onClick={() => setFullscreen(false)}>
                  {t("image.close")}
                </Button>
              </div>
            </Dialog>
          </div>
        )}
      </figure>
      {fixes.map((made) => (
        <ImageResult key={made.id} initial={made} actions={actions} />
      ))}
    </>
  );
}
