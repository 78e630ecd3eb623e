import type { ComponentPropsWithRef, ReactNode } from "react";
import type { ButtonVariant } from "./button.tsx";

export type IconButtonSize = "sm" | "md";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-primary text-on-primary shadow-sm hover:bg-primary-hover",
  secondary: "border border-border bg-surface text-fg hover:bg-surface-2",
  ghost: "text-muted hover:bg-surface-2 hover:text-fg",
  danger: "text-danger hover:bg-surface-2",
};

const sizes: Record<IconButtonSize, string> = { sm: "size-9", md: "size-10" };

/** The classes of a square icon button, for links that look like one (they name themselves with their own text). */
export function iconButtonClass({ variant = "secondary", size = "sm", className = "" }: { variant?: ButtonVariant; size?: IconButtonSize; className?: string } = {}): string {
  return `grid shrink-0 place-items-center rounded-xl transition disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]} ${sizes[size]} ${className}`.trim();
}

export interface IconButtonProps extends Omit<ComponentPropsWithRef<"button">, "aria-label" | "aria-labelledby" | "children"> {
  /** The accessible name; an icon alone says nothing to a screen reader, so it is required. */
  label: string;
  /** The icon; it is hidden from assistive tech, the label speaks for it. */
  children: ReactNode;
  variant?: ButtonVariant;
  size?: IconButtonSize;
}

/** A button that shows only an icon and is named by `label` (also its tooltip). */
export function IconButton({ label, children, variant, size, className, type = "button", title, ...rest }: IconButtonProps) {
  return (
    <button {...rest} type={type} aria-label={label} title={title ?? label} className={iconButtonClass({ variant, size, className })}>
      <span aria-hidden="true" className="contents">
        {children}
      </span>
    </button>
  );
}
