import type { LocalizedText } from "@storefront/domain";
import type { Database } from "../db/client.ts";
import { findVendorSearchSources, writeVendorSearchText } from "./vendors-repository.ts";

/** The words a vendor is found by: its name, its categories' and its products' names in every language. */
export function searchTextOf(vendorName: string, names: readonly LocalizedText[]): string {
  const texts = [vendorName, ...names.flatMap((text) => Object.values(text).filter(Boolean))];
  return texts.join(" | ").toLowerCase();
}

/** Writes a vendor's search words anew after its name, categories or products changed. */
export async function refreshVendorSearchText(db: Database, vendorId: number): Promise<void> {
  const sources = await findVendorSearchSources(db, vendorId);
  if (!sources) return;
  const searchText = searchTextOf(
    sources.name,
    [...sources.categoryNames, ...sources.productNames].map((row) => row.name),
  );
  await writeVendorSearchText(db, vendorId, searchText);
}
