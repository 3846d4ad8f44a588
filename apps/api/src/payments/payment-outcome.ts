import type { PaymentStatus } from "@storefront/domain/contract";
import type { Database } from "../db/client.ts";
import { changeOrderStatus, type OrderOutcomeDeps } from "../orders/order-outcome.ts";
import type { OrderRow } from "../orders/orders.ts";
import {
  markPaymentCanceled,
  type PaymentRow,
  setAwaitedOrderPaymentStatus,
  settlePendingPayment,
} from "./payments-repository.ts";
import type { PaymentProvider, ProviderTransaction } from "./provider.ts";
import { saveCard } from "./saved-cards-repository.ts";

export type { PaymentRow } from "./payments-repository.ts";

export interface PaymentDeps {
  db: Database;
  provider: PaymentProvider;
  /** What a paid order's move to WAITING_APPROVAL needs (the order's outcome). */
  outcome: OrderOutcomeDeps;
  now: () => Date;
}

/** Sets the payment status of an order that still waits for money; null when it no longer waits. */
export async function setOrderPaymentStatus(deps: PaymentDeps, orderId: number, status: PaymentStatus) {
  return setAwaitedOrderPaymentStatus(deps.db, orderId, { status, now: deps.now() });
}

async function settlePayment(
  deps: PaymentDeps,
  payment: PaymentRow,
  tx: ProviderTransaction,
  status = tx.status,
) {
  return settlePendingPayment(deps.db, payment.id, {
    status,
    failureReason: status === "AUTHORIZED" ? null : tx.failureReason,
    reference: tx.reference ?? null,
    now: deps.now(),
  });
}

/** A payment the order cannot take (paid by another attempt, canceled meanwhile, wrong amount) is given back. */
async function refund(deps: PaymentDeps, payment: PaymentRow, reason: string): Promise<void> {
  await deps.provider.cancel(payment.providerPaymentId);
  await markPaymentCanceled(deps.db, payment.id, { failureReason: reason, now: deps.now() });
}

function mismatch(payment: PaymentRow, tx: ProviderTransaction): boolean {
  return tx.amount !== payment.amount || tx.currencyCode !== payment.currencyCode;
}

/**
 * Records what the provider says of a pending payment. AUTHORIZED pays the order: its payment status
 * turns AUTHORIZED and the order moves on to WAITING_APPROVAL (by SYSTEM); a card the customer asked
 * to remember is saved. Any other end leaves the order CREATED, so the customer can try again.
 * A payment already settled is left alone, which makes a second call harmless.
 */
export async function applyOutcome(
  deps: PaymentDeps,
  order: OrderRow,
  payment: PaymentRow,
  tx: ProviderTransaction,
): Promise<void> {
  if (tx.status === "PENDING") return;
  if (tx.status !== "AUTHORIZED") {
    if (await settlePayment(deps, payment, tx)) await setOrderPaymentStatus(deps, order.id, tx.status);
    return;
  }
  const settled = await settlePayment(deps, payment, tx, "AUTHORIZED");
  if (!settled) return;
  if (mismatch(payment, tx)) {
    await refund(deps, settled, "The authorised amount is not the order's");
    await setOrderPaymentStatus(deps, order.id, "ERROR");
    return;
  }
  if (!(await setOrderPaymentStatus(deps, order.id, "AUTHORIZED"))) {
    await refund(deps, settled, "The order was already paid or canceled");
    return;
  }
  if (tx.card)
    await saveCard(
      deps.db,
      { partnerId: order.partnerId, userId: order.userId },
      deps.provider.name,
      tx.card,
    );
  await changeOrderStatus(deps.outcome, {
    orderId: order.id,
    to: "WAITING_APPROVAL",
    actor: "SYSTEM",
    now: deps.now(),
  });
}
