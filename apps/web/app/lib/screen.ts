import { isMobileGroup, LAYOUT_BREAKPOINTS, type ScreenGroup, screenGroupOf } from "@storefront/domain";
import { useEffect, useState } from "react";

/** Layout breakpoint of section 9: below it the mobile group (popups), from it desktop (tooltips). */
export const DESKTOP_MIN_WIDTH = LAYOUT_BREAKPOINTS[0];
/** Resize handling is debounced by this much (section 9). */
export const RESIZE_DEBOUNCE_MS = 250;

export type { ScreenGroup };

/**
 * The screen group of §9 (super tiny … mega wide), re-read 250 ms after the window stops resizing.
 * The server cannot know the screen: it renders for desktop until hydrated.
 */
export function useScreenGroup(): ScreenGroup {
  const [group, setGroup] = useState<ScreenGroup>("desktop");
  useEffect(() => {
    const read = () => setGroup(screenGroupOf(window.innerWidth));
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

/** Whether popups (the mobile group) or tooltips and dropdowns (desktop and wider) are shown. */
export function usePopupsOnScreen(): boolean {
  return isMobileGroup(useScreenGroup());
}
