import { customerMayCancel } from "@storefront/domain";
import { type CustomerScope, findCustomerOrder } from "./order-history.ts";
import {
  changeOrderStatus,
  type OrderOutcome,
  type OrderOutcomeDeps,
  statusTransitionError,
} from "./order-outcome.ts";
import { isPreorder } from "./orders.ts";

export const CANNOT_CANCEL_MESSAGE = "cannot cancel an order already processing";

/**
 * The customer cancels their order while the vendor has not taken it yet (a preorder: not started
 * it); an online payment taken for it is given back (the order's outcome).
 */
export async function cancelCustomerOrder(
  deps: OrderOutcomeDeps,
  input: { scope: CustomerScope; orderId: number; now: Date },
): Promise<OrderOutcome> {
  const found = await findCustomerOrder(deps.db, input.scope, input.orderId);
  if (!customerMayCancel(found.status, { preorder: isPreorder(found) }))
    throw statusTransitionError(CANNOT_CANCEL_MESSAGE);
  return changeOrderStatus(deps, {
    orderId: found.id,
    to: "CANCELED",
    actor: "CUSTOMER",
    now: input.now,
    // The vendor may take the order between the check above and the change.
    message: CANNOT_CANCEL_MESSAGE,
  });
}
