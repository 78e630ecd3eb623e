import { useSyncExternalStore } from "react";

const subscribeNothing = () => () => {};

/**
 * False while React hydrates prerendered markup (and at build time), true afterwards. Lets a component render
 * exactly the prerendered HTML first and switch on interactive parts once its handlers are attached.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
