// An SVG sprite of Lucide's line icons (ISC), made from lucide-react's own icon data: one cached file
// the pages point into (`<use href="sprite.svg#wheat">`) instead of each icon's paths and Lucide's
// React runtime in the scripts. `npm run icons -w @storefront/web` writes the storefront's sprite
// again (after a Lucide update, or an icon added to `DIETARY_ICONS`), and the stylesheet of our own
// line icons (vite/line-icons.ts); tests keep both in step.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { DIETARY_ICONS } from "../app/components/dietary-icon-names.ts";
import { LINE_ICON_SHAPES } from "../app/components/line-icon-shapes.ts";
import { LINE_ICONS_CSS, lineIconsCss } from "./line-icons.ts";

type IconNode = ReadonlyArray<readonly [string, Readonly<Record<string, string | number>>]>;

const escaped = (value: string | number) =>
  String(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** One `<symbol>` per icon, with its id its Lucide name; drawing attributes come from the page's `<svg>`. */
export async function iconSprite(names: readonly string[]): Promise<string> {
  const symbols = await Promise.all(
    names.map(async (name) => {
      const { __iconData: icon } = (await import(`lucide-react/icons/${name}`)) as {
        __iconData: { size?: number; node: IconNode };
      };
      const size = icon.size ?? 24;
      const shapes = icon.node
        .map(([tag, attributes]) => {
          const drawn = Object.entries(attributes).filter(([attribute]) => attribute !== "key");
          return `<${tag}${drawn.map(([attribute, value]) => ` ${attribute}="${escaped(value)}"`).join("")}/>`;
        })
        .join("");
      return `<symbol id="${name}" viewBox="0 0 ${size} ${size}">${shapes}</symbol>`;
    }),
  );
  // Never shown itself: the pages draw its symbols, each named there.
  return `<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true">${symbols.join("")}</svg>\n`;
}

/** Where the storefront's sprite of the dietary icons lives. */
export const DIETARY_SPRITE = path.resolve(import.meta.dirname, "../app/components/dietary-icons.svg");

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  fs.writeFileSync(DIETARY_SPRITE, await iconSprite(DIETARY_ICONS));
  console.log(`wrote ${DIETARY_SPRITE}`);
  fs.writeFileSync(LINE_ICONS_CSS, lineIconsCss(LINE_ICON_SHAPES));
  console.log(`wrote ${LINE_ICONS_CSS}`);
}
