import { and, asc, eq, max } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { banners } from "../db/schema.ts";

export type BannerRow = typeof banners.$inferSelect;

/** A city's banners of the partner, hidden ones too, in the storefront's order. */
export async function listCityBanners(
  db: Database,
  partnerId: number,
  localityId: number,
): Promise<BannerRow[]> {
  return db
    .select()
    .from(banners)
    .where(and(eq(banners.partnerId, partnerId), eq(banners.localityId, localityId)))
    .orderBy(asc(banners.sort), asc(banners.id));
}

/** The partner's banner, locked for the rest of the transaction; another partner's is as none. */
export async function lockBanner(db: Database, partnerId: number, id: number): Promise<BannerRow | null> {
  const [row] = await db
    .select()
    .from(banners)
    .where(and(eq(banners.id, id), eq(banners.partnerId, partnerId)))
    .for("update")
    .limit(1);
  return row ?? null;
}

/** The largest sort among a city's banners; null when it has none. */
export async function lastBannerSort(db: Database, localityId: number): Promise<number | null> {
  const [last] = await db
    .select({ sort: max(banners.sort) })
    .from(banners)
    .where(eq(banners.localityId, localityId));
  return last?.sort ?? null;
}

export async function insertBanner(db: Database, values: typeof banners.$inferInsert): Promise<BannerRow> {
  const [row] = await db.insert(banners).values(values).returning();
  return row as BannerRow;
}

export async function updateBanner(
  db: Database,
  id: number,
  change: Partial<Pick<BannerRow, "title" | "vendorId" | "url" | "visible" | "sort" | "imageId">>,
): Promise<BannerRow> {
  const [row] = await db.update(banners).set(change).where(eq(banners.id, id)).returning();
  return row as BannerRow;
}

export async function deleteBannerRow(db: Database, id: number): Promise<void> {
  await db.delete(banners).where(eq(banners.id, id));
}
