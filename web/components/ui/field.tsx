import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from "react";

const controlClass =
  "w-full rounded-xl border border-border bg-surface px-4 text-base text-fg placeholder:text-muted disabled:opacity-60 " +
  "aria-[invalid=true]:border-danger";

/** What a control needs to be tied to its field: its id, its descriptions and whether it is invalid. */
export interface FieldControlProps {
  id: string;
  "aria-describedby": string | undefined;
  "aria-invalid": true | undefined;
}

/** What every field takes around its control. */
export interface FieldFrameProps {
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  invalid?: boolean;
  describedBy?: string | undefined;
}

/**
 * A label, one control, an optional hint and an optional error. The control is named by the label and described
 * by the hint and the error (plus `describedBy`, for messages shown elsewhere); an error or `invalid` marks it
 * aria-invalid. `children` renders the control from the props it must carry.
 */
export function Field({
  id: givenId,
  label,
  hint,
  error,
  invalid = false,
  describedBy,
  className = "",
  children,
}: FieldFrameProps & {
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const generated = useId();
  const id = givenId ?? generated;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedByIds = [hint ? hintId : null, error ? errorId : null, describedBy || null].filter(Boolean).join(" ");
  return (
    <div className={`grid gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children({ id, "aria-describedby": describedByIds || undefined, "aria-invalid": invalid || error ? true : undefined })}
      {hint && (
        <div id={hintId} className="text-sm text-muted">
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

export function Input({ className = "", ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input {...props} className={`h-12 ${controlClass} ${className}`} />;
}

export function Textarea({ className = "", ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea {...props} className={`min-h-28 resize-y py-3 ${controlClass} ${className}`} />;
}

/** The common case: a Field around a text input, with an optional control at its right end (Show / Hide). */
export function TextField({
  id,
  label,
  hint,
  error,
  invalid,
  describedBy,
  value,
  onChange,
  trailing,
  type = "text",
  ...input
}: FieldFrameProps & {
  value: string;
  onChange: (value: string) => void;
  trailing?: ReactNode;
  type?: "email" | "password" | "text";
} & Pick<InputHTMLAttributes<HTMLInputElement>, "autoComplete" | "inputMode" | "placeholder" | "disabled" | "name" | "maxLength">) {
  return (
    <Field id={id} label={label} hint={hint} error={error} invalid={invalid} describedBy={describedBy}>
      {(control) => (
        <div className="relative">
          <Input {...input} {...control} type={type} value={value} onChange={(event) => onChange(event.target.value)} className={trailing ? "pr-24" : ""} />
          {trailing && <div className="absolute inset-y-0 right-1.5 flex items-center">{trailing}</div>}
        </div>
      )}
    </Field>
  );
}

/**
 * A form-level message read out when it appears. The live region is always in the page (empty and sr-only until
 * there is a message) because screen readers announce changes to a region they already know.
 */
export function FormError({ id, message }: { id: string; message: string | null }) {
  return (
    <p id={id} role="alert" className={`text-sm font-medium text-danger ${message ? "" : "sr-only"}`}>
      {message ?? ""}
    </p>
  );
}
