import { changeProductPrices, type ProductPriceRefusal, toMajorUnits } from "@storefront/domain";
import type { OpsProduct, OpsProductChange } from "@storefront/domain/contract";
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { localities, products, vendors } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { OpsKey } from "../orders/ops-keys.ts";

const REFUSALS: Record<ProductPriceRefusal, string> = {
  NOT_WHOLE_MINOR_UNITS: "must be a positive amount in whole minor units of the currency",
  DISCOUNT_NOT_BELOW_PRICE: "would leave the discounted price at or above the full price",
};

/**
 * An operator's change of a product's prices or stock. A dispatch key changes any product of its
 * partner, a vendor key those of its own vendor (another's is a 404, as with orders), a courier key
 * none. The row is locked, so two changes at once cannot leave a discount above the price.
 */
export async function changeProduct(
  db: Database,
  key: OpsKey,
  productId: number,
  change: OpsProductChange,
): Promise<OpsProduct> {
  if (key.role === "COURIER") {
    throw new AppError(403, "ForbiddenException", "A courier key cannot change products");
  }
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ product: products, currencyCode: localities.currencyCode })
      .from(products)
      .innerJoin(vendors, eq(vendors.id, products.vendorId))
      .innerJoin(localities, eq(localities.id, vendors.localityId))
      .where(
        and(
          eq(products.id, productId),
          eq(vendors.partnerId, key.partnerId),
          key.role === "VENDOR" ? eq(vendors.id, key.vendorId ?? -1) : undefined,
        ),
      )
      .limit(1)
      .for("update", { of: products });
    if (!found) throw new AppError(404, "ProductNotFoundException", `Product ${productId} not found`);
    const { currencyCode } = found;
    const prices = changeProductPrices({ current: found.product, change, currencyCode });
    if (!prices.ok) {
      const message = REFUSALS[prices.refusal];
      throw new AppError(400, "ValidationException", `Invalid body: ${prices.field} ${message}`, {
        errorCode: prices.refusal,
        details: [{ field: prices.field, message }],
      });
    }
    const [row] = await tx
      .update(products)
      .set({
        price: prices.price,
        discountPrice: prices.discountPrice,
        ...(change.available === undefined ? {} : { available: change.available }),
      })
      .where(eq(products.id, productId))
      .returning();
    const saved = row ?? found.product;
    return {
      id: saved.id,
      vendorId: saved.vendorId,
      currencyCode,
      price: toMajorUnits(saved.price, currencyCode),
      discountPrice: saved.discountPrice === null ? null : toMajorUnits(saved.discountPrice, currencyCode),
      available: saved.available,
    };
  });
}
