import type { HTMLAttributes } from "react";

export type CardPadding = "none" | "md" | "lg";
export type CardElevation = "flat" | "raised" | "floating";
/** Large cards (panels) round more than small ones (tiles in a grid). */
export type CardRadius = "md" | "lg";

const paddings: Record<CardPadding, string> = { none: "", md: "p-6", lg: "p-6 sm:p-8" };
const elevations: Record<CardElevation, string> = { flat: "", raised: "shadow-sm", floating: "shadow-xl" };
const radii: Record<CardRadius, string> = { md: "rounded-2xl", lg: "rounded-3xl" };

/** The classes of a card: one surface, one border, rounded; for elements Card cannot render. */
export function cardClass({
  padding = "md",
  elevation = "raised",
  radius = "lg",
  className = "",
}: { padding?: CardPadding; elevation?: CardElevation; radius?: CardRadius; className?: string } = {}): string {
  return `${radii[radius]} border border-border bg-surface text-fg ${paddings[padding]} ${elevations[elevation]} ${className}`.trim();
}

/** A surface that groups one thing. `as` keeps the right element for the place: a section, a list item… */
export function Card({
  as: Element = "div",
  padding,
  elevation,
  radius,
  className,
  ...rest
}: HTMLAttributes<HTMLElement> & { as?: "div" | "section" | "article" | "li"; padding?: CardPadding; elevation?: CardElevation; radius?: CardRadius } & Record<`data-${string}`, string | undefined>) {
  return <Element {...rest} className={cardClass({ padding, elevation, radius, className })} />;
}
