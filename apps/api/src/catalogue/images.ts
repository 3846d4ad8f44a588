import type { ImageConfig } from "@storefront/domain";
import type { Database } from "../db/client.ts";
import type { MediaAddress } from "../media/media-store.ts";
import { findImagesByIds, type ImageRow } from "./images-repository.ts";

/**
 * Images never change once made, so each is read from the database once per process. Every picture
 * the API hands out passes through here: its stored path (`/api/media/…`) becomes the address
 * browsers load it from (`address`: MEDIA_PUBLIC_URL's origin when set).
 */
export class ImageStore {
  private readonly known = new Map<number, ImageConfig>();

  constructor(
    private readonly db: Database,
    readonly address: MediaAddress = (path) => path,
  ) {}

  async load(ids: ReadonlyArray<number | null>): Promise<(id: number | null) => ImageConfig | null> {
    const missing = [...new Set(ids.filter((id): id is number => id !== null && !this.known.has(id)))];
    if (missing.length > 0) {
      const rows = await findImagesByIds(this.db, missing);
      for (const row of rows) this.known.set(row.id, this.configOf(row));
    }
    return (id) => (id === null ? null : (this.known.get(id) ?? null));
  }

  private configOf(row: ImageRow): ImageConfig {
    return { basePath: this.address(row.basePath), variants: row.variants };
  }
}

/** The narrowest variant's URL: a thumbnail. */
export function smallestVariantPath(image: ImageConfig | null): string | null {
  if (image === null) return null;
  if (typeof image === "string") return image;
  const narrowest = image.variants.toSorted((a, b) => a.w - b.w)[0];
  return narrowest ? `${image.basePath}/${narrowest.n}` : image.basePath;
}

/** The widest variant's URL, for clients that read a plain path (imagePath, avatarPath). */
export function largestVariantPath(image: ImageConfig | null): string | null {
  if (image === null) return null;
  if (typeof image === "string") return image;
  const widest = image.variants.toSorted((a, b) => b.w - a.w)[0];
  return widest ? `${image.basePath}/${widest.n}` : image.basePath;
}

/**
 * Pictures read inside a transaction (one may have just been stored): each id's thumbnail path. The
 * console's answer to a change and its audit entry keep the stored path, which this API serves from
 * whichever store: an audit entry never names a CDN's host, which may change.
 */
export async function thumbnailsOf(
  db: Database,
  ids: ReadonlyArray<number | null>,
): Promise<(id: number | null) => string | null> {
  const wanted = ids.filter((id): id is number => id !== null);
  const rows = await findImagesByIds(db, wanted);
  return (id) => {
    const row = rows.find((picture) => picture.id === id);
    return row ? smallestVariantPath({ basePath: row.basePath, variants: row.variants }) : null;
  };
}
