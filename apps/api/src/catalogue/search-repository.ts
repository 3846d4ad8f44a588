import { SEARCH_MIN_CHARS } from "@storefront/domain";
import { type AnyColumn, and, eq, exists, inArray, or, type SQL, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Database } from "../db/client.ts";
import {
  catalogueSections,
  categories,
  products,
  searchWords,
  vendorCategories,
  vendors,
} from "../db/schema.ts";

/**
 * Runs a search's queries in one transaction that keeps the planner on the trigram and GIN indexes,
 * read as bitmaps. Its cost model counts pg_trgm's similarity and an array's `&&` as cheap per row,
 * so on a few thousand words, or on a word a fifth of the dishes hold, it reads the whole table or
 * the whole primary key instead: 2.9-5 ms against 0.03-0.3 ms for a query's close words, 18 ms
 * against 6 ms for the dishes of a common word (10,000 dishes; decision 0173). The settings end
 * with the transaction.
 */
export function searchOnIndexes<T>(db: Database, search: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true), set_config('enable_indexonlyscan', 'off', true)`,
    );
    return search(tx);
  });
}

/**
 * The database's character type (its LC_CTYPE) when pg_trgm reads no letter of Cyrillic or Arabic
 * under it, as under "C" or "POSIX": their words then have no trigrams, and the search finds them
 * only as stored, forgiving no wrong letter. Null when it reads them (C.UTF-8, en_US.UTF-8, PGlite).
 */
export async function characterTypeBlindToScripts(db: Database): Promise<string | null> {
  const [row] = await db
    .select({
      characterType: sql<string>`(select datctype from pg_database where datname = current_database())`,
      reads: sql<boolean>`cardinality(show_trgm('борщ')) > 0 and cardinality(show_trgm('كباب')) > 0`,
    })
    .from(sql`(values (1)) as one (x)`);
  return row && !row.reads ? row.characterType : null;
}

/** A stored word close to one of a query's terms (`searchTerms` of the domain), and how close (0-1). */
export interface CloseWord {
  word: string;
  term: number;
  closeness: number;
}

/** A query's terms and the stored words close to them: what a search looks for in the texts. */
export interface WordsSought {
  terms: number;
  close: readonly CloseWord[];
}

/**
 * The stored words close to each term, in one query over the vocabulary (`search_words`, a few
 * thousand short words behind a trigram index). A word is close to a form of a term when it holds
 * it, or when the form is close to it (pg_trgm's word similarity, `<%`, at its threshold of 0.6: one
 * or two wrong letters); a form shorter than the spec's minimum only starts words. Each word's
 * closeness to a term is its best word similarity to any of the term's forms.
 */
export async function findCloseWords(db: Database, terms: readonly string[][]): Promise<WordsSought> {
  const asked = terms.flatMap((forms, term) =>
    forms.map((form) =>
      db
        .select({
          word: searchWords.word,
          term: sql<number>`${term}::int`.as("term"),
          closeness: sql<number>`word_similarity(${form}, ${searchWords.word})`
            .mapWith(Number)
            .as("closeness"),
        })
        .from(searchWords)
        .where(
          form.length >= SEARCH_MIN_CHARS
            ? or(sql`${searchWords.word} like ${likeEscaped(form, "%")}`, sql`${form} <% ${searchWords.word}`)
            : sql`${searchWords.word} like ${likeEscaped(form, "")}`,
        ),
    ),
  );
  const [first, second, ...rest] = asked;
  const rows = first ? await (second ? unionAll(first, second, ...rest) : first) : [];
  const best = new Map<string, CloseWord>();
  for (const row of rows) {
    const key = `${row.term} ${row.word}`;
    if ((best.get(key)?.closeness ?? -1) < row.closeness) best.set(key, { ...row, term: Number(row.term) });
  }
  return { terms: terms.length, close: [...best.values()] };
}

const likeEscaped = (text: string, before: "%" | "") =>
  `${before}${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A stored text holds a word close to a term of the query, served by its words' GIN index. One term
 * is enough: "pizza margherita" finds the Margherita of a pizzeria's menu, whose name says nothing of
 * pizza; the texts holding more of the terms rank first (`relevance`).
 */
export function holdsCloseWords(words: AnyColumn, sought: WordsSought): SQL {
  if (!sought.close.length) return sql`false`;
  const close = [...new Set(sought.close.map((word) => word.word))].map((word) => sql`${word}`);
  return sql`${words} && array[${sql.join(close, sql`, `)}]::text[]`;
}

/**
 * How relevant a stored text is to the query (0-1): for each term, the closeness of its closest word
 * the text holds, averaged over the terms (a term the text holds nothing close to counts 0). One
 * expression of the row, no subquery: it is reckoned for every text found.
 */
function relevance(words: AnyColumn, sought: WordsSought): SQL<number> {
  const terms = Array.from({ length: sought.terms }, (_, term) =>
    sought.close.filter((close) => close.term === term),
  ).filter((close) => close.length > 0);
  if (!terms.length) return sql<number>`0::float8`;
  const best = terms.map(
    (close) =>
      sql`coalesce(greatest(${sql.join(
        close.map(
          (word) => sql`case when ${word.word}::text = any(${words}) then ${word.closeness}::float8 end`,
        ),
        sql`, `,
      )}), 0)`,
  );
  return sql<number>`((${sql.join(best, sql` + `)}) / ${sought.terms}::float8)`;
}

/** A locality's vendor found by its own text (name, categories), with its relevance. */
export async function findVendorsByName(
  db: Database,
  localityId: number,
  sought: WordsSought,
): Promise<Array<{ vendorId: number; relevance: number }>> {
  if (!sought.close.length) return [];
  return db
    .select({ vendorId: vendors.id, relevance: relevance(vendors.searchWords, sought).mapWith(Number) })
    .from(vendors)
    .where(
      and(
        eq(vendors.localityId, localityId),
        eq(vendors.visible, true),
        holdsCloseWords(vendors.searchWords, sought),
      ),
    );
}

/**
 * The locality's shown dishes holding a close word, by vendor: each vendor's best relevance and its
 * `perVendor` most relevant dishes. One reading of the found dishes serves both the dishes a search
 * shows (whose order then weighs their vendors: open, rating) and the vendors found by a dish.
 */
export async function findDishesByVendor(
  db: Database,
  localityId: number,
  sought: WordsSought,
  perVendor: number,
): Promise<
  Array<{ vendorId: number; relevance: number; dishes: Array<{ productId: number; relevance: number }> }>
> {
  if (!sought.close.length) return [];
  const found = db
    .select({
      productId: sql<number>`${products.id}`.as("product_id"),
      vendorId: sql<number>`${products.vendorId}`.as("vendor_id"),
      relevance: relevance(products.searchWords, sought).as("relevance"),
    })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .innerJoin(catalogueSections, eq(catalogueSections.id, products.sectionId))
    .where(
      and(
        holdsCloseWords(products.searchWords, sought),
        eq(vendors.localityId, localityId),
        eq(vendors.visible, true),
        eq(products.visible, true),
        eq(catalogueSections.visible, true),
      ),
    )
    // Kept a subquery of its own (an OFFSET is never pulled up), so each dish's relevance is reckoned
    // once, not again in every aggregate below.
    .offset(0)
    .as("found");
  const order = sql`order by ${found.relevance} desc, ${found.productId}`;
  const rows = await db
    .select({
      vendorId: found.vendorId,
      relevance: sql<number>`max(${found.relevance})`.mapWith(Number),
      productIds: sql<number[]>`(array_agg(${found.productId} ${order}))[1:${perVendor}]`,
      relevances: sql<number[]>`(array_agg(${found.relevance} ${order}))[1:${perVendor}]`,
    })
    .from(found)
    .groupBy(found.vendorId);
  return rows.map((row) => ({
    vendorId: row.vendorId,
    relevance: row.relevance,
    dishes: row.productIds.map((productId, at) => ({
      productId: Number(productId),
      relevance: Number(row.relevances[at]),
    })),
  }));
}

/** The ids of the vendors with a shown dish holding a close word, for a vendor list's condition. */
export function vendorsWithDishHolding(db: Database, sought: WordsSought) {
  return db
    .select({ vendorId: products.vendorId })
    .from(products)
    .innerJoin(catalogueSections, eq(catalogueSections.id, products.sectionId))
    .where(
      and(
        holdsCloseWords(products.searchWords, sought),
        eq(products.visible, true),
        eq(catalogueSections.visible, true),
      ),
    );
}

/**
 * What a vendor's search text is made of: its name and the names of its categories, in two queries
 * at once; null when there is no such vendor.
 */
export async function findVendorSearchSources(db: Database, vendorId: number) {
  const [[vendor], categoryNames] = await Promise.all([
    db.select({ name: vendors.name }).from(vendors).where(eq(vendors.id, vendorId)),
    db
      .select({ name: categories.name })
      .from(vendorCategories)
      .innerJoin(categories, eq(categories.id, vendorCategories.categoryId))
      .where(eq(vendorCategories.vendorId, vendorId)),
  ]);
  return vendor ? { name: vendor.name, categoryNames } : null;
}

/** Adds the words the vocabulary does not hold yet. */
export async function addSearchWords(db: Database, written: readonly string[]): Promise<void> {
  const words = [...new Set(written)];
  for (let at = 0; at < words.length; at += 5000)
    await db
      .insert(searchWords)
      .values(words.slice(at, at + 5000).map((word) => ({ word })))
      .onConflictDoNothing();
}

export async function writeVendorSearchWords(
  db: Database,
  vendorId: number,
  searchWords: string[],
): Promise<void> {
  await db.update(vendors).set({ searchWords }).where(eq(vendors.id, vendorId));
}

export async function findProductNamesOfVendor(db: Database, vendorId: number) {
  return db
    .select({ id: products.id, name: products.name, searchWords: products.searchWords })
    .from(products)
    .where(eq(products.vendorId, vendorId));
}

export async function writeProductSearchWords(
  db: Database,
  written: ReadonlyArray<{ id: number; searchWords: string[] }>,
): Promise<void> {
  for (const { id, searchWords } of written)
    await db.update(products).set({ searchWords }).where(eq(products.id, id));
}

/** Vendors whose search text, or a product's, is missing (a new seed, or emptied by a migration). */
export async function findVendorIdsWithoutSearchText(db: Database): Promise<number[]> {
  const rows = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(
      or(
        sql`cardinality(${vendors.searchWords}) = 0`,
        exists(
          db
            .select({ one: sql`1` })
            .from(products)
            .where(and(eq(products.vendorId, vendors.id), sql`cardinality(${products.searchWords}) = 0`)),
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
      // What a card shows, not the dish's whole row (its search words, description, options…).
      product: {
        id: products.id,
        name: products.name,
        imageId: products.imageId,
        price: products.price,
        discountPrice: products.discountPrice,
        available: products.available,
      },
      vendor: { id: vendors.id, name: vendors.name },
      section: { workingHours: catalogueSections.workingHours },
    })
    .from(products)
    .innerJoin(catalogueSections, eq(catalogueSections.id, products.sectionId))
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .where(inArray(products.id, productIds));
}
