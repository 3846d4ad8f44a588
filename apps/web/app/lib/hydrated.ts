import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False in the server's HTML and while the page hydrates, true once its scripts answer taps. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
