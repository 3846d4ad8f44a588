export interface ImageVariant {
  w: number;
  h: number;
  /** File name of the variant under the image's basePath. */
  n: string;
}

/** An image is a plain URL, used as is, or a base path with sized variants. */
export type ImageConfig = string | { basePath: string; variants: ImageVariant[] };

export interface ChosenImage {
  src: string;
  width?: number;
  height?: number;
  srcSet?: string;
}

const isLandscape = (v: ImageVariant) => v.w > v.h;
const joinPath = (basePath: string, name: string) => `${basePath.replace(/\/$/, "")}/${name}`;

/**
 * The smallest variant at least `width` pixels wide, among landscape variants when there are any
 * (600x400 and 300x200 are the ones the layouts are drawn for), portrait ones otherwise; the widest
 * when none is wide enough. `srcSet` lists the same orientation for high-density screens, from the
 * chosen variant up to the first one at least `upTo` pixels wide: the candidates a slot can use, so
 * a page carries no URL its browser would never pick.
 */
export function chooseImageVariant(config: ImageConfig, width: number, upTo = Infinity): ChosenImage {
  if (typeof config === "string") return { src: config };
  const landscape = config.variants.filter(isLandscape);
  const pool = (landscape.length > 0 ? landscape : config.variants).toSorted((a, b) => a.w - b.w);
  const chosen = pool.find((v) => v.w >= width) ?? pool.at(-1);
  if (!chosen) return { src: config.basePath };
  const ceiling = pool.find((v) => v.w >= Math.max(upTo, chosen.w)) ?? pool.at(-1) ?? chosen;
  return {
    src: joinPath(config.basePath, chosen.n),
    width: chosen.w,
    height: chosen.h,
    srcSet: pool
      .filter((v) => v.w >= chosen.w && v.w <= ceiling.w)
      .map((v) => `${joinPath(config.basePath, v.n)} ${v.w}w`)
      .join(", "),
  };
}
