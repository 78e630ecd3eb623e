import { type ClipboardEvent, type KeyboardEvent, useRef } from "react";
import { OTP_LENGTH } from "../../../contract/auth.ts";

/**
 * Six single-digit boxes that behave like one field: typing moves on, Backspace moves back, a pasted or
 * autofilled code spreads across the boxes. The first box carries autocomplete="one-time-code" so phones offer
 * the code from the mail or SMS.
 */
export function CodeInput(props: {
  /** One entry per box, "" when empty. */
  value: string[];
  onChange: (value: string[]) => void;
  onComplete: (value: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  labelledBy: string;
  describedBy?: string;
  digitLabel: (position: number) => string;
}) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const digits = Array.from({ length: OTP_LENGTH }, (_, i) => props.value[i] ?? "");

  function update(next: string[]) {
    props.onChange(next);
    if (next.every((d) => d !== "")) props.onComplete(next.join(""));
  }

  function focusBox(index: number) {
    boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))]?.focus();
  }

  function fill(from: number, text: string) {
    const incoming = text.replace(/\D/g, "");
    if (!incoming) return;
    const next = [...digits];
    for (let i = 0; i < incoming.length && from + i < OTP_LENGTH; i++) next[from + i] = incoming[i] ?? "";
    update(next);
    focusBox(from + incoming.length);
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Backspace" && !digits[index] && index > 0) {
      event.preventDefault();
      const next = [...digits];
      next[index - 1] = "";
      props.onChange(next);
      focusBox(index - 1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      focusBox(index + 1);
    }
  }

  function onPaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    fill(index, event.clipboardData.getData("text"));
  }

  return (
    <div role="group" aria-labelledby={props.labelledBy} aria-describedby={props.describedBy} className="flex justify-between gap-1.5 sm:gap-2.5">
      {digits.map((digit, index) => (
        <input
          // Positions never reorder, so the index is a stable key.
          key={index}
          ref={(el) => {
            boxes.current[index] = el;
          }}
          value={digit}
          onChange={(event) => {
            const typed = event.target.value.replace(/\D/g, "");
            if (typed.length > 1) {
              fill(index, typed);
              return;
            }
            const next = [...digits];
            next[index] = typed;
            update(next);
            if (typed) focusBox(index + 1);
          }}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={(event) => onPaste(index, event)}
          onFocus={(event) => event.target.select()}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? "one-time-code" : "off"}
          maxLength={index === 0 ? OTP_LENGTH : 1}
          disabled={props.disabled}
          aria-label={props.digitLabel(index + 1)}
          aria-invalid={props.invalid || undefined}
          className={`h-14 w-full min-w-0 max-w-14 rounded-xl border bg-surface text-center font-mono text-2xl font-bold text-fg transition focus:border-primary disabled:opacity-60 sm:h-16 sm:text-3xl ${
            props.invalid ? "border-danger" : "border-border"
          }`}
          data-testid={`code-digit-${index + 1}`}
        />
      ))}
    </div>
  );
}
