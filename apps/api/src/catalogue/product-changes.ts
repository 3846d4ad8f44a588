import { changeProductPrices, type ProductPriceRefusal, toMajorUnits } from "@storefront/domain";
import type { OpsProduct, OpsProductChange } from "@storefront/domain/contract";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import type { CatalogueInvalidations } from "./catalogue-invalidations.ts";
import { catalogueChanges } from "./catalogue-tags.ts";
import {
  lockScopedProduct,
  type ProductRow,
  type ProductScope,
  updateProductListing,
} from "./products-repository.ts";

export { type ProductScope, productOfScope, vendorOfScope } from "./products-repository.ts";

const REFUSALS: Record<ProductPriceRefusal, string> = {
  NOT_WHOLE_MINOR_UNITS: "must be a positive amount in whole minor units of the currency",
  DISCOUNT_NOT_BELOW_PRICE: "would leave the discounted price at or above the full price",
};

function describe(product: ProductRow, currencyCode: string): OpsProduct {
  return {
    id: product.id,
    vendorId: product.vendorId,
    currencyCode,
    price: toMajorUnits(product.price, currencyCode),
    discountPrice: product.discountPrice === null ? null : toMajorUnits(product.discountPrice, currencyCode),
    available: product.available,
    visible: product.visible,
  };
}

/**
 * A change of a product's prices, stock or listing, by an operator (ops API) or the console. The
 * product must be the scope's (another partner's or vendor's is a 404). The row is locked, so two
 * changes at once cannot leave a discount above the price; `inside` runs in the same transaction
 * with the product as it was and as it is (the console's audit log). The vendor's menu is told once
 * the change holds.
 */
export async function changeProduct(
  db: Database,
  scope: ProductScope,
  productId: number,
  change: OpsProductChange,
  catalogue: CatalogueInvalidations,
  inside?: (tx: Database, before: OpsProduct, after: OpsProduct) => Promise<void>,
): Promise<OpsProduct> {
  const changed = await db.transaction(async (tx) => {
    const found = await lockScopedProduct(tx, scope, productId);
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
    const row = await updateProductListing(tx, productId, {
      price: prices.price,
      discountPrice: prices.discountPrice,
      ...(change.available === undefined ? {} : { available: change.available }),
      ...(change.visible === undefined ? {} : { visible: change.visible }),
    });
    const after = describe(row ?? found.product, currencyCode);
    await inside?.(tx, describe(found.product, currencyCode), after);
    return after;
  });
  await catalogue.announce(catalogueChanges.menu(changed.vendorId));
  return changed;
}
