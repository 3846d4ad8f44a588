import type { ImageVariant } from "@storefront/domain";
import { inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { images } from "../db/schema.ts";

export type ImageRow = typeof images.$inferSelect;

/** The pictures of these ids (no query for none); missing ids are left out. */
export async function findImagesByIds(db: Database, ids: number[]): Promise<ImageRow[]> {
  return ids.length ? db.select().from(images).where(inArray(images.id, ids)) : [];
}

/**
 * Records an uploaded picture once by its path: the same bytes uploaded again keep their id and get
 * the variants made now. Answers the picture's id.
 */
export async function upsertImageByPath(
  db: Database,
  image: { basePath: string; variants: ImageVariant[]; source: string },
): Promise<number> {
  const [row] = await db
    .insert(images)
    .values(image)
    .onConflictDoUpdate({ target: images.basePath, set: { variants: image.variants } })
    .returning({ id: images.id });
  if (!row) throw new Error(`Storing the picture ${image.basePath} answered no row`);
  return row.id;
}
