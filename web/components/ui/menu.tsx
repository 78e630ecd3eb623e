import { DropdownMenu } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { floatingPanelClass, floatingPanelPlacement } from "./floating-panel.ts";

/*
 * A menu on Radix DropdownMenu: the trigger gets aria-expanded, arrow keys move between items, typing jumps to an
 * item, Escape closes and focus returns to the trigger. These parts only add the app's look.
 */

const itemClass =
  "flex min-h-10 cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm outline-none select-none " +
  "data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 data-[highlighted]:bg-surface-2";

export const Menu = DropdownMenu.Root;
export const MenuRadioGroup = DropdownMenu.RadioGroup;
export const MenuSub = DropdownMenu.Sub;

/** The element that opens the menu; give it an accessible name (visible text or an sr-only span). */
export const MenuTrigger = DropdownMenu.Trigger;

export function MenuContent({ className = "", align = "end", children, ...props }: ComponentProps<typeof DropdownMenu.Content>) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        align={align}
        {...floatingPanelPlacement}
        {...props}
        className={`${floatingPanelClass} grid min-w-48 max-w-[calc(100vw-1.5rem)] gap-0.5 p-2 ${className}`}
      >
        {children}
      </DropdownMenu.Content>
    </DropdownMenu.Portal>
  );
}

/** A small icon drawn before an item's text; decorative. */
export function MenuIcon({ d }: { d: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 shrink-0 text-muted" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d={d} />
    </svg>
  );
}

export function MenuItem({
  icon,
  tone = "default",
  className = "",
  children,
  ...props
}: ComponentProps<typeof DropdownMenu.Item> & { icon?: ReactNode; tone?: "default" | "danger" }) {
  return (
    <DropdownMenu.Item {...props} className={`${itemClass} ${tone === "danger" ? "text-danger" : ""} ${className}`}>
      {icon}
      {children}
    </DropdownMenu.Item>
  );
}

export function MenuSubTrigger({ icon, className = "", children, ...props }: ComponentProps<typeof DropdownMenu.SubTrigger> & { icon?: ReactNode }) {
  return (
    <DropdownMenu.SubTrigger {...props} className={`${itemClass} ${className}`}>
      {icon}
      {children}
    </DropdownMenu.SubTrigger>
  );
}

export function MenuSubContent({ className = "", children, ...props }: ComponentProps<typeof DropdownMenu.SubContent>) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.SubContent sideOffset={6} collisionPadding={12} {...props} className={`${floatingPanelClass} grid min-w-44 gap-0.5 p-2 ${className}`}>
        {children}
      </DropdownMenu.SubContent>
    </DropdownMenu.Portal>
  );
}

/** A choice among several (a language); the picked one shows a check. */
export function MenuRadioItem({ className = "", children, ...props }: ComponentProps<typeof DropdownMenu.RadioItem>) {
  return (
    <DropdownMenu.RadioItem {...props} className={`${itemClass} relative pl-8 ${className}`}>
      {/* aria-checked already says which is picked; the tick is only drawn. */}
      <DropdownMenu.ItemIndicator aria-hidden="true" className="absolute left-3 font-bold text-primary">
        ✓
      </DropdownMenu.ItemIndicator>
      {children}
    </DropdownMenu.RadioItem>
  );
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="my-1 h-px bg-border" />;
}
