import { Dialog as RadixDialog } from "radix-ui";
import { type ModalProps, ModalFrame, ModalHeading } from "./dialog.tsx";
import { IconButton } from "./icon-button.tsx";

export type SheetSide = "right" | "left";

// A bottom sheet on phones (thumb reach, full width); from `sm` up a full-height panel on one side.
const sides: Record<SheetSide, string> = {
  right: "sm:right-0 sm:left-auto sm:rounded-l-3xl sm:border-l",
  left: "sm:right-auto sm:left-0 sm:rounded-r-3xl sm:border-r",
};

/**
 * A side panel (a bottom sheet on small screens) on Radix Dialog: modal, focus trapped, Escape, a click outside
 * or the close button closes it. `closeLabel` names the close button, so callers pass a translated word.
 */
export function Sheet({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  closeLabel,
  side = "right",
  children,
  className = "",
}: ModalProps & { closeLabel: string; side?: SheetSide }) {
  return (
    <ModalFrame open={open} onOpenChange={onOpenChange} trigger={trigger}>
      <RadixDialog.Content
        data-side={side}
        className={`sheet fixed inset-x-0 bottom-0 z-50 grid max-h-[85dvh] content-start gap-5 overflow-y-auto rounded-t-3xl border-t border-border bg-surface p-6 pb-[max(1.5rem,env(safe-area-inset-bottom))] text-fg shadow-2xl sm:inset-y-0 sm:max-h-none sm:w-[min(28rem,100vw)] sm:border-t-0 sm:p-8 ${sides[side]} ${className}`}
      >
        <div className="flex items-start justify-between gap-4">
          <ModalHeading title={title} description={description} />
          <RadixDialog.Close asChild>
            <IconButton label={closeLabel} variant="ghost" className="-mt-1 -mr-2">
              <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </IconButton>
          </RadixDialog.Close>
        </div>
        {children}
      </RadixDialog.Content>
    </ModalFrame>
  );
}
