import type { FieldControlProps } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/field.tsx";
import { PERSONA_HANDLE_PATTERN } from "../../../contract/personas.ts";

/** The handle without its `@`: lower-case as typed, the `@` drawn before it. */
export function HandleInput({ control, value, onChange, placeholder, disabled }: { control: FieldControlProps; value: string; onChange: (value: string) => void; placeholder: string; disabled?: boolean }) {
  return (
    <div className="relative">
      <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-4 flex items-center text-muted">
        @
      </span>
      <Input
        {...control}
        value={value}
        onChange={(event) => onChange(event.target.value.replace(/^@+/, "").toLowerCase())}
        placeholder={placeholder}
        disabled={disabled}
        maxLength={30}
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
        className="pl-9"
      />
    </div>
  );
}

/** Whether a typed handle can be sent: empty (the server makes one from the name) or matching the pattern. */
export const handleIsValid = (handle: string) => handle === "" || PERSONA_HANDLE_PATTERN.test(handle);
