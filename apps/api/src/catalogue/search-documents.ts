import { type LocalizedText, searchDocument } from "@storefront/domain";
import type { Database } from "../db/client.ts";
import {
  addSearchWords,
  findProductNamesOfVendor,
  findVendorIdsWithoutSearchText,
  findVendorSearchSources,
  writeProductSearchWords,
  writeVendorSearchWords,
} from "./search-repository.ts";

const namesOf = (text: LocalizedText) => Object.values(text).filter((name): name is string => Boolean(name));
const wordsOf = (names: readonly string[]) => searchDocument(names).split(" ").filter(Boolean);

/**
 * The words a vendor is found by itself: those of its name and its categories' names in every
 * language. It is also found by its dishes, through their own words.
 */
export function vendorSearchWords(vendorName: string, names: readonly LocalizedText[]): string[] {
  return wordsOf([vendorName, ...names.flatMap(namesOf)]);
}

/** The words a dish is found by, and those of them only its section's name holds. */
export interface ProductSearchWords {
  searchWords: string[];
  sectionWords: string[];
}

/**
 * The words a dish is found by: those of its name and its section's name in every language, so
 * "pizza" finds the Margherita of a "Pizza" section as a vendor is found by its categories. The
 * section's own are kept apart too: the search ranks a dish found by them below one named by the
 * word (decision 0196).
 */
export function productSearchWords(name: LocalizedText, sectionName: LocalizedText): ProductSearchWords {
  const ofName = wordsOf(namesOf(name));
  const named = new Set(ofName);
  const sectionWords = wordsOf(namesOf(sectionName)).filter((word) => !named.has(word));
  return { searchWords: [...ofName, ...sectionWords], sectionWords };
}

/**
 * Writes a vendor's search words and its products' anew after its name, categories, sections or
 * products changed (in the writer's transaction), and adds the new ones to the vocabulary.
 */
export async function refreshVendorSearchText(db: Database, vendorId: number): Promise<void> {
  const sources = await findVendorSearchSources(db, vendorId);
  if (!sources) return;
  const words = vendorSearchWords(
    sources.name,
    sources.categoryNames.map((row) => row.name),
  );
  await writeVendorSearchWords(db, vendorId, words);
  // Only the products whose names changed are written.
  const products = await findProductNamesOfVendor(db, vendorId);
  const changed = products
    .map((product) => ({
      id: product.id,
      ...productSearchWords(product.name, product.sectionName),
      stored: product,
    }))
    .filter(
      (product) =>
        product.searchWords.join(" ") !== product.stored.searchWords.join(" ") ||
        product.sectionWords.join(" ") !== product.stored.sectionWords.join(" "),
    );
  await writeProductSearchWords(db, changed);
  await addSearchWords(db, [...words, ...changed.flatMap((product) => product.searchWords)]);
}

/**
 * Makes the search words a start finds missing: those of a new installation's seed, and all of them
 * after a migration emptied them to be made again in a new form. Idempotent; a no-op when none is.
 */
export async function fillMissingSearchTexts(db: Database): Promise<number> {
  const vendorIds = await findVendorIdsWithoutSearchText(db);
  for (const vendorId of vendorIds) await refreshVendorSearchText(db, vendorId);
  return vendorIds.length;
}
