import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Dialog as RadixDialog } from "radix-ui";
import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { SEARCH_QUERY_MAX } from "../../../contract/search.ts";
import { ModalFrame } from "../../components/ui/dialog.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { errorCodeOf } from "../../lib/api.ts";
import { Highlight } from "./highlight.tsx";
import { searchEverything, searchKey } from "./search-api.ts";
import { type ResultRow, resultGroups } from "./search-results.ts";

export const searchIcon = "M11 18a7 7 0 100-14 7 7 0 000 14zM21 21l-5-5";

/** Milliseconds of quiet typing before the words are sent. */
const DEBOUNCE_MS = 150;

function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * The search palette (docs/product/search.md): one field, the results grouped by kind below it. The field is a
 * combobox over a listbox: ↑ and ↓ move through every result of every group, Enter opens the one chosen, Escape closes.
 */
export function SearchDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useTranslation("app");
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  const listId = useId();
  const q = useDebounced(text.trim()).slice(0, SEARCH_QUERY_MAX);
  const lang = i18n.resolvedLanguage ?? "en";
  const search = useQuery({
    queryKey: searchKey(q, lang),
    queryFn: () => searchEverything(q, lang),
    enabled: open && q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    retry: false,
  });
  const answer = q.length > 0 ? search.data : undefined;
  const groups = answer ? resultGroups(answer, t("search.untitled")) : [];
  const rows = groups.flatMap((group) => group.rows);
  const chosen = rows[Math.min(active, rows.length - 1)];

  // A new answer starts at its first result.
  useEffect(() => setActive(0), [answer]);
  useEffect(() => {
    if (chosen) document.getElementById(`${listId}-${chosen.id}`)?.scrollIntoView({ block: "nearest" });
  }, [chosen, listId]);

  function go(row: ResultRow) {
    onOpenChange(false);
    setText("");
    void navigate(row.href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (rows.length === 0) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (Math.min(current, rows.length - 1) + step + rows.length) % rows.length);
    } else if (event.key === "Enter" && chosen) {
      event.preventDefault();
      go(chosen);
    }
  }

  const status = (() => {
    if (q.length === 0) return t("search.hint");
    if (search.isError) return errorCodeOf(search.error) === "rate_limited:search" ? t("search.rateLimited") : t("search.failed");
    if (!answer) return t("search.searching");
    if (rows.length === 0) return t("search.none", { query: answer.query });
    return null;
  })();

  return (
    <ModalFrame open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Content
        aria-describedby={undefined}
        className="fixed top-3 left-1/2 z-50 grid max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] max-w-2xl -translate-x-1/2 grid-rows-[auto_minmax(0,1fr)_auto] overflow-hidden rounded-2xl border border-border bg-surface text-fg shadow-2xl sm:top-[12dvh] sm:max-h-[70dvh]"
        data-testid="search-dialog"
      >
        <RadixDialog.Title className="sr-only">{t("search.label")}</RadixDialog.Title>
        <div className="flex items-center gap-3 border-b border-border px-4">
          <Icon d={searchIcon} className="size-5 text-muted" />
          <input
            autoFocus
            type="search"
            role="combobox"
            aria-label={t("search.label")}
            aria-expanded={rows.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={chosen ? `${listId}-${chosen.id}` : undefined}
            placeholder={t("search.placeholder")}
            maxLength={SEARCH_QUERY_MAX}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            className="h-14 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-muted"
          />
          {search.isFetching && <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-border border-t-primary" />}
        </div>
        <div className="min-h-0 overflow-y-auto overscroll-contain p-2">
          <div id={listId} role="listbox" aria-label={t("search.results")} className={rows.length === 0 ? "hidden" : "grid gap-3"}>
            {groups.map((group) => (
              <div key={group.kind} role="group" aria-labelledby={`${listId}-${group.kind}`} className="grid gap-0.5">
                <div id={`${listId}-${group.kind}`} role="presentation" className="px-3 pt-1 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">
                  {t(`search.groups.${group.kind}`)}
                </div>
                {group.rows.map((row) => {
                  const selected = row === chosen;
                  return (
                    <div
                      key={row.id}
                      id={`${listId}-${row.id}`}
                      role="option"
                      aria-selected={selected}
                      data-testid="search-result"
                      onMouseMove={() => setActive(rows.indexOf(row))}
                      onClick={() => go(row)}
                      className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-xl px-3 py-2 ${selected ? "bg-surface-2" : ""}`}
                    >
                      {row.thumbUrls.length > 0 && (
                        <span className="flex shrink-0 -space-x-4">
                          {row.thumbUrls.slice(0, 3).map((url) => (
                            <img
                              key={url}
                              src={url}
                              alt=""
                              loading="lazy"
                              className={`${row.kind === "personas" ? "size-10 rounded-full" : "h-9 w-16 rounded-md"} border border-border bg-surface-2 object-cover`}
                            />
                          ))}
                        </span>
                      )}
                      <span className="grid min-w-0 flex-1">
                        <span className="truncate text-sm font-semibold">
                          <Highlight text={row.title} terms={answer?.terms ?? []} />
                        </span>
                        {row.snippet && (
                          <span className="line-clamp-2 text-xs break-words text-muted">
                            <Highlight text={row.snippet} terms={answer?.terms ?? []} />
                          </span>
                        )}
                      </span>
                      {selected && (
                        <span aria-hidden="true" className="hidden text-xs text-muted sm:inline">
                          ↵
                        </span>
                      )}
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
          {status && (
            <p role="status" className="px-3 py-8 text-center text-sm text-muted">
              {status}
            </p>
          )}
        </div>
        <p className="hidden border-t border-border px-4 py-2 text-xs text-muted sm:block">{t("search.keys")}</p>
      </RadixDialog.Content>
    </ModalFrame>
  );
}
