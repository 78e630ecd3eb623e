// The page's only eager script (at most 60 kB of JavaScript on `/`). The public pages arrive prerendered
// (docs/decisions/006), so React (web/boot.tsx) is fetched and hydrates on the visitor's first interaction;
// nothing they do before then is lost: a submit is held and replayed, a language pick is applied after.
import { isLanguage } from "../contract/languages.ts";
import { readStoredUser } from "./lib/auth-storage.ts";
import { chosenLanguage, writeLanguageCookie } from "./lib/stored-language.ts";
import "./styles.css";

const html = document.documentElement;
const container = document.getElementById("root");
// A signed-in screen's page arrives with the app's header painted in it (server/web/page-variants.ts); a visitor who
// is not signed in is about to be sent to /login, so the header goes now rather than once React has loaded.
if (container?.dataset.appShell !== undefined && !readStoredUser()) container.replaceChildren();
// Any of these means a visitor is about to use the page; pointerdown and focusin come before the click or key.
const intents = ["pointerdown", "touchstart", "focusin", "keydown"] as const;

let started: Promise<void> | undefined;
let heldSubmit: HTMLFormElement | undefined;
let heldClick: string | undefined;
let pickedLanguage: string | undefined;

function start(): void {
  started ??= (async () => {
    const { boot } = await import("./boot.tsx");
    const i18n = await boot();
    for (const type of intents) document.removeEventListener(type, start, true);
    document.removeEventListener("submit", holdSubmit, true);
    document.removeEventListener("change", holdLanguage, true);
    document.removeEventListener("click", holdClick, true);
    // A prerendered page hydrates in the language it was served in; a language picked since is switched to in
    // place, after React owns the page, so a half-typed e-mail survives.
    const language = pickedLanguage ?? chosenLanguage();
    if (isLanguage(language) && language !== i18n.resolvedLanguage) await i18n.changeLanguage(language);
    heldSubmit?.requestSubmit();
    // Found again by name: React may have replaced the element the tap landed on while it hydrated.
    if (heldClick) document.querySelector<HTMLElement>(`[data-replay-click="${CSS.escape(heldClick)}"]`)?.click();
  })().catch((err: unknown) => {
    // The next interaction tries again (a flaky network, say).
    started = undefined;
    throw err;
  });
}

// Before hydration a submit would be the browser's own GET with the e-mail in the URL: hold it for React.
function holdSubmit(event: SubmitEvent): void {
  if (!(event.target instanceof HTMLFormElement)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  heldSubmit = event.target;
  start();
}

// A control that only works with React (the mobile menu's button) is tapped again once React owns it.
function holdClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-replay-click]") : null;
  if (!target) return;
  event.preventDefault();
  heldClick = target.dataset.replayClick;
  start();
}

// The language switcher is the only select on the public pages.
function holdLanguage(event: Event): void {
  if (!(event.target instanceof HTMLSelectElement)) return;
  event.stopImmediatePropagation();
  pickedLanguage = event.target.value;
  start();
}

for (const type of intents) document.addEventListener(type, start, { capture: true, passive: true });
document.addEventListener("submit", holdSubmit, true);
document.addEventListener("change", holdLanguage, true);
document.addEventListener("click", holdClick, true);
// The prerendered submit buttons are disabled so nothing submits before this script; from here on a submit is held.
for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-enabled-by-entry]")) button.disabled = false;
// Browser tests wait for this: from now on nothing a visitor does gets lost.
html.dataset.ready = "true";

// A choice stored before the cookie existed reaches the server from the next page on.
const chosen = chosenLanguage();
if (chosen) writeLanguageCookie(chosen);
// Another path has no prerendered markup, and a page served in another language than the visitor's choice
// (cookies blocked, say) should not wait for a click.
if (!container?.dataset.prerendered || (chosen && chosen !== container.dataset.prerendered)) start();
