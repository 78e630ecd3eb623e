import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { clientRoutes } from "../../../contract/client-routes.ts";
import type { MentionablePersona } from "./types.ts";

export const optionId = (listId: string, index: number) => `${listId}-option-${index}`;

/**
 * The @-mention list under the composer. The textarea keeps focus and drives it (arrow keys, Enter, Escape through
 * aria-activedescendant); a pointer picks directly. `onMouseDown` is prevented so the textarea never blurs.
 * With no persona yet it offers the way to make one.
 */
export function PersonaAutocomplete({
  id,
  options,
  activeIndex,
  onPick,
  onHover,
  query,
  personaCount,
}: {
  id: string;
  options: readonly MentionablePersona[];
  activeIndex: number;
  onPick: (persona: MentionablePersona) => void;
  onHover: (index: number) => void;
  /** What follows the `@`, for the no-match line. */
  query: string;
  /** How many personas the user has; undefined while the list loads. */
  personaCount: number | undefined;
}) {
  const { t } = useTranslation("chat");
  return (
    <div className="absolute inset-x-0 bottom-full z-30 mb-2 overflow-hidden rounded-2xl border border-border bg-surface p-1 shadow-xl" data-testid="persona-autocomplete">
      {options.length === 0 ? (
        <div id={id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
          <p role="status" className="text-muted">
            {personaCount === undefined ? t("loading", { ns: "common" }) : personaCount === 0 ? t("composer.noPersonas") : t("composer.noMatch", { query })}
          </p>
          {personaCount === 0 && (
            <Link to={clientRoutes.personas} onMouseDown={(event) => event.preventDefault()} className="font-semibold text-primary underline-offset-4 hover:underline">
              {t("composer.createPersona")}
            </Link>
          )}
        </div>
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
                <img src={persona.thumbUrl} alt="" className="checkerboard size-9 shrink-0 rounded-full border border-border object-cover" data-testid="persona-thumb" />
              ) : (
                <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-full bg-primary/15 text-sm font-bold text-primary">
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
