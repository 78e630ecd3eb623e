import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/ui/icon.tsx";
import { SearchDialog, searchIcon } from "./search-dialog.tsx";

/** Whether the key press lands in something that takes text (where "/" is a character, not a shortcut). */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.tagName === "TEXTAREA" || target.tagName === "SELECT" || (target.tagName === "INPUT" && !["button", "checkbox", "radio", "range", "submit"].includes((target as HTMLInputElement).type));
}

const isMac = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The header's search: a field-like button (an icon alone on phones) that opens the search palette, also opened
 * anywhere in the app by Ctrl+K (⌘K on a Mac) and by "/" outside a text field.
 */
export function SearchButton() {
  const { t } = useTranslation("app");
  const [open, setOpen] = useState(false);
  const [shortcut, setShortcut] = useState("Ctrl K");
  useEffect(() => setShortcut(isMac() ? "⌘K" : "Ctrl K"), []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey) return;
      const commandK = (event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === "k";
      const slash = event.key === "/" && !event.ctrlKey && !event.metaKey && !typingIn(event.target);
      if (!commandK && !slash) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        // The name holds the words shown ("Search" and the shortcut from 2xl), as a speech-input user says them.
        aria-label={`${t("search.open")} ${shortcut}`}
        aria-keyshortcuts="Control+K Meta+K /"
        title={`${t("search.open")} (${shortcut})`}
        className="flex size-10 shrink-0 items-center justify-center gap-2 rounded-xl text-muted transition hover:bg-surface-2 hover:text-fg max-sm:size-9 lg:w-auto lg:border lg:border-border lg:bg-surface lg:px-3 2xl:w-44 2xl:justify-start"
        data-testid="search-open"
      >
        <Icon d={searchIcon} className="size-5" />
        <span className="hidden flex-1 truncate text-left text-sm 2xl:inline">{t("search.open")}</span>
        <kbd className="hidden rounded-md border border-border bg-surface-2 px-1.5 py-0.5 font-sans text-xs 2xl:inline">{shortcut}</kbd>
      </button>
      <SearchDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
