import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import type { IconifyJSON } from "@iconify/types";
import { getIconData, replaceIDs } from "@iconify/utils";
import type { ImageVariant } from "@storefront/domain";
import sharp from "sharp";
import { type MediaStore, mediaPathOf } from "../media/media-store.ts";

const require = createRequire(import.meta.url);
const emojiSet = require("@iconify-json/fluent-emoji-flat/icons.json") as IconifyJSON;

export type PictureKind = "product" | "cover" | "avatar" | "category" | "banner";

/** Sizes drawn for each kind; landscape 600x400 and 300x200 are what the storefront's cards ask for. */
export const PICTURE_SIZES: Record<PictureKind, Array<[number, number]>> = {
  product: [
    [1200, 800],
    [600, 400],
    [300, 200],
  ],
  cover: [
    [1200, 800],
    [600, 400],
    [300, 200],
  ],
  avatar: [
    [160, 160],
    [80, 80],
  ],
  category: [
    [192, 192],
    [96, 96],
  ],
  banner: [
    [1200, 600],
    [600, 300],
  ],
};

export interface PictureRequest {
  kind: PictureKind;
  icons: string[];
  colour: string;
}

export interface Picture {
  basePath: string;
  variants: ImageVariant[];
  source: string;
}

function iconSvg(name: string, x: number, y: number, size: number, rotate = 0): string {
  const icon = getIconData(emojiSet, name);
  if (!icon) throw new Error(`No icon '${name}' in fluent-emoji-flat`);
  const body = replaceIDs(icon.body);
  const transform = rotate ? ` transform="rotate(${rotate} ${x + size / 2} ${y + size / 2})"` : "";
  return `<g${transform}><svg x="${x}" y="${y}" width="${size}" height="${size}" viewBox="0 0 ${icon.width} ${icon.height}">${body}</svg></g>`;
}

/** A lighter or darker shade of #rrggbb: amount -1 (black) to 1 (white). */
function shade(colour: string, amount: number): string {
  const channels = [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16));
  const target = amount > 0 ? 255 : 0;
  return `#${channels
    .map((c) => Math.round(c + (target - c) * Math.abs(amount)))
    .map((c) => c.toString(16).padStart(2, "0"))
    .join("")}`;
}

/** The drawing at its largest size; smaller variants are resized from it. */
function drawing({ kind, icons, colour }: PictureRequest, width: number, height: number): string {
  const background = (light: number, dark: number) =>
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(colour, light)}"/><stop offset="1" stop-color="${shade(colour, dark)}"/></linearGradient></defs>`;
  const [first = "fork-and-knife", ...rest] = icons;
  let art: string;
  switch (kind) {
    case "product":
      art = `${background(0.82, 0.62)}<rect width="100%" height="100%" fill="url(#bg)"/><ellipse cx="${width / 2}" cy="${height * 0.8}" rx="${width * 0.3}" ry="${height * 0.07}" fill="#000" opacity="0.08"/>${iconSvg(first, width / 2 - height * 0.33, height * 0.14, height * 0.66)}`;
      break;
    case "cover": {
      const big = height * 0.62;
      art = `${background(0.15, -0.25)}<rect width="100%" height="100%" fill="url(#bg)"/><circle cx="${width * 0.82}" cy="${height * 0.18}" r="${height * 0.42}" fill="#fff" opacity="0.12"/><circle cx="${width * 0.1}" cy="${height * 0.95}" r="${height * 0.3}" fill="#fff" opacity="0.1"/>${iconSvg(first, width / 2 - big / 2, height / 2 - big / 2, big)}${rest
        .slice(0, 3)
        .map((icon, i) => {
          const size = height * 0.3;
          const spots: Array<[number, number, number]> = [
            [width * 0.1, height * 0.12, -12],
            [width * 0.74, height * 0.56, 10],
            [width * 0.16, height * 0.58, 8],
          ];
          const [x, y, r] = spots[i] as [number, number, number];
          return iconSvg(icon, x, y, size, r);
        })
        .join("")}`;
      break;
    }
    case "avatar":
      art = `${background(0.1, -0.2)}<circle cx="50%" cy="50%" r="50%" fill="url(#bg)"/>${iconSvg(first, width * 0.2, height * 0.2, width * 0.6)}`;
      break;
    case "category":
      art = `<rect width="100%" height="100%" rx="${width * 0.22}" fill="${shade(colour, 0.85)}"/>${iconSvg(first, width * 0.17, height * 0.17, width * 0.66)}`;
      break;
    case "banner":
      art = `${background(0, -0.35)}<rect width="100%" height="100%" fill="url(#bg)"/><circle cx="${width * 0.78}" cy="${height * 0.5}" r="${height * 0.62}" fill="#fff" opacity="0.14"/>${iconSvg(first, width * 0.78 - height * 0.36, height * 0.14, height * 0.72)}${rest[0] ? iconSvg(rest[0], width * 0.56, height * 0.52, height * 0.36, -14) : ""}`;
      break;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${art}</svg>`;
}

/**
 * Draws a picture in every variant size as WebP into the media store, named by what it shows, so the
 * same picture is drawn once and a second seed (or a second process) finds it kept.
 */
export async function drawPicture(media: MediaStore, request: PictureRequest): Promise<Picture> {
  const source = `fluent-emoji-flat:${request.icons.join("+")} on ${request.colour}`;
  const hash = createHash("sha1").update(`${request.kind}|${source}|v1`).digest("hex").slice(0, 16);
  const folder = `${request.kind}/${hash}`;
  const sizes = PICTURE_SIZES[request.kind];
  const variants = sizes.map(([w, h]) => ({ w, h, n: `${w}x${h}.webp` }));
  const kept = await Promise.all(variants.map((variant) => media.exists(`${folder}/${variant.n}`)));
  const missing = variants.filter((_variant, index) => !kept[index]);
  if (missing.length > 0) {
    const [largestW, largestH] = sizes[0] as [number, number];
    const master = await sharp(Buffer.from(drawing(request, largestW, largestH)))
      .png()
      .toBuffer();
    for (const variant of missing) {
      const made = await sharp(master)
        .resize(variant.w, variant.h)
        .webp({ quality: 78, effort: 4 })
        .toBuffer();
      await media.put(`${folder}/${variant.n}`, made, "image/webp");
    }
  }
  return { basePath: mediaPathOf(folder), variants, source };
}
