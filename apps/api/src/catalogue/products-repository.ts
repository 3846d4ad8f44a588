import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { localities, products, vendors } from "../db/schema.ts";

export type ProductRow = typeof products.$inferSelect;

/** Whose products a change may touch: a partner's, and of it only these vendors' when given. */
export interface ProductScope {
  partnerId: number;
  vendorIds: number[] | null;
}

/** The vendors of the scope: its partner's, and of them only the named ones when they are named. */
export function vendorOfScope(scope: ProductScope) {
  return and(
    eq(vendors.partnerId, scope.partnerId),
    scope.vendorIds === null
      ? undefined
      : inArray(vendors.id, scope.vendorIds.length ? scope.vendorIds : [-1]),
  );
}

/** The product, if it is the scope's: its partner's, and one of its vendors' when they are named. */
export function productOfScope(scope: ProductScope, productId: number) {
  return and(eq(products.id, productId), vendorOfScope(scope));
}

/**
 * The scope's product with its locality's currency, its row locked until the transaction `tx` ends;
 * null when it is not the scope's.
 */
export async function lockScopedProduct(
  tx: Database,
  scope: ProductScope,
  productId: number,
): Promise<{ product: ProductRow; currencyCode: string } | null> {
  const [found] = await tx
    .select({ product: products, currencyCode: localities.currencyCode })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .innerJoin(localities, eq(localities.id, vendors.localityId))
    .where(productOfScope(scope, productId))
    .limit(1)
    .for("update", { of: products });
  return found ?? null;
}

/** Sets a product's prices and, when given, its stock and listing; answers the row as it is now. */
export async function updateProductListing(
  db: Database,
  productId: number,
  change: Pick<ProductRow, "price" | "discountPrice"> & Partial<Pick<ProductRow, "available" | "visible">>,
): Promise<ProductRow | null> {
  const [row] = await db.update(products).set(change).where(eq(products.id, productId)).returning();
  return row ?? null;
}
