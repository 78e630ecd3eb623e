import type { ReactNode } from "react";

export function TextField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: "email" | "password" | "text";
  autoComplete?: string;
  inputMode?: "email" | "text";
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string | undefined;
  trailing?: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={props.id} className="text-sm font-semibold">
        {props.label}
      </label>
      <div className="relative">
        <input
          id={props.id}
          type={props.type ?? "text"}
          autoComplete={props.autoComplete}
          inputMode={props.inputMode}
          placeholder={props.placeholder}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          disabled={props.disabled}
          aria-invalid={props.invalid || undefined}
          aria-describedby={props.describedBy}
          className={`h-12 w-full rounded-xl border bg-surface px-4 text-base text-fg placeholder:text-muted disabled:opacity-60 ${
            props.trailing ? "pr-24" : ""
          } ${props.invalid ? "border-danger" : "border-border"}`}
        />
        {props.trailing && <div className="absolute inset-y-0 right-1.5 flex items-center">{props.trailing}</div>}
      </div>
    </div>
  );
}

export function FormError({ id, message }: { id: string; message: string | null }) {
  return (
    <p id={id} role="alert" className={`text-sm font-medium text-danger ${message ? "" : "sr-only"}`}>
      {message ?? ""}
    </p>
  );
}

export function PrimaryButton({ busy, disabled, children }: { busy: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      className="inline-flex h-12 items-center justify-center gap-2 rounded-xl bg-primary px-6 font-semibold text-on-primary shadow-sm transition hover:bg-primary-hover disabled:cursor-not-allowed disabled:opacity-70"
    >
      {busy && <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-on-primary/40 border-t-on-primary" />}
      {children}
    </button>
  );
}
