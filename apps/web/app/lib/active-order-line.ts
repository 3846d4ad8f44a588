import type { Order } from "@storefront/domain/contract";

/** How many active orders the popup lists; the orders page has the rest. */
export const ACTIVE_ORDERS_SHOWN = 5;

/** An active order as the header's popup shows it. */
export type ActiveOrderLine = Pick<
  Order,
  "id" | "status" | "eta" | "receiptType" | "tracking" | "preorderAt" | "localityCode"
> & {
  vendorNames: string;
};

export function activeOrderLineOf(order: Order): ActiveOrderLine {
  return {
    id: order.id,
    status: order.status,
    eta: order.eta,
    receiptType: order.receiptType,
    tracking: order.tracking,
    preorderAt: order.preorderAt,
    localityCode: order.localityCode,
    vendorNames: order.vendorCarts.map((v) => v.vendorName).join(", "),
  };
}
