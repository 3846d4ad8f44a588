import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** The main content's id: the skip link's target, and where a lost focus goes. */
export const MAIN_ID = "main";

/**
 * Gives the focus back after what held it went away (a modal closed, a page replaced the last):
 * to `element` while it is still on screen, else to the main content, so the next Tab goes on
 * from there rather than from the page's start (WCAG 2.4.3).
 */
export function returnFocus(element: Element | null): void {
  if (element instanceof HTMLElement && element !== document.body && element.isConnected) {
    element.focus();
    if (document.activeElement === element) return;
  }
  document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
}

/** After a move to another page that took the focused element with it, the focus is on the content. */
export function useFocusKeptAcrossPages(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new page, which the path names
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!document.activeElement || document.activeElement === document.body) returnFocus(null);
  }, [pathname]);
}
