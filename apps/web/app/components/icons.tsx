import type { LineIconName } from "./line-icon-shapes.ts";

/**
 * The storefront's line icons (24px grid), drawn with currentColor by the stylesheet
 * (line-icons.css): decorative unless given a label. `-filled` ones are filled with it too.
 */
export type IconName = LineIconName;

/** One of our line icons: a single element the stylesheet draws (line-icons.css, decision 0207). */
export function Icon({
  name,
  className = "size-6",
  label,
}: {
  name: IconName;
  className?: string;
  label?: string;
}) {
  // Two shapes, so that a label only ever stands with the role that takes one.
  return label ? (
    <span className={`icon icon-${name} ${className}`} role="img" aria-label={label} />
  ) : (
    <span className={`icon icon-${name} ${className}`} aria-hidden="true" />
  );
}
