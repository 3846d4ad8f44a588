import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { contentPages } from "../db/schema.ts";

export type ContentPageRow = typeof contentPages.$inferSelect;

/** The partner's visible pages in the partner's order. */
export async function listVisibleContentPages(db: Database, partnerId: number): Promise<ContentPageRow[]> {
  return db
    .select()
    .from(contentPages)
    .where(and(eq(contentPages.partnerId, partnerId), eq(contentPages.visible, true)))
    .orderBy(asc(contentPages.sort), asc(contentPages.id));
}

/** The partner's visible page of this id or slug, or null. */
export async function findVisibleContentPage(
  db: Database,
  partnerId: number,
  key: { id: number } | { slug: string },
): Promise<ContentPageRow | null> {
  const match = "id" in key ? eq(contentPages.id, key.id) : eq(contentPages.slug, key.slug);
  const [row] = await db
    .select()
    .from(contentPages)
    .where(and(eq(contentPages.partnerId, partnerId), eq(contentPages.visible, true), match))
    .limit(1);
  return row ?? null;
}
