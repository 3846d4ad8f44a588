import fs from "node:fs";
import { createRequire } from "node:module";
import { woffToSfnt } from "./woff.ts";

const require = createRequire(import.meta.url);

export type FontWeight = "regular" | "bold";

/** One Fontsource file: a family's glyphs of one Unicode subset, in one weight. */
export interface FontFace {
  /** The name the PDF document registers it under. */
  name: string;
  weight: FontWeight;
  /** The TrueType font. */
  data: Buffer;
  ranges: Array<[number, number]>;
}

/**
 * Noto Sans for Latin (Latvian diacritics in latin-ext), Cyrillic and Greek, Noto Sans Arabic for
 * Arabic; earlier subsets win when ranges overlap. WOFF, not WOFF2: fontkit's WOFF2 reader breaks on
 * the composite glyphs of latin-ext. They are unpacked to TrueType once, when first needed.
 */
const FAMILIES = [
  {
    packageName: "@fontsource/noto-sans",
    prefix: "noto-sans",
    subsets: ["latin", "latin-ext", "cyrillic", "cyrillic-ext", "greek", "greek-ext"],
  },
  { packageName: "@fontsource/noto-sans-arabic", prefix: "noto-sans-arabic", subsets: ["arabic"] },
] as const;

const WEIGHTS: Record<FontWeight, number> = { regular: 400, bold: 700 };

/** "U+0000-00FF,U+0131" as inclusive code point ranges. */
export function parseUnicodeRanges(value: string): Array<[number, number]> {
  return value.split(",").map((part) => {
    const [start = "0", end] = part.trim().replace(/^U\+/i, "").split("-");
    return [Number.parseInt(start, 16), Number.parseInt(end ?? start, 16)];
  });
}

function loadFaces(): FontFace[] {
  return FAMILIES.flatMap(({ packageName, prefix, subsets }) => {
    const ranges = JSON.parse(
      fs.readFileSync(require.resolve(`${packageName}/unicode.json`), "utf8"),
    ) as Record<string, string>;
    return subsets.flatMap((subset) =>
      (Object.keys(WEIGHTS) as FontWeight[]).map((weight) => {
        const file = `${prefix}-${subset}-${WEIGHTS[weight]}-normal.woff`;
        return {
          name: `${prefix}-${subset}-${weight}`,
          weight,
          data: woffToSfnt(fs.readFileSync(require.resolve(`${packageName}/files/${file}`))),
          ranges: parseUnicodeRanges(ranges[subset] ?? ""),
        };
      }),
    );
  });
}

let faces: FontFace[] | null = null;

/** Every face, read once from the installed packages. */
export function invoiceFontFaces(): FontFace[] {
  faces ??= loadFaces();
  return faces;
}

const chosen = new Map<string, string>();

/** The face that draws a character: the first whose subset covers it, else the Latin one. */
export function faceFor(codePoint: number, weight: FontWeight): string {
  const key = `${weight}:${codePoint}`;
  let name = chosen.get(key);
  if (!name) {
    const ofWeight = invoiceFontFaces().filter((face) => face.weight === weight);
    const covering = ofWeight.find((face) =>
      face.ranges.some(([start, end]) => codePoint >= start && codePoint <= end),
    );
    name = (covering ?? (ofWeight[0] as FontFace)).name;
    chosen.set(key, name);
  }
  return name;
}
