import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Logo } from "../components/site/logo.tsx";
import { AppNav } from "./app-nav.tsx";

/** The header every signed-in page shares: logo, sections, and at its end the credits and the account menu. */
export function ShellHeader({ children }: { children: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-bg/90 backdrop-blur">
      <div className="mx-auto flex h-16 items-center gap-2 px-2 max-[374px]:gap-1 sm:gap-4 sm:px-5">
        {/* Below 420 px the sections' Chat link is the way home; the logo makes room for the four of them. */}
        <div className="contents max-[419px]:hidden">
          <Logo to="/app" compact="app" />
        </div>
        <AppNav />
        <div className="ml-auto flex items-center gap-1 sm:gap-3">{children}</div>
      </div>
    </header>
  );
}

/** Where the page goes while its code, its words or the user are on their way; the skip link's target is there. */
export function PageLoading() {
  const { t } = useTranslation("app");
  return (
    <main id="main" className="grid min-h-[60dvh] place-items-center">
      <h1 className="sr-only">{t("loading")}</h1>
      <span aria-hidden="true" className="size-10 animate-spin rounded-full border-4 border-border border-t-primary" />
    </main>
  );
}

/**
 * The shell painted before the server has answered who the user is: the header's logo and sections need nothing
 * from it, so they show at once; the credits and the account menu keep their place as empty outlines (a balance
 * remembered from an earlier visit could be stale, so none is shown). Identical for every user, so the build also
 * writes it into each signed-in screen's page (scripts/prerender.ts), which paints it before any script runs.
 */
export function ShellPending() {
  return (
    <div className="min-h-dvh" aria-busy="true" data-testid="shell-pending">
      <ShellHeader>
        <span aria-hidden="true" className="h-10 w-16 animate-pulse rounded-full border border-border bg-surface-2" />
        <span aria-hidden="true" className="size-10 animate-pulse rounded-full bg-surface-2" />
      </ShellHeader>
      <PageLoading />
    </div>
  );
}
