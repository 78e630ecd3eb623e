import type { ReactNode } from "react";
import { Logo } from "./logo.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";

export function MarketingHeader({
  children,
  sticky = false,
  compact = false,
}: {
  children?: ReactNode;
  sticky?: boolean;
  /** Set when the header's actions need the room of the wordmark and language name on narrow screens. */
  compact?: boolean;
}) {
  return (
    <header className={`${sticky ? "sticky top-0 z-40" : ""} border-b border-border/70 bg-bg/90 backdrop-blur`}>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-5">
        <div className="flex min-w-0 items-center gap-3">
          <Logo compact={compact} />
        </div>
        <div className="flex items-center gap-2 sm:gap-3">
          {children}
          <LanguageSwitcher compact={compact} />
        </div>
      </div>
    </header>
  );
}
