import { SEARCH_MIN_CHARS, SECTION_WORD_WEIGHT } from "@storefront/domain";
import { type AnyColumn, and, eq, exists, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { preparedQuery } from "../db/prepared.ts";
import {
  catalogueSections,
  categories,
  products,
  searchWords,
  vendorCategories,
  vendors,
} from "../db/schema.ts";

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
 * thousand short words behind a trigram index) by the database's `search_close_words` (migration
 * 0044): a word holding a form of a term, or close to it (one or two wrong letters), with its best
 * closeness to any of the term's forms.
 */
export async function findCloseWords(db: Database, terms: readonly string[][]): Promise<WordsSought> {
  if (!terms.length) return { terms: 0, close: [] };
  const { forms, formTerms } = formsOf(terms);
  const close = await db
    .select({
      word: sql<string>`word`,
      term: sql<number>`term`,
      closeness: sql<number>`closeness`.mapWith(Number),
    })
    .from(
      sql`search_close_words(${sql.param(forms)}::text[], ${sql.param(formTerms)}::int[], ${SEARCH_MIN_CHARS}::int)`,
    );
  return { terms: terms.length, close };
}

/** A query's terms as the database's search functions take them: each form, and its term's index. */
function formsOf(terms: readonly string[][]) {
  return {
    forms: terms.flat(),
    formTerms: terms.flatMap((forms, term) => forms.map(() => term)),
  };
}

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

/** A dish found, with what its card shows, and how relevant it is to the query (0-1). */
export interface FoundDish {
  id: number;
  vendorId: number;
  relevance: number;
  name: (typeof products.$inferSelect)["name"];
  imageId: number | null;
  price: number;
  discountPrice: number | null;
  available: boolean;
  workingHours: (typeof catalogueSections.$inferSelect)["workingHours"];
}

/** `search_locality` of migration 0047, prepared: only its values are bound on each search. */
const searchLocalityStatement = preparedQuery<
  {
    forms: string[];
    formTerms: number[];
    termCount: number;
    localityId: number;
    vendorOrder: number[];
    dishLimit: number;
  },
  Array<{ dishes: FoundDish[]; vendors: Array<{ vendorId: number; relevance: number }> }>
>("search_locality", (db) => {
  const value = (name: string) => sql.placeholder(name);
  return db
    .select({
      dishes: sql<FoundDish[]>`found_dishes`,
      vendors: sql<Array<{ vendorId: number; relevance: number }>>`found_vendors`,
    })
    .from(
      sql`search_locality(${value("forms")}::text[], ${value("formTerms")}::int[], ${value("termCount")}::int, ${SEARCH_MIN_CHARS}::int, ${value("localityId")}::int, ${value("vendorOrder")}::int[], ${value("dishLimit")}::int, ${SECTION_WORD_WEIGHT}::float8)`,
    );
});

/**
 * A locality's shown dishes and vendors close to a query, in one statement (the database's
 * `search_locality`, migration 0047): the `dishLimit` most relevant dishes of the vendors of
 * `vendorOrder`, ranked by relevance (a word only a dish's section holds counting
 * `SECTION_WORD_WEIGHT` of one in its name) then by their vendor's place there; and every vendor found
 * by its own text or a dish, with its relevance (its name's or its best dish's, the better).
 */
export async function searchLocality(
  db: Database,
  query: {
    terms: readonly string[][];
    localityId: number;
    vendorOrder: readonly number[];
    dishLimit: number;
  },
): Promise<{ dishes: FoundDish[]; vendors: Array<{ vendorId: number; relevance: number }> }> {
  if (!query.terms.length) return { dishes: [], vendors: [] };
  const [found] = await searchLocalityStatement(db, {
    ...formsOf(query.terms),
    termCount: query.terms.length,
    localityId: query.localityId,
    vendorOrder: [...query.vendorOrder],
    dishLimit: query.dishLimit,
  });
  return found ?? { dishes: [], vendors: [] };
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
    .select({
      id: products.id,
      name: products.name,
      sectionName: catalogueSections.name,
      searchWords: products.searchWords,
      sectionWords: products.sectionWords,
    })
    .from(products)
    .innerJoin(catalogueSections, eq(catalogueSections.id, products.sectionId))
    .where(eq(products.vendorId, vendorId));
}

/**
 * Writes dishes' search words, a thousand dishes to a statement: a start after a migration that
 * emptied them writes every dish of the installation.
 */
export async function writeProductSearchWords(
  db: Database,
  written: ReadonlyArray<{ id: number; searchWords: string[]; sectionWords: string[] }>,
): Promise<void> {
  for (let at = 0; at < written.length; at += 1000) {
    const rows = written
      .slice(at, at + 1000)
      .map(({ id, searchWords, sectionWords }) => ({ id, search: searchWords, section: sectionWords }));
    await db
      .update(products)
      .set({ searchWords: sql`written.search`, sectionWords: sql`written.section` })
      .from(
        sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as written(id integer, search text[], section text[])`,
      )
      .where(eq(products.id, sql`written.id`));
  }
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
