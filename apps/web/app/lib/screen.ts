import { useEffect, useState } from "react";

/** Layout breakpoint of section 9: below it the mobile group (popups), from it desktop (tooltips). */
export const DESKTOP_MIN_WIDTH = 768;
/** Resize handling is debounced by this much (section 9). */
export const RESIZE_DEBOUNCE_MS = 250;

export type ScreenGroup = "mobile" | "desktop";

/** The screen group, re-read 250 ms after the window stops resizing. Desktop until hydrated. */
export function useScreenGroup(): ScreenGroup {
  const [group, setGroup] = useState<ScreenGroup>("desktop");
  useEffect(() => {
    const read = () => setGroup(window.innerWidth >= DESKTOP_MIN_WIDTH ? "desktop" : "mobile");
    read();
    let timer = 0;
    const onResize = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(read, RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener("resize", onResize);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener("resize", onResize);
    };
  }, []);
  return group;
}
