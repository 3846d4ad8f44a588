import { foldForSearch, loosenSpelling, SEARCH_MIN_CHARS, transliterate } from "@storefront/domain";
import { type AnyColumn, and, desc, eq, exists, inArray, or, type SQL, sql } from "drizzle-orm";
import { union } from "drizzle-orm/pg-core";
import type { Database } from "../db/client.ts";
import { catalogueSections, categories, products, vendorCategories, vendors } from "../db/schema.ts";

/**
 * A typed query in the forms the stored search texts hold (`searchDocument` of the domain): folded,
 * in Latin letters, and loosely spelled. Null when nothing searchable was typed (no word of two
 * letters or more).
 */
export interface SearchForms {
  folded: string;
  latin: string;
  loose: string;
}

export function searchFormsOf(input: string): SearchForms | null {
  // A one-letter word would be part of nearly every text: it is not searched for.
  const folded = foldForSearch(input)
    .split(" ")
    .filter((word) => word.length > 1)
    .join(" ");
  if (!folded) return null;
  const latin = transliterate(folded);
  return { folded, latin, loose: loosenSpelling(latin) };
}

const likeEscaped = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const distinct = (forms: SearchForms) => [...new Set([forms.folded, forms.latin, forms.loose])];

/**
 * The conditions a stored search text matches a query by, each served by the column's trigram
 * index: it holds one of the query's forms, or, for a form with a word of the spec's minimum of
 * characters, the form is close to a word of it (pg_trgm's word similarity, `<%`, at its threshold of 0.6: one or
 * two wrong letters, words in any order).
 */
function searchConditions(column: AnyColumn, forms: SearchForms): SQL[] {
  return distinct(forms).flatMap((form) => [
    sql`${column} like ${likeEscaped(form)}`,
    ...(form.split(" ").some((word) => word.length >= SEARCH_MIN_CHARS) ? [sql`${form} <% ${column}`] : []),
  ]);
}

/** A stored search text matches the query by any of its conditions. */
export function matchesSearch(column: AnyColumn, forms: SearchForms): SQL {
  return or(...searchConditions(column, forms)) as SQL;
}

/** How close a stored search text is to the query: its best word similarity in any of the forms (0-1). */
function relevance(column: AnyColumn, forms: SearchForms): SQL<number> {
  const scores = distinct(forms).map((form) => sql`word_similarity(${form}, ${column})`);
  return sql<number>`greatest(${sql.join(scores, sql`, `)})`.mapWith(Number);
}

/**
 * The locality's shown dishes that match the query, the most relevant first: ids and relevance.
 * The candidates are found condition by condition (a union of index scans): as one OR of them,
 * PostgreSQL's estimate of trigram matches led it to test every dish of the locality instead.
 */
export async function findMatchingDishes(
  db: Database,
  localityId: number,
  forms: SearchForms,
  limit: number,
): Promise<Array<{ productId: number; vendorId: number; relevance: number }>> {
  const [first, second, ...rest] = searchConditions(products.searchDocument, forms).map((condition) =>
    db.select({ id: products.id }).from(products).where(condition),
  );
  if (!first) return [];
  const candidates = db.$with("candidates").as(second ? union(first, second, ...rest) : first);
  const score = relevance(products.searchDocument, forms);
  return db
    .with(candidates)
    .select({ productId: products.id, vendorId: products.vendorId, relevance: score })
    .from(candidates)
    .innerJoin(products, eq(products.id, candidates.id))
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .innerJoin(catalogueSections, eq(catalogueSections.id, products.sectionId))
    .where(
      and(
        eq(vendors.localityId, localityId),
        eq(vendors.visible, true),
        eq(products.visible, true),
        eq(catalogueSections.visible, true),
      ),
    )
    .orderBy(desc(score), products.id)
    .limit(limit);
}

/** The locality's shown vendors that match the query (by name, category or dish), with relevance. */
export async function findMatchingVendors(
  db: Database,
  localityId: number,
  forms: SearchForms,
): Promise<Array<{ vendorId: number; relevance: number }>> {
  return db
    .select({ vendorId: vendors.id, relevance: relevance(vendors.searchText, forms) })
    .from(vendors)
    .where(
      and(
        eq(vendors.localityId, localityId),
        eq(vendors.visible, true),
        matchesSearch(vendors.searchText, forms),
      ),
    );
}

/**
 * What a vendor's search text is made of: its name, and the names of its categories and of its
 * products, in three queries at once; null when there is no such vendor.
 */
export async function findVendorSearchSources(db: Database, vendorId: number) {
  const [[vendor], categoryNames, productNames] = await Promise.all([
    db.select({ name: vendors.name }).from(vendors).where(eq(vendors.id, vendorId)),
    db
      .select({ name: categories.name })
      .from(vendorCategories)
      .innerJoin(categories, eq(categories.id, vendorCategories.categoryId))
      .where(eq(vendorCategories.vendorId, vendorId)),
    db.select({ name: products.name }).from(products).where(eq(products.vendorId, vendorId)),
  ]);
  return vendor ? { name: vendor.name, categoryNames, productNames } : null;
}

export async function writeVendorSearchText(
  db: Database,
  vendorId: number,
  searchText: string,
): Promise<void> {
  await db.update(vendors).set({ searchText }).where(eq(vendors.id, vendorId));
}

export async function findProductNamesOfVendor(db: Database, vendorId: number) {
  return db
    .select({ id: products.id, name: products.name, searchDocument: products.searchDocument })
    .from(products)
    .where(eq(products.vendorId, vendorId));
}

export async function writeProductSearchDocuments(
  db: Database,
  written: ReadonlyArray<{ id: number; searchDocument: string }>,
): Promise<void> {
  for (const { id, searchDocument } of written)
    await db.update(products).set({ searchDocument }).where(eq(products.id, id));
}

/** Vendors whose search text, or a product's, is missing (a new seed, or emptied by a migration). */
export async function findVendorIdsWithoutSearchText(db: Database): Promise<number[]> {
  const rows = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(
      or(
        eq(vendors.searchText, ""),
        exists(
          db
            .select({ one: sql`1` })
            .from(products)
            .where(and(eq(products.vendorId, vendors.id), eq(products.searchDocument, ""))),
        ),
      ),
    );
  return rows.map((row) => row.id);
}

/** The dishes found, as their cards show them. */
export async function findDishCardRows(db: Database, productIds: number[]) {
  if (productIds.length === 0) return [];
  return db
    .select({
      product: products,
      vendor: { id: vendors.id, name: vendors.name },
      section: { workingHours: catalogueSections.workingHours },
    })
    .from(products)
    .innerJoin(catalogueSections, eq(catalogueSections.id, products.sectionId))
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .where(inArray(products.id, productIds));
}
