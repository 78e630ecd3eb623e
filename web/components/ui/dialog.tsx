import { Dialog as RadixDialog } from "radix-ui";
import type { ReactNode } from "react";

const overlayClass = "fixed inset-0 z-50 bg-black/50 backdrop-blur-sm";

/** What a dialog and a sheet both take. */
export interface ModalProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** An element that opens it (a Button); omit it when it is opened from elsewhere. */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** Root, trigger, portal and overlay of a modal: its content (a Radix Dialog.Content) goes inside. */
export function ModalFrame({ open, onOpenChange, trigger, children }: Pick<ModalProps, "open" | "onOpenChange" | "trigger" | "children">) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClass} />
        {children}
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The title and description that name and describe a modal for screen readers. */
export function ModalHeading({ title, description }: Pick<ModalProps, "title" | "description">) {
  return (
    <div className="grid gap-1">
      <RadixDialog.Title className="text-xl font-bold">{title}</RadixDialog.Title>
      {description && <RadixDialog.Description className="text-sm text-muted">{description}</RadixDialog.Description>}
    </div>
  );
}

/**
 * A modal dialog on Radix: focus moves in and is trapped, Escape or a click outside closes, focus returns to what
 * opened it. Title and description name and describe it for screen readers.
 */
export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  className = "",
  onCloseAutoFocus,
}: ModalProps & {
  /** Where focus goes on close, when not back to the trigger (which the action may have removed): preventDefault, then focus. */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <ModalFrame open={open} onOpenChange={onOpenChange} trigger={trigger}>
      <RadixDialog.Content
        onCloseAutoFocus={onCloseAutoFocus}
        className={`fixed top-1/2 left-1/2 z-50 grid max-h-[90dvh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-5 overflow-y-auto rounded-3xl border border-border bg-surface p-6 text-fg shadow-2xl sm:p-8 ${className}`}
      >
        <ModalHeading title={title} description={description} />
        {children}
      </RadixDialog.Content>
    </ModalFrame>
  );
}

/** Wraps one element (a Button) so that activating it closes the dialog or sheet around it. */
export function DialogClose({ children }: { children: ReactNode }) {
  return <RadixDialog.Close asChild>{children}</RadixDialog.Close>;
}
