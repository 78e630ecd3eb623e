import { Tabs as RadixTabs } from "radix-ui";
import type { ComponentProps } from "react";

/*
 * Tabs on Radix: a tablist whose arrow keys move between tabs (Home / End too), each tab controlling its panel.
 * These parts add the app's look: a tinted track with the active tab raised on a surface.
 */

export const Tabs = RadixTabs.Root;

/** The row of tabs; `aria-label` is required, since a tablist needs a name. */
export function TabsList({ className = "", ...props }: ComponentProps<typeof RadixTabs.List> & { "aria-label": string }) {
  return <RadixTabs.List {...props} className={`flex gap-1 rounded-xl bg-surface-2 p-1 ${className}`} />;
}

export function TabsTrigger({ className = "", ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      {...props}
      className={`h-10 flex-1 rounded-lg px-3 text-sm font-semibold text-muted transition hover:text-fg disabled:cursor-not-allowed disabled:opacity-60 data-[state=active]:bg-surface data-[state=active]:text-fg data-[state=active]:shadow-sm ${className}`}
    />
  );
}

export function TabsContent({ className = "", ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content {...props} className={`outline-none ${className}`} />;
}
