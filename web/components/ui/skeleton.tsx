/**
 * A placeholder block in the shape of content that is still loading; hidden from assistive tech (the region around
 * it says it is loading). It pulses only with `motion-safe`: under prefers-reduced-motion it stays still, since the
 * global rule shortens animations but an endless pulse would then flicker.
 */
export function Skeleton({ flush = false, className = "" }: { /** Square corners, to fill the top of a card edge to edge. */ flush?: boolean; className?: string }) {
  return <div aria-hidden="true" data-testid="skeleton" className={`bg-surface-2 motion-safe:animate-pulse ${flush ? "" : "rounded"} ${className}`} />;
}
