import type { ButtonHTMLAttributes } from "react";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "xs" | "sm" | "md" | "lg";

const base =
  "inline-flex items-center justify-center gap-2 font-semibold whitespace-nowrap transition " +
  "disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-primary text-on-primary shadow-sm hover:bg-primary-hover",
  secondary: "border border-border bg-surface text-fg hover:bg-surface-2",
  ghost: "text-muted hover:bg-surface-2 hover:text-fg",
  danger: "bg-danger text-on-danger shadow-sm hover:opacity-90",
};

const sizes: Record<ButtonSize, string> = {
  xs: "h-9 rounded-lg px-3 text-sm",
  sm: "h-10 rounded-xl px-4 text-sm",
  md: "h-11 rounded-xl px-5",
  lg: "h-12 rounded-xl px-6",
};

// The spinner takes the button's text colour, so it reads on every variant in light and dark mode.
const spinner = "size-4 shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent opacity-80";

/** The classes of a button, for links and other elements that should look like one. */
export function buttonClass({ variant = "primary", size = "lg", className = "" }: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return `${base} ${variants[variant]} ${sizes[size]} ${className}`.trim();
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Busy with the action it started: disabled, `aria-busy`, and a spinner before the label. */
  loading?: boolean;
}

/** A button in the app's look; `type` defaults to "button" so it never submits a form by accident. */
export function Button({ variant, size, loading = false, disabled, className, type = "button", children, ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      disabled={loading || disabled}
      aria-busy={loading || undefined}
      data-variant={variant ?? "primary"}
      className={buttonClass({ variant, size, className })}
    >
      {loading && <span aria-hidden="true" data-testid="button-spinner" className={spinner} />}
      {children}
    </button>
  );
}
