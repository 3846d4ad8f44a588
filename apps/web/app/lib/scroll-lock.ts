import { useEffect } from "react";

/** How many open dialogs hold the page still, and the page's own overflow from before the first. */
let holders = 0;
let before = "";

/**
 * Holds the page still under an open dialog (a modal, a confirmation): the page does not scroll
 * while `locked`. Dialogs opened over one another each hold it, and the page scrolls again once the
 * last one closes.
 */
export function useScrollLock(locked: boolean): void {
  useEffect(() => {
    if (!locked) return;
    const root = document.documentElement;
    if (holders === 0) before = root.style.overflow;
    holders += 1;
    root.style.overflow = "hidden";
    return () => {
      holders -= 1;
      if (holders === 0) root.style.overflow = before;
    };
  }, [locked]);
}
