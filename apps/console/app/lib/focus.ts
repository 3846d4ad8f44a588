import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * Puts the focus on the screen's main content (each screen has one `<main>`), focusable from code
 * only: where the skip link leads, and where the focus goes when a new screen took it away.
 */
export function focusMain(): boolean {
  const main = document.querySelector("main");
  if (!main) return false;
  main.tabIndex = -1;
  main.focus({ preventScroll: true });
  return true;
}

/** After a move to another screen that took the focused element with it, the focus is on the content. */
export function useFocusKeptAcrossPages(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new screen, which the path names
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!document.activeElement || document.activeElement === document.body) focusMain();
  }, [pathname]);
}
