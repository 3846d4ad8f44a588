// The stylesheet of the storefront's line icons (app/line-icons.css, decision 0207), written from
// their shapes (app/components/line-icon-shapes.ts) by `npm run icons -w @storefront/web`; a test
// keeps it in step.
import path from "node:path";
import type { LineIconShape } from "../app/components/line-icon-shapes.ts";

/** Where the storefront's line icons' stylesheet lives (app.css imports it). */
export const LINE_ICONS_CSS = path.resolve(import.meta.dirname, "../app/line-icons.css");

/** One SVG of every shape, one under the other in cells of the 24px grid. */
export function lineIconSprite(shapes: readonly LineIconShape[]): string {
  const paths = shapes.map(
    (shape, cell) =>
      `<path${cell > 0 ? ` transform='translate(0 ${24 * cell})'` : ""}${shape.filled ? " fill='black'" : ""} d='${shape.path}'/>`,
  );
  return (
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 ${24 * shapes.length}' fill='none' stroke='black'` +
    ` stroke-width='1.8' stroke-linecap='round' stroke-linejoin='round'>${paths.join("")}</svg>`
  );
}

/** The sprite as a CSS address: a `data:` SVG, its tags' brackets escaped. */
const dataUrl = (svg: string) =>
  `url("data:image/svg+xml,${svg.replace(/</g, "%3C").replace(/>/g, "%3E").replace(/#/g, "%23")}")`;

/** Where a cell is in the sprite as a mask position: 0% the first, 100% the last. */
const cellPosition = (cell: number, cells: number) =>
  cells === 1 ? "0%" : `${Number(((cell / (cells - 1)) * 100).toFixed(4))}%`;

export function lineIconsCss(shapes: Readonly<Record<string, LineIconShape>>): string {
  const names = Object.keys(shapes);
  const cells = names.length;
  return `/*
 * Written by \`npm run icons -w @storefront/web\` from app/components/line-icon-shapes.ts: not by hand.
 *
 * The storefront's line icons (components/icons.tsx), drawn by CSS (decision 0207): an icon is one
 * empty element whose colour (currentColor, the text's: a background belongs on a wrapper) shows
 * through its shape, a mask. Every shape is a cell of one SVG, so the browser reads one picture for
 * all of them, and each icon's class moves the mask to its cell.
 */
@layer components {
  .icon {
    display: block;
    flex-shrink: 0;
    background-color: currentColor;
    mask-image: ${dataUrl(lineIconSprite(Object.values(shapes)))};
    mask-size: 100% ${cells * 100}%;
    mask-repeat: no-repeat;
    /* Padding frames the shape, as it did the SVG's. */
    mask-origin: content-box;
    mask-clip: content-box;
    print-color-adjust: exact;
  }

  /* High contrast: the system's colours replace backgrounds, and the shape would take the page's. */
  @media (forced-colors: active) {
    .icon {
      forced-color-adjust: none;
      background-color: CanvasText;
    }
  }

${names.map((name, cell) => `  .icon-${name} {\n    mask-position: 0 ${cellPosition(cell, cells)};\n  }\n`).join("")}}
`;
}
