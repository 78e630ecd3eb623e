import type { HTMLAttributes } from "react";

export type CardPadding = "none" | "md" | "lg";
export type CardElevation = "flat" | "raised" | "floating";

const paddings: Record<CardPadding, string> = { none: "", md: "p-6", lg: "p-6 sm:p-8" };
const elevations: Record<CardElevation, string> = { flat: "", raised: "shadow-sm", floating: "shadow-xl" };

/** The classes of a card: one surface, one border, rounded; for elements Card cannot render. */
export function cardClass({ padding = "md", elevation = "raised", className = "" }: { padding?: CardPadding; elevation?: CardElevation; className?: string } = {}): string {
  return `rounded-3xl border border-border bg-surface text-fg ${paddings[padding]} ${elevations[elevation]} ${className}`.trim();
}

/** A surface that groups one thing. `as` keeps the right element for the place: a section, a list item… */
export function Card({
  as: Element = "div",
  padding,
  elevation,
  className,
  ...rest
}: HTMLAttributes<HTMLElement> & { as?: "div" | "section" | "article" | "li"; padding?: CardPadding; elevation?: CardElevation } & Record<`data-${string}`, string | undefined>) {
  return <Element {...rest} className={cardClass({ padding, elevation, className })} />;
}
