import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ImageRecord } from "../../../contract/images.ts";
import { Button, type ButtonSize, type ButtonVariant } from "../ui/button.tsx";
import { Dialog, DialogClose } from "../ui/dialog.tsx";
import { Icon } from "../ui/icon.tsx";
import { FeedPreview, type FeedPreviewProps } from "./feed-preview.tsx";

/*
 * The YouTube feed preview, for any screen that shows a finished image (the chat, the gallery's viewer, the
 * editor). Use the button where a screen lists actions, or the dialog to open it from a control of your own:
 *
 *   <FeedPreviewButton image={record} />
 *   <FeedPreviewButton image={record} others={galleryPage} variant="ghost" size="sm" />
 *   <FeedPreviewDialog image={record} open={open} onOpenChange={setOpen} />
 *
 * The image must be ready (the button renders nothing otherwise). Everything else is optional: `others` are
 * gallery images the caller already holds (else the newest are fetched), `channel` the channel line's default
 * (else the user's name). Strings are in the `app` namespace, which every signed-in page loads.
 * docs/product/web-app.md, Feed preview, says what it shows and how the verdict is reached.
 */

/** A monitor with a play mark over a list line: a video in a feed. */
export const feedPreviewIcon = "M4 4h16v11H4zM10.5 7.5v4l3.5-2zM4 19h10M17 19h3";

type ReadyImage = FeedPreviewProps["image"];

export function isPreviewable(image: ImageRecord): image is ReadyImage {
  return image.status === "ready" && image.urls !== null;
}

export interface FeedPreviewDialogProps extends Omit<FeedPreviewProps, "image"> {
  image: ReadyImage;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** An element that opens it; omit it when the dialog is opened from elsewhere. */
  trigger?: ReactNode;
}

/** The preview in a modal dialog ("Preview in feed"); its body mounts, and fetches, only while it is open. */
export function FeedPreviewDialog({ open, onOpenChange, trigger, ...preview }: FeedPreviewDialogProps) {
  const { t } = useTranslation("app");
  return (
    <Dialog open={open} onOpenChange={onOpenChange} trigger={trigger} title={t("feedPreview.title")} description={t("feedPreview.description")} className="max-w-6xl! p-4! sm:p-8!">
      <FeedPreview {...preview} />
      <div className="flex justify-end">
        <DialogClose>
          <Button variant="secondary" size="sm">
            {t("feedPreview.close")}
          </Button>
        </DialogClose>
      </div>
    </Dialog>
  );
}

/** "Preview in feed": a button that opens the dialog for a ready image, and nothing for any other. */
export function FeedPreviewButton({
  image,
  variant = "secondary",
  size = "xs",
  className,
  ...preview
}: Omit<FeedPreviewProps, "image"> & { image: ImageRecord; variant?: ButtonVariant; size?: ButtonSize; className?: string }) {
  const { t } = useTranslation("app");
  const [open, setOpen] = useState(false);
  if (!isPreviewable(image)) return null;
  return (
    <FeedPreviewDialog
      {...preview}
      image={image}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant={variant} size={size} className={className} data-testid="feed-preview-open">
          <Icon d={feedPreviewIcon} className="size-4" />
          {t("feedPreview.open")}
        </Button>
      }
    />
  );
}
