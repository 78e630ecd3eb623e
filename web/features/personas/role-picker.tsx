import { useId } from "react";
import { useTranslation } from "react-i18next";
import { type PersonaRole, personaRoles } from "../../../contract/personas.ts";

/** The persona's role as a row of radio pills: arrow keys move between them like any radio group. */
export function RolePicker({ value, onChange, disabled }: { value: PersonaRole; onChange: (role: PersonaRole) => void; disabled: boolean }) {
  const { t } = useTranslation("personas");
  const name = useId();
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-semibold">{t("role.label")}</legend>
      <div className="grid grid-cols-3 gap-2">
        {personaRoles.map((role) => (
          <label
            key={role}
            className="flex min-h-11 cursor-pointer items-center justify-center rounded-xl border border-border bg-surface px-1.5 py-1 text-center text-[0.8125rem] leading-tight font-semibold break-words hyphens-auto sm:px-3 sm:text-sm transition hover:bg-surface-2 has-checked:border-primary has-checked:bg-primary/10 has-checked:text-fg has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring has-disabled:cursor-not-allowed has-disabled:opacity-60"
          >
            <input type="radio" name={name} value={role} checked={value === role} onChange={() => onChange(role)} className="sr-only" />
            <span>{t(`role.${role}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
