import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ImageRecord } from "../../../contract/images.ts";
import { isPreviewable } from "../feed-preview/feed-preview-dialog.tsx";
import { Button, type ButtonSize, type ButtonVariant } from "../ui/button.tsx";
import { Dialog, DialogClose } from "../ui/dialog.tsx";
import { Icon } from "../ui/icon.tsx";
import { FeedCheckPanel, type FeedCheckPanelProps } from "./feed-check-panel.tsx";

/*
 * The feed check, for any screen that shows a finished image (the chat's card, the gallery's viewer, the editor):
 *
 *   <FeedCheckButton image={record} onFixed={(made) => open(made)} />
 *   <FeedCheckDialog image={record} open={open} onOpenChange={setOpen} onFixed={…} />
 *
 * The check is asked for when the dialog opens (or earlier by the chat card's verdict line) and kept per image id.
 * Strings are in the `app` namespace. docs/product/web-app.md, Feed check.
 */

/** A magnifier over a phone: how it reads on a small screen. */
export const feedCheckIcon = "M7 3h7a2 2 0 012 2v3M7 3a2 2 0 00-2 2v14a2 2 0 002 2h4M10 18h1M16.5 17.5a3 3 0 100-6 3 3 0 000 6zM18.7 19.7L21 22";

export interface FeedCheckDialogProps extends FeedCheckPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactNode;
}

/** The panel in a modal dialog; its body mounts, and asks for the check, only while it is open. */
export function FeedCheckDialog({ open, onOpenChange, trigger, image, onFixed }: FeedCheckDialogProps) {
  const { t } = useTranslation("app");
  return (
    <Dialog open={open} onOpenChange={onOpenChange} trigger={trigger} title={t("feedCheck.title")} description={t("feedCheck.description")} className="max-w-5xl! p-4! sm:p-8!">
      <FeedCheckPanel
        image={image}
        onFixed={(made) => {
          onOpenChange(false);
          onFixed?.(made);
        }}
      />
      <div className="flex justify-end">
        <DialogClose>
          <Button variant="secondary" size="sm">
            {t("feedCheck.close")}
          </Button>
        </DialogClose>
      </div>
    </Dialog>
  );
}

/** "Feed check": a button that opens the panel for a ready image, and nothing for any other. */
export function FeedCheckButton({
  image,
  onFixed,
  variant = "secondary",
  size = "xs",
  label,
}: {
  image: ImageRecord;
  onFixed?: (image: ImageRecord) => void;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Another label than "Feed check" (the chat card's "See the full check"). */
  label?: string;
}) {
  const { t } = useTranslation("app");
  const [open, setOpen] = useState(false);
  if (!isPreviewable(image)) return null;
  return (
    <FeedCheckDialog
      image={image}
      open={open}
      onOpenChange={setOpen}
      onFixed={onFixed}
      trigger={
        <Button variant={variant} size={size} data-testid="feed-check-open">
          <Icon d={feedCheckIcon} className="size-4" />
          {label ?? t("feedCheck.open")}
        </Button>
      }
    />
  );
}
