import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { banners } from "../db/schema.ts";

export type BannerRow = typeof banners.$inferSelect;

/** The locality's visible banners in the partner's order. */
export async function listVisibleBanners(db: Database, localityId: number): Promise<BannerRow[]> {
  return db
    .select()
    .from(banners)
    .where(and(eq(banners.localityId, localityId), eq(banners.visible, true)))
    .orderBy(asc(banners.sort), asc(banners.id));
}
