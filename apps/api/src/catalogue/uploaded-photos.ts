import { createHash } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import type { Database } from "../db/client.ts";
import { type MediaStore, mediaPathOf } from "../media/media-store.ts";
import { PICTURE_SIZES, type PictureKind } from "../seed/pictures.ts";
import { upsertImageByPath } from "./images-repository.ts";

/** What a photo upload may be: a camera's or an editor's usual formats. */
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
/** A phone's photo fits; a bigger file is refused before it is read (413). */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** Past this many pixels a picture is refused rather than decoded (a "pixel bomb"). */
const MAX_INPUT_PIXELS = 40_000_000;

export type PhotoRefusal = "NOT_AN_IMAGE" | "TOO_SMALL";

/**
 * A photo staff uploaded, made into the variants the storefront serves for its kind (WebP, cropped
 * to each size from the middle, turned upright by its EXIF orientation, its metadata dropped), kept in
 * the media store under `{kind}/u{hash}/` named by its content, and recorded once in `images`. Answers the image's
 * id, or why the bytes are not a usable photo: not a JPEG, PNG or WebP picture, or smaller than the
 * kind's smallest variant.
 */
export async function storeUploadedPhoto(
  db: Database,
  media: MediaStore,
  kind: PictureKind,
  bytes: Buffer,
): Promise<{ imageId: number; basePath: string } | { refusal: PhotoRefusal }> {
  const sizes = PICTURE_SIZES[kind];
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    return { refusal: "NOT_AN_IMAGE" };
  }
  if (!meta.format || !["jpeg", "png", "webp"].includes(meta.format)) return { refusal: "NOT_AN_IMAGE" };
  const [smallestW, smallestH] = sizes.at(-1) as [number, number];
  const upright = (meta.orientation ?? 1) >= 5;
  const width = (upright ? meta.height : meta.width) ?? 0;
  const height = (upright ? meta.width : meta.height) ?? 0;
  if (width < smallestW || height < smallestH) return { refusal: "TOO_SMALL" };

  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 20);
  const folder = `${kind}/u${hash}`;
  const basePath = mediaPathOf(folder);
  const variants = sizes.map(([w, h]) => ({ w, h, n: `${w}x${h}.webp` }));
  for (const variant of variants) {
    const made = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(variant.w, variant.h, { fit: "cover", position: "attention" })
      .webp({ quality: 80, effort: 4 })
      .toBuffer();
    await media.put(`${folder}/${variant.n}`, made, "image/webp");
  }
  // Recorded only once every variant is kept: no page names a picture the store lacks.
  const imageId = await upsertImageByPath(db, { basePath, variants, source: `upload sha256:${hash}` });
  return { imageId, basePath };
}
