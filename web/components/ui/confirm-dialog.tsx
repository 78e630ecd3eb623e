import { AlertDialog } from "radix-ui";
import type { ReactNode } from "react";
import { Button } from "./button.tsx";

/**
 * Asks before something that cannot be undone, on Radix AlertDialog: focus starts on Cancel, Escape cancels and a
 * click outside does not close it. `onConfirm` may be async; the dialog stays open (and busy) until it settles.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  busy = false,
  confirmVariant = "danger",
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  /** A paid action that destroys nothing confirms with the primary button. */
  confirmVariant?: "danger" | "primary";
  onConfirm: () => void;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-sm" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-5 rounded-3xl border border-border bg-surface p-6 text-fg shadow-2xl sm:p-8">
          <div className="grid gap-1">
            <AlertDialog.Title className="text-xl font-bold">{title}</AlertDialog.Title>
            <AlertDialog.Description className="text-sm text-muted">{description}</AlertDialog.Description>
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" size="sm" disabled={busy}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            {/* Not an AlertDialog.Action: that would close the dialog before the work is done. */}
            <Button variant={confirmVariant} size="sm" loading={busy} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
