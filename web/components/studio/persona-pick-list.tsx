import type { Persona } from "../../../contract/personas.ts";

/** The user's personas as buttons, each its cut-out, name and @handle: the swap's "who goes in" list. */
export function PersonaPickList({ personas, label, disabled, onPick, columns = 1 }: { personas: Persona[]; label: string; disabled: boolean; onPick: (id: string) => void; columns?: 1 | 2 }) {
  return (
    <ul className={columns === 2 ? "grid gap-2 sm:grid-cols-2" : "grid gap-2"} aria-label={label}>
      {personas.map((persona) => (
        <li key={persona.id}>
          <button
            type="button"
            disabled={disabled}
            onClick={() => onPick(persona.id)}
            className="flex w-full items-center gap-3 rounded-2xl border border-border bg-surface p-2 text-left transition hover:border-primary/60 hover:bg-surface-2 disabled:opacity-60"
          >
            <img src={persona.urls.thumb} alt="" width={44} height={44} className="checkerboard size-11 shrink-0 rounded-xl object-contain" />
            <span className="grid min-w-0">
              <span className="truncate font-semibold">{persona.name}</span>
              <span className="truncate text-sm text-muted">@{persona.handle}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
