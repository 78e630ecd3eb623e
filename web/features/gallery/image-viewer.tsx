import { Dialog as RadixDialog } from "radix-ui";
import { type KeyboardEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { downloadFormats, type ImageRecord, type ModelEntry } from "../../../contract/images.ts";
import type { Persona } from "../../../contract/personas.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { IconButton } from "../../components/ui/icon-button.tsx";
import { iconPaths } from "../../components/ui/icon-paths.ts";
import { useToast } from "../../components/ui/toaster.tsx";
import { chatWithImageHref } from "../../lib/app-links.ts";
import { editorPath } from "../../../contract/client-routes.ts";
import { FeedCheckButton } from "../../components/feed-check/feed-check-dialog.tsx";
import { CompareButton } from "../../components/compare/compare-button.tsx";
import type { Comparison } from "../../../contract/comparisons.ts";
import { FeedPreviewButton } from "../../components/feed-preview/feed-preview-dialog.tsx";
import { VideoTitleField } from "../../components/feed-preview/video-title-field.tsx";
import { ExportMenu } from "../../components/exports/export-menu.tsx";
import { ShareButton } from "../../components/share/share-button.tsx";
import { CommunityVotes } from "../../components/community-poll/community-votes.tsx";
import { useCommunityPolls } from "../../components/community-poll/use-community-polls.ts";
import { ImageDetails } from "./image-details.tsx";
import { useZoomPan } from "./use-zoom-pan.ts";

const icons = {
  close: "M6 6l12 12M18 6L6 18",
  previous: iconPaths.previous,
  next: iconPaths.next,
  zoomIn: "M11 18a7 7 0 100-14 7 7 0 000 14zM20 20l-4-4M11 8v6M8 11h6",
  zoomOut: "M11 18a7 7 0 100-14 7 7 0 000 14zM20 20l-4-4M8 11h6",
  fit: "M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5",
  copy: "M9 9h11v11H9zM5 15H4V4h11v1",
  trash: "M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3",
  chat: "M21 12a8 8 0 01-11.6 7.1L4 20l1-4.6A8 8 0 1121 12z",
  edit: "M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4",
};
const formatLabels = { png: "PNG", jpeg: "JPEG", webp: "WebP" } as const;

/**
 * The fullscreen viewer (a Radix Dialog: focus trapped, Escape closes, focus returns to the tile). ← and → browse,
 * + and − zoom, 0 fits; the wheel, a drag and a pinch zoom and pan the picture.
 */
export function ImageViewer({
  images,
  index,
  onIndexChange,
  onClose,
  onDelete,
  onShow,
  onCompared,
  models,
  personas,
  takeFocusTarget,
}: {
  images: readonly ImageRecord[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  onDelete: (image: ImageRecord) => void;
  /** Opens another image in the viewer: the one a feed check's fix made. */
  onShow: (image: ImageRecord) => void;
  /** A comparison of this image on every model started (docs/product/compare.md). */
  onCompared?: (comparison: Comparison) => void;
  models: readonly ModelEntry[];
  personas: readonly Persona[];
  /** Which tile takes focus when the viewer closes, when not the one of the image shown (after a deletion). */
  takeFocusTarget?: () => string | null;
}) {
  const { t } = useTranslation("gallery");
  const { toast } = useToast();
  const image = images[index];
  const zoom = useZoomPan();
  const { reset } = zoom;
  // Each image opens fitted.
  const imageId = image?.id;
  useEffect(() => {
    if (imageId) reset();
  }, [imageId, reset]);

  if (!image) return null;
  const hasPrevious = index > 0;
  const hasNext = index < images.length - 1;
  const prompt = image.prompt?.trim() || t("tile.untitled");

  function onKeyDown(event: KeyboardEvent) {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
    if (event.key === "ArrowLeft" && hasPrevious) onIndexChange(index - 1);
    else if (event.key === "ArrowRight" && hasNext) onIndexChange(index + 1);
    else if (event.key === "+" || event.key === "=") zoom.zoomIn();
    else if (event.key === "-") zoom.zoomOut();
    else if (event.key === "0") zoom.reset();
    else return;
    event.preventDefault();
  }

  async function copyPrompt() {
    try {
      await navigator.clipboard.writeText(image?.prompt ?? "");
      toast({ title: t("viewer.copied") });
    } catch {
      toast({ variant: "destructive", title: t("viewer.copyFailed") });
    }
  }

  const { view } = zoom;
  const zoomed = view.scale > 1;
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/85" />
        <RadixDialog.Content
          onKeyDown={onKeyDown}
          onCloseAutoFocus={(event) => {
            // Back to the tile of the image last shown (the user may have browsed away from the one opened).
            const id = takeFocusTarget?.() ?? image.id;
            const tile = document.querySelector<HTMLElement>(`[data-testid="gallery-tile"][data-image-id="${CSS.escape(id)}"] button`);
            if (!tile) return;
            event.preventDefault();
            tile.focus();
          }}
          aria-describedby={undefined}
          className="fixed inset-0 z-50 grid grid-rows-[auto_minmax(0,1fr)_auto] bg-bg text-fg lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_minmax(0,1fr)]"
          data-testid="image-viewer"
          data-image-id={image.id}
        >
          <div className="flex items-center gap-2 border-b border-border px-3 py-2 lg:col-span-2">
            <RadixDialog.Title className="min-w-0 flex-1 truncate text-sm font-semibold">
              <span className="sr-only">{t("viewer.label")}: </span>
              {t("viewer.position", { index: index + 1, total: images.length })}
            </RadixDialog.Title>
            <IconButton label={t("viewer.zoomOut")} variant="ghost" onClick={zoom.zoomOut} disabled={!zoomed}>
              <Icon d={icons.zoomOut} />
            </IconButton>
            <span className="w-12 text-center text-xs text-muted tabular-nums" aria-live="polite">
              {Math.round(view.scale * 100)}%
            </span>
            <IconButton label={t("viewer.zoomIn")} variant="ghost" onClick={zoom.zoomIn} disabled={image.status !== "ready"}>
              <Icon d={icons.zoomIn} />
            </IconButton>
            <IconButton label={t("viewer.zoomReset")} variant="ghost" onClick={zoom.reset} disabled={!zoomed}>
              <Icon d={icons.fit} />
            </IconButton>
            <RadixDialog.Close asChild>
              <IconButton label={t("viewer.close")} variant="secondary">
                <Icon d={icons.close} />
              </IconButton>
            </RadixDialog.Close>
          </div>

          <div className="relative min-h-0 overflow-hidden bg-black/90">
            <div
              {...zoom.handlers}
              onDoubleClick={(e) => zoom.toggleAt(e.currentTarget, e.clientX, e.clientY)}
              className={`grid size-full touch-none place-items-center p-2 select-none sm:p-6 ${zoomed ? "cursor-grab active:cursor-grabbing" : ""}`}
              data-testid="viewer-stage"
            >
              {image.status === "ready" && image.urls ? (
                <img
                  key={image.id}
                  src={zoomed ? image.urls.original : image.urls.preview}
                  alt={prompt}
                  draggable={false}
                  className="max-h-full max-w-full object-contain will-change-transform"
                  style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
                  data-testid="viewer-image"
                />
              ) : (
                <p className="max-w-sm p-6 text-center text-sm text-white/80">{image.status === "failed" ? t("viewer.failed") : t("tile.making")}</p>
              )}
            </div>
            <p className="pointer-events-none absolute inset-x-0 bottom-2 hidden text-center text-xs text-white/70 sm:block">{t("viewer.zoomHint")}</p>
            {/* At either end the arrow is gone rather than greyed: over a picture a faded button still reads as one. */}
            {hasPrevious && (
              <IconButton
                label={t("viewer.previous")}
                variant="secondary"
                size="md"
                className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full opacity-90"
                onClick={() => onIndexChange(index - 1)}
              >
                <Icon d={icons.previous} />
              </IconButton>
            )}
            {hasNext && (
              <IconButton
                label={t("viewer.next")}
                variant="secondary"
                size="md"
                className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full opacity-90"
                onClick={() => onIndexChange(index + 1)}
              >
                <Icon d={icons.next} />
              </IconButton>
            )}
          </div>

          <aside aria-label={t("viewer.details")} className="grid max-h-[45dvh] content-start gap-5 overflow-y-auto border-t border-border p-4 lg:max-h-none lg:border-t-0 lg:border-l">
            <ImageDetails image={image} models={models} personas={personas} />
            {image.status !== "failed" && <ViewerTitle key={`title-${image.id}`} image={image} />}
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" size="xs" onClick={() => void copyPrompt()} disabled={!image.prompt}>
                <Icon d={icons.copy} className="size-4" />
                {t("viewer.copyPrompt")}
              </Button>
              {image.status === "ready" && (
                <>
                  <Link to={chatWithImageHref(image.id)} className={buttonClass({ variant: "secondary", size: "xs" })}>
                    <Icon d={icons.chat} className="size-4" />
                    {t("viewer.useInChat")}
                  </Link>
                  <Link to={editorPath(image.id)} className={buttonClass({ variant: "secondary", size: "xs" })}>
                    <Icon d={icons.edit} className="size-4" />
                    {t("viewer.openInEditor")}
                  </Link>
                  <FeedPreviewButton image={image} />
                  <FeedCheckButton image={image} onFixed={onShow} />
                  {onCompared && <CompareButton image={image} onStarted={onCompared} />}
                  {/* A pack's image is shared with its pack, for A/B/C votes. */}
                  <ShareButton kind={image.packId ? "pack" : "image"} targetId={image.packId ?? image.id} />
                </>
              )}
            </div>
            {image.status === "ready" && <ViewerPoll key={`poll-${image.id}`} imageId={image.id} />}
            {image.status === "ready" && image.urls && (
              <div role="group" aria-label={t("viewer.download")} className="grid gap-2">
                <p className="text-xs font-semibold tracking-wide text-muted uppercase" aria-hidden="true">
                  {t("viewer.download")}
                </p>
                <div className="grid grid-cols-3 gap-2">
                  {downloadFormats.map((format) => (
                    <a
                      key={format}
                      href={`${image.urls?.original}?format=${format}&download=1`}
                      download
                      aria-label={t("viewer.downloadAs", { format: formatLabels[format] })}
                      className={buttonClass({ variant: format === "png" ? "primary" : "secondary", size: "xs" })}
                      data-testid={`download-${format}`}
                    >
                      <Icon d={iconPaths.download} className="size-4" />
                      {formatLabels[format]}
                    </a>
                  ))}
                </div>
              </div>
            )}
            {image.status === "ready" && <ExportMenu key={`export-${image.id}`} imageId={image.id} />}
            {image.status !== "pending" && image.status !== "running" && (
              <Button variant="ghost" size="xs" className="justify-self-start text-danger hover:text-danger" onClick={() => onDelete(image)}>
                <Icon d={icons.trash} className="size-4" />
                {t("viewer.delete")}
              </Button>
            )}
          </aside>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The community vote the image on view is in, if any, live: each choice's picture, this image's row named as such. */
function ViewerPoll({ imageId }: { imageId: string }) {
  const { t } = useTranslation("gallery");
  const polls = useCommunityPolls({ imageId });
  return <CommunityVotes list={polls.data} names={{ [imageId]: t("viewer.thisImage") }} showImages />;
}

/** The video's title of the image on view, saved with it; a draft belongs to one image and goes when another is shown. */
function ViewerTitle({ image }: { image: ImageRecord }) {
  const [draft, setDraft] = useState<string | null>(null);
  return <VideoTitleField image={image} value={draft ?? image.title ?? ""} onChange={setDraft} name="viewer-title" />;
}
