/**
 * Brings the result into view on a phone, where it sits below the form (a no-op when it already shows), without
 * animating for visitors who asked for reduced motion.
 */
export function scrollIntoViewGently(element: HTMLElement | null, win: Window = window): void {
  const reduce = win.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  element?.scrollIntoView?.({ block: "nearest", behavior: reduce ? "auto" : "smooth" });
}
