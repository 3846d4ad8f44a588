import type { PaymentStatus } from "@storefront/domain/contract";
import type { Database } from "../db/client.ts";
import { changeOrderStatusAfter, type OrderOutcomeDeps } from "../orders/order-outcome.ts";
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
 * to remember is saved, all in the move's transaction. Any other end leaves the order CREATED, so the
 * customer can try again. A payment already settled is left alone, which makes a second call
 * harmless: it waits for the first to commit and answers with the order moved.
 */
export async function applyOutcome(
  deps: PaymentDeps,
  order: OrderRow,
  payment: PaymentRow,
  tx: ProviderTransaction,
): Promise<void> {
  if (tx.status === "PENDING") return;
  if (tx.status !== "AUTHORIZED") {
    // The payment's end and the order's status together, so a new attempt cannot come in between.
    await deps.db.transaction(async (db) => {
      const inside = { ...deps, db };
      if (await settlePayment(inside, payment, tx)) await setOrderPaymentStatus(inside, order.id, tx.status);
    });
    return;
  }
  const giveBack: { payment: PaymentRow; reason: string }[] = [];
  await changeOrderStatusAfter(
    deps.outcome,
    { orderId: order.id, to: "WAITING_APPROVAL", actor: "SYSTEM", now: deps.now() },
    async (db) => {
      const inside = { ...deps, db };
      const settled = await settlePayment(inside, payment, tx, "AUTHORIZED");
      if (!settled) return false;
      if (mismatch(payment, tx)) {
        await setOrderPaymentStatus(inside, order.id, "ERROR");
        giveBack.push({ payment: settled, reason: "The authorised amount is not the order's" });
        return false;
      }
      if (!(await setOrderPaymentStatus(inside, order.id, "AUTHORIZED"))) {
        giveBack.push({ payment: settled, reason: "The order was already paid or canceled" });
        return false;
      }
      if (tx.card)
        await saveCard(db, { partnerId: order.partnerId, userId: order.userId }, deps.provider.name, tx.card);
      return true;
    },
  );
  // The processor is called once the payment's record is committed, never holding the order.
  for (const refused of giveBack) await refund(deps, refused.payment, refused.reason);
}
