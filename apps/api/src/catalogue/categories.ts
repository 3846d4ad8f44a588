import { type Locale, pickText } from "@storefront/domain";
import type { Banner, CategoriesResponse } from "@storefront/domain/contract";
import type { Database } from "../db/client.ts";
import { listVisibleBanners } from "./banners-repository.ts";
import { findCategoriesWithVendorCounts } from "./categories-repository.ts";
import type { ImageStore } from "./images.ts";
import type { LocalityRow } from "./localities.ts";

/** The locality's categories as a two-level tree, plus the quick "top" list; empty ones are left out. */
export async function loadCategories(
  db: Database,
  imageStore: ImageStore,
  locality: LocalityRow,
  reader: Locale | null,
): Promise<CategoriesResponse> {
  const { rows, counts } = await findCategoriesWithVendorCounts(db, locality.id);
  const vendorsIn = new Map(counts.map((c) => [c.categoryId, c.vendors]));
  const imageOf = await imageStore.load(rows.map((r) => r.imageId));
  const view = (row: (typeof rows)[number], vendorsCount: number) => ({
    id: row.id,
    name: pickText(row.name, reader, locality.lang as Locale),
    image: imageOf(row.imageId),
    vendorsCount,
  });
  const children = (parentId: number) =>
    rows
      .filter((r) => r.parentId === parentId && (vendorsIn.get(r.id) ?? 0) > 0)
      .map((r) => view(r, vendorsIn.get(r.id) ?? 0));

  const tree = rows
    .filter((r) => r.parentId === null)
    .map((r) => {
      const kids = children(r.id);
      return {
        ...view(r, (vendorsIn.get(r.id) ?? 0) + kids.reduce((sum, k) => sum + k.vendorsCount, 0)),
        children: kids,
      };
    })
    .filter((node) => node.vendorsCount > 0);
  const top = rows
    .filter((r) => r.top && (vendorsIn.get(r.id) ?? 0) > 0)
    .map((r) => view(r, vendorsIn.get(r.id) ?? 0));
  return { tree, top };
}

export async function loadBanners(
  db: Database,
  imageStore: ImageStore,
  locality: LocalityRow,
  reader: Locale | null,
): Promise<Banner[]> {
  const rows = await listVisibleBanners(db, locality.id);
  const imageOf = await imageStore.load(rows.map((r) => r.imageId));
  return rows.map((row) => ({
    id: row.id,
    spot: row.spot || "top",
    title: pickText(row.title, reader, locality.lang as Locale),
    image: imageOf(row.imageId) ?? "",
    vendorId: row.vendorId,
    url: row.url,
    order: row.sort,
  }));
}
