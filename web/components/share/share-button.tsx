import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ShareKind } from "../../../contract/shares.ts";
import { Button, type ButtonSize, type ButtonVariant } from "../ui/button.tsx";
import { Icon } from "../ui/icon.tsx";
import { ShareDialog } from "./share-dialog.tsx";

/*
 * "Share for feedback", for any screen that shows a finished image, a pack or a comparison:
 *
 *   <ShareButton kind="image" targetId={image.id} />
 *   <ShareButton kind="pack" targetId={pack.id} variant="ghost" size="sm" />
 *   <ShareButton kind="comparison" targetId={comparison.id} />
 *
 * It opens the Share dialog: make a read-only link (for good, a day, a week or 30 days), copy it, revoke it, and see
 * the votes on a pack's or comparison's link come in live, per source. The screen must be inside the signed-in app
 * (TanStack Query and the socket). Strings are in the `app` namespace. docs/product/sharing.md.
 */

/** Three linked dots: sharing. */
export const shareIcon = "M18 8a3 3 0 1 0-2.8-4M6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM18 22a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM8.6 13.5l6.8 4M15.4 6.5l-6.8 4";

export interface ShareButtonProps {
  kind: ShareKind;
  targetId: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

export function ShareButton({ kind, targetId, variant = "secondary", size = "xs", className }: ShareButtonProps) {
  const { t } = useTranslation("app");
  const [open, setOpen] = useState(false);
  return (
    <ShareDialog
      kind={kind}
      targetId={targetId}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant={variant} size={size} className={className} data-testid="share-open">
          <Icon d={shareIcon} className="size-4" />
          {t("share.open")}
        </Button>
      }
    />
  );
}
