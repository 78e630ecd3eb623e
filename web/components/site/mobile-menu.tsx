import { Popover } from "radix-ui";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { floatingPanelClass, floatingPanelPlacement } from "../ui/floating-panel.ts";

/**
 * The header's links on a narrow screen, behind one button. Radix gives it `aria-expanded`, Escape, focus moved
 * into the panel and back to the button. The entry script replays a tap made before React hydrated (web/main.tsx).
 */
export function MobileMenu({ children, className = "" }: { children: ReactNode; className?: string }) {
  const { t } = useTranslation();
  return (
    <Popover.Root>
      <Popover.Trigger
        data-replay-click="mobile-menu"
        aria-label={t("nav.menu")}
        className={`inline-flex size-10 shrink-0 items-center justify-center rounded-xl border border-border bg-surface hover:bg-surface-2 ${className}`}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M4 7h16M4 12h16M4 17h16" />
        </svg>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          {...floatingPanelPlacement}
          className={`${floatingPanelClass} grid min-w-48 gap-1 p-2`}
        >
          <nav aria-label={t("nav.menu")} className="grid gap-1">
            {children}
          </nav>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
