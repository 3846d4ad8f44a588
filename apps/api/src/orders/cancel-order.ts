import { customerMayCancel, type OrderStatusName } from "@storefront/domain";
import type { Database } from "../db/client.ts";
import { refundOrderPayments } from "../payments/order-payments.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { type CustomerScope, findCustomerOrder } from "./order-history.ts";
import { changeOrderStatus, statusTransitionError } from "./order-status-change.ts";
import { isPreorder, type OrderRow } from "./orders.ts";
import { markOrderPaymentRefunded } from "./orders-repository.ts";

export const CANNOT_CANCEL_MESSAGE = "cannot cancel an order already processing";

/** Statuses that end an order without delivering it: a payment taken for it is given back. */
const UNDELIVERED: ReadonlySet<string> = new Set(["DECLINED", "CANCELED", "CANCELLED"]);

/** What giving a payment back needs: the database and the payment provider. */
export interface RefundDeps {
  db: Database;
  payments: PaymentProvider;
  now: () => Date;
}

/**
 * Gives back the online payment of an order that ended undelivered: the provider cancels the
 * authorisation (the sandbox holds authorisations, not captures, so that is the refund), the
 * payment rows and the order's payment status say so. Answers whether there was one.
 */
export async function refundIfPaid(
  deps: RefundDeps,
  order: OrderRow,
): Promise<{ order: OrderRow; refunded: boolean }> {
  if (!UNDELIVERED.has(order.status)) return { order, refunded: false };
  const refunded = await markOrderPaymentRefunded(deps.db, order.id);
  if (!refunded) return { order, refunded: false };
  await refundOrderPayments({ db: deps.db, provider: deps.payments, now: deps.now }, order.id);
  return { order: refunded, refunded: true };
}

/** The customer cancels their order while the vendor has not taken it yet (a preorder: not started it). */
export async function cancelCustomerOrder(
  deps: Parameters<typeof changeOrderStatus>[0] & RefundDeps,
  input: { scope: CustomerScope; orderId: number; now: Date },
): Promise<{ order: OrderRow; refunded: boolean }> {
  const found = await findCustomerOrder(deps.db, input.scope, input.orderId);
  if (!customerMayCancel(found.status as OrderStatusName, { preorder: isPreorder(found) }))
    throw statusTransitionError(CANNOT_CANCEL_MESSAGE);
  const canceled = await changeOrderStatus(deps, {
    orderId: found.id,
    to: "CANCELED",
    actor: "CUSTOMER",
    now: input.now,
    // The vendor may take the order between the check above and the change.
    message: CANNOT_CANCEL_MESSAGE,
  });
  return refundIfPaid(deps, canceled);
}
