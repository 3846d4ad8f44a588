import { type LocalizedText, searchDocument } from "@storefront/domain";
import type { Database } from "../db/client.ts";
import {
  findProductNamesOfVendor,
  findVendorIdsWithoutSearchText,
  findVendorSearchSources,
  writeProductSearchDocuments,
  writeVendorSearchText,
} from "./search-repository.ts";

const namesOf = (text: LocalizedText) => Object.values(text).filter((name): name is string => Boolean(name));

/** What a vendor is found by: its name, its categories' and its products' names in every language. */
export function vendorSearchText(vendorName: string, names: readonly LocalizedText[]): string {
  return searchDocument([vendorName, ...names.flatMap(namesOf)]);
}

/** What a dish is found by: its name in every language. */
export function productSearchDocument(name: LocalizedText): string {
  return searchDocument(namesOf(name));
}

/**
 * Writes a vendor's search text and its products' anew after its name, categories or products
 * changed (in the writer's transaction).
 */
export async function refreshVendorSearchText(db: Database, vendorId: number): Promise<void> {
  const sources = await findVendorSearchSources(db, vendorId);
  if (!sources) return;
  await writeVendorSearchText(
    db,
    vendorId,
    vendorSearchText(
      sources.name,
      [...sources.categoryNames, ...sources.productNames].map((row) => row.name),
    ),
  );
  // Only the products whose names changed are written.
  const products = await findProductNamesOfVendor(db, vendorId);
  const changed = products
    .map((product) => ({ ...product, made: productSearchDocument(product.name) }))
    .filter((product) => product.made !== product.searchDocument);
  await writeProductSearchDocuments(
    db,
    changed.map((product) => ({ id: product.id, searchDocument: product.made })),
  );
}

/**
 * Makes the search texts a start finds missing: those of a new installation's seed, and all of them
 * after a migration emptied them to be made again in a new form. Idempotent; a no-op when none is.
 */
export async function fillMissingSearchTexts(db: Database): Promise<number> {
  const vendorIds = await findVendorIdsWithoutSearchText(db);
  for (const vendorId of vendorIds) await refreshVendorSearchText(db, vendorId);
  return vendorIds.length;
}
