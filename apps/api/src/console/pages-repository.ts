import { and, asc, eq, max } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { contentPages } from "../db/schema.ts";

export type PageRow = typeof contentPages.$inferSelect;

/** The partner's pages in their storefront order. */
export async function listPartnerPages(db: Database, partnerId: number): Promise<PageRow[]> {
  return db
    .select()
    .from(contentPages)
    .where(eq(contentPages.partnerId, partnerId))
    .orderBy(asc(contentPages.sort), asc(contentPages.id));
}

/** The partner's page, locked when `forUpdate`; another partner's is as none (null). */
export async function findPartnerPage(
  db: Database,
  partnerId: number,
  pageId: number,
  forUpdate: boolean,
): Promise<PageRow | null> {
  const query = db
    .select()
    .from(contentPages)
    .where(and(eq(contentPages.id, pageId), eq(contentPages.partnerId, partnerId)))
    .limit(1);
  const [row] = forUpdate ? await query.for("update") : await query;
  return row ?? null;
}

/** The id of the partner's page at this address, or null. */
export async function findPageIdOfSlug(
  db: Database,
  partnerId: number,
  slug: string,
): Promise<number | null> {
  const [holder] = await db
    .select({ id: contentPages.id })
    .from(contentPages)
    .where(and(eq(contentPages.partnerId, partnerId), eq(contentPages.slug, slug)))
    .limit(1);
  return holder?.id ?? null;
}

/** The largest sort among the partner's pages; null when it has none. */
export async function lastPageSort(db: Database, partnerId: number): Promise<number | null> {
  const [last] = await db
    .select({ sort: max(contentPages.sort) })
    .from(contentPages)
    .where(eq(contentPages.partnerId, partnerId));
  return last?.sort ?? null;
}

export async function insertPage(db: Database, values: typeof contentPages.$inferInsert): Promise<PageRow> {
  const [row] = await db.insert(contentPages).values(values).returning();
  return row as PageRow;
}

export async function updatePage(
  db: Database,
  id: number,
  change: Partial<Pick<PageRow, "slug" | "title" | "body" | "visible">>,
): Promise<PageRow> {
  const [row] = await db.update(contentPages).set(change).where(eq(contentPages.id, id)).returning();
  return row as PageRow;
}
