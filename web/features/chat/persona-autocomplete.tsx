import { useTranslation } from "react-i18next";
import type { MentionablePersona } from "./types.ts";

export const optionId = (listId: string, index: number) => `${listId}-option-${index}`;

/**
 * The @-mention list under the composer. The textarea keeps focus and drives it (arrow keys, Enter, Escape through
 * aria-activedescendant); a pointer picks directly. `onMouseDown` is prevented so the textarea never blurs.
 */
export function PersonaAutocomplete({
  id,
  options,
  activeIndex,
  onPick,
  onHover,
}: {
  id: string;
  options: readonly MentionablePersona[];
  activeIndex: number;
  onPick: (persona: MentionablePersona) => void;
  onHover: (index: number) => void;
}) {
  const { t } = useTranslation("chat");
  return (
    <div className="absolute inset-x-0 bottom-full z-30 mb-2 overflow-hidden rounded-2xl border border-border bg-surface p-1 shadow-xl" data-testid="persona-autocomplete">
      {options.length === 0 ? (
        <p id={id} role="status" className="px-3 py-2 text-sm text-muted">
          {t("composer.noPersonas")}
        </p>
      ) : (
        <ul id={id} role="listbox" aria-label={t("composer.personasLabel")} className="grid max-h-64 gap-0.5 overflow-y-auto">
          {options.map((persona, index) => (
            <li
              key={persona.handle}
              id={optionId(id, index)}
              role="option"
              aria-selected={index === activeIndex}
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => onHover(index)}
              onClick={() => onPick(persona)}
              className={`flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2 ${index === activeIndex ? "bg-surface-2" : ""}`}
            >
              {persona.thumbUrl ? (
                <img src={persona.thumbUrl} alt="" className="size-8 rounded-full object-cover" />
              ) : (
                <span aria-hidden="true" className="grid size-8 place-items-center rounded-full bg-primary/15 text-sm font-bold text-primary">
                  {persona.name.slice(0, 1).toUpperCase()}
                </span>
              )}
              <span className="grid min-w-0">
                <span className="truncate text-sm font-semibold">@{persona.handle}</span>
                <span className="truncate text-xs text-muted">{persona.name}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
