import { useId } from "react";

/**
 * A small set of mutually exclusive buttons (Desktop / Mobile, Dark / Light): each reports aria-pressed, the group
 * is named by its visible label.
 */
export function ChoiceGroup<T extends string>({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <span id={id} className="text-xs font-semibold text-muted">
        {label}
      </span>
      <div role="group" aria-labelledby={id} className="flex gap-1 rounded-xl bg-surface-2 p-1" data-testid={testId}>
        {options.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={option.value === value}
            onClick={() => onChange(option.value)}
            className="h-9 flex-1 rounded-lg px-3 text-sm font-semibold whitespace-nowrap text-muted transition hover:text-fg aria-pressed:bg-surface aria-pressed:text-fg aria-pressed:shadow-sm"
          >
            {option.label}
          </button>
        ))}
      </div>
    </div>
  );
}
