import { type AvailabilityClock, timeAvailability } from "../catalogue/availability.ts";
import { estimateVendorDelivery, type VendorContext } from "../catalogue/vendors.ts";
import type { MenuFacts } from "./cart-facts.ts";
import type { StoredCart } from "./cart-store.ts";

/**
 * Each vendor cart of a stored cart joined to the menu as it is now: the vendor with its delivery
 * estimate to the cart's point, each line with its product, option groups and chosen options, and
 * whether the product's section sells at the delivery time.
 */
export function readCartLines(
  stored: StoredCart,
  facts: MenuFacts,
  vendorsContext: VendorContext,
  clock: AvailabilityClock,
) {
  return stored.vendorCarts.map((vendorCart) => {
    const vendor = facts.vendors.get(vendorCart.vendorId) ?? null;
    const estimate = vendor ? estimateVendorDelivery(vendor, vendorsContext) : null;
    const items = vendorCart.items.map((item) => {
      const product = facts.products.get(item.productId);
      const owned = product && product.vendorId === vendorCart.vendorId ? product : null;
      const groups = owned ? (facts.groupsOfProduct.get(owned.id) ?? []) : [];
      const optionsOf = (groupId: number) => facts.optionsOfGroup.get(groupId) ?? [];
      const chosen = item.components.map((c) => {
        const group = groups.find((g) => optionsOf(g.id).some((o) => o.id === c.id)) ?? null;
        const option = group ? (optionsOf(group.id).find((o) => o.id === c.id) ?? null) : null;
        return { ...c, group, option };
      });
      const section = owned ? facts.sections.get(owned.sectionId) : undefined;
      const sells = section?.workingHours ? timeAvailability(section.workingHours, clock).available : true;
      return {
        item,
        product: owned,
        groups,
        optionsOf,
        chosen,
        sells: sells && Boolean(section?.visible),
        /** The hours its section sells at; null: whenever the vendor is open. */
        saleHours: section?.workingHours ?? null,
      };
    });
    return { vendorCart, vendor, estimate, items };
  });
}

export type CartLines = ReturnType<typeof readCartLines>;
