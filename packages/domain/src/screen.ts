/**
 * The screens of foundations §9. Widths are CSS pixels of the viewport; each group starts at its
 * width and runs to the next one.
 */
export const SCREEN_GROUPS = [
  ["superTiny", 0],
  ["tiny", 320],
  ["mobile", 360],
  ["tablet", 500],
  ["desktop", 768],
  ["wide", 1152],
  ["superWide", 1440],
  ["megaWide", 1920],
] as const;

export type ScreenGroup = (typeof SCREEN_GROUPS)[number][0];

/** The two layouts: popups, bottom bar and one column below 768 px; tooltips and dropdowns from it. */
export const LAYOUT_BREAKPOINTS = [768, 1152] as const;
/** Where the picture chosen for a slot may change: a width above one of these is its class. */
export const IMAGE_RESOLUTION_CLASSES = [1920, 1440, 1152, 768, 500, 360, 320] as const;

export type ImageResolutionClass = (typeof IMAGE_RESOLUTION_CLASSES)[number];

/** The screen group of a viewport this wide. */
export function screenGroupOf(width: number): ScreenGroup {
  let group: ScreenGroup = "superTiny";
  for (const [name, from] of SCREEN_GROUPS) if (width >= from) group = name;
  return group;
}

/** Super tiny, tiny, mobile and tablet are the mobile group: popups instead of tooltips. */
export function isMobileGroup(group: ScreenGroup): boolean {
  return group === "superTiny" || group === "tiny" || group === "mobile" || group === "tablet";
}

/**
 * An `<img sizes>` attribute whose conditions are resolution classes: the slot's width above each
 * class named (widest first), else `otherwise`. The browser then picks the picture by the same
 * classes the layout changes at.
 */
export function imageSizes(above: Partial<Record<ImageResolutionClass, string>>, otherwise: string): string {
  const conditions = IMAGE_RESOLUTION_CLASSES.filter((from) => above[from] !== undefined).map(
    (from) => `(min-width: ${from + 1}px) ${above[from]}`,
  );
  return [...conditions, otherwise].join(", ");
}
