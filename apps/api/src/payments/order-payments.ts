import { DEFAULT_PAYMENT_TYPES, type Locale } from "@storefront/domain";
import type { PaymentAnswer } from "@storefront/domain/contract";
import { findLocalityById } from "../catalogue/localities.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { changeOrderStatus, type OrderPayments, statusTransitionError } from "../orders/order-outcome.ts";
import type { OrderRow } from "../orders/orders.ts";
import { findOrderById, findOrderOfCustomer } from "../orders/orders-repository.ts";
import { applyOutcome, type PaymentDeps, type PaymentRow, setOrderPaymentStatus } from "./payment-outcome.ts";
import type { PaymentProviders } from "./payment-providers.ts";
import {
  countOrderPayments,
  findLatestOrderPayment,
  findPayment,
  insertPayment,
  listOrderPayments,
  markPaymentCanceled,
} from "./payments-repository.ts";
import type { PaymentContext, ProviderTransaction } from "./provider.ts";
import { type CardOwner, findSavedCard } from "./saved-cards.ts";
import { preferredSavedCard } from "./saved-cards-repository.ts";

/** The online payment option of a locality: the hosted card page. */
export const CARD_PAGE_OPTION = "sandbox-card";
const SAVED_CARD = /^card:(\d{1,10})$/;

/** A customer paying: their cards and records are scoped by the partner, whose code the processor is told. */
export type Payer = CardOwner & { partnerCode: string };

function paymentError(message: string, errorCode: string): AppError {
  return new AppError(400, "PaymentException", message, { errorCode });
}

/** One of the customer's own orders; anyone else's is a 404 like a missing one. */
export async function findCustomerOrder(db: Database, owner: CardOwner, orderId: number): Promise<OrderRow> {
  const order = await findOrderOfCustomer(db, owner, orderId);
  if (!order) throw new AppError(404, "OrderNotFoundException", `Order ${orderId} not found`);
  return order;
}

function assertPayable(order: OrderRow): void {
  if (order.paymentType !== "ONLINE") throw paymentError(`Order ${order.id} is paid in cash`, "NOT_ONLINE");
  if (order.paymentStatus === "AUTHORIZED")
    throw paymentError(`Order ${order.id} is already paid`, "ALREADY_PAID");
  if (order.status !== "CREATED")
    throw statusTransitionError(
      `Order ${order.id} is ${order.status}: only an order waiting for payment can be paid`,
    );
}

/** card:<id> of an explicit method or of the one chosen at checkout; null: the card page. */
function savedCardIdOf(explicit: string | undefined, order: OrderRow): number | null {
  const code = explicit ?? order.paymentMethod ?? CARD_PAGE_OPTION;
  const match = SAVED_CARD.exec(code);
  if (match) return Number(match[1]);
  if (explicit !== undefined && explicit !== CARD_PAGE_OPTION)
    throw paymentError(`Unknown payment method '${explicit}'`, "UNKNOWN_PAYMENT_METHOD");
  return null;
}

async function answerOf(
  deps: PaymentDeps,
  payment: PaymentRow,
  redirectUrl: string | null,
): Promise<PaymentAnswer> {
  const order = await findOrderById(deps.db, payment.orderId);
  const orderStatus = (order as OrderRow).status as PaymentAnswer["orderStatus"];
  return {
    orderId: payment.orderId,
    transactionID: payment.providerPaymentId,
    status: payment.status,
    redirectUrl: payment.status === "PENDING" ? redirectUrl : null,
    orderStatus,
    canRetry: orderStatus === "CREATED" && payment.status !== "AUTHORIZED",
    failureReason: payment.failureReason,
  };
}

async function reload(deps: PaymentDeps, payment: PaymentRow): Promise<PaymentRow> {
  return (await findPayment(deps.db, payment.id)) as PaymentRow;
}

/**
 * Ends a pending payment: one the customer did pay (and the storefront has not authorised yet) pays
 * the order and answers true; any other is canceled at the provider, never refunded.
 */
async function endPendingPayment(deps: PaymentDeps, order: OrderRow, payment: PaymentRow): Promise<boolean> {
  const seen = await deps.provider.authorize(payment.providerPaymentId);
  if (seen?.status === "AUTHORIZED") {
    await applyOutcome(deps, order, payment, seen);
    return true;
  }
  const tx = await deps.provider.cancel(payment.providerPaymentId);
  await applyOutcome(deps, order, payment, tx ?? { ...asTransaction(payment), status: "CANCELED" });
  return false;
}

/** A new attempt replaces the ones still pending, so an old card page cannot pay the order twice. */
async function voidPendingPayments(deps: PaymentDeps, order: OrderRow): Promise<void> {
  const pending = await listOrderPayments(deps.db, order.id, "PENDING");
  for (const payment of pending)
    if (await endPendingPayment(deps, order, payment))
      assertPayable(await findCustomerOrder(deps.db, order, order.id));
}

function asTransaction(payment: PaymentRow): ProviderTransaction {
  return {
    transactionID: payment.providerPaymentId,
    status: payment.status,
    amount: payment.amount,
    currencyCode: payment.currencyCode,
    card: null,
    failureReason: payment.failureReason,
  };
}

/**
 * The processor's view of this attempt: the same key for a request retried after a lost answer (the
 * attempt is numbered by the payments the order has), a new one for each new attempt.
 */
async function attemptContext(deps: PaymentDeps, payer: Payer, order: OrderRow, kind: string) {
  const attempt = (await countOrderPayments(deps.db, order.id)) + 1;
  return {
    partnerCode: payer.partnerCode,
    payer: { partnerId: payer.partnerId, userId: payer.userId },
    orderId: order.id,
    idempotencyKey: `${payer.partnerCode}-order-${order.id}-${kind}-${attempt}`,
  } satisfies PaymentContext;
}

async function recordPayment(
  deps: PaymentDeps,
  order: OrderRow,
  transactionID: string,
  savedCardId: number | null,
) {
  const now = deps.now();
  // One transaction: a webhook that settles this payment the moment it is visible must find the
  // order already waiting on it, or the order would be set back to PENDING after the payment failed.
  return deps.db.transaction(async (db) => {
    const payment = await insertPayment(db, {
      orderId: order.id,
      provider: deps.provider.name,
      providerPaymentId: transactionID,
      status: "PENDING",
      amount: order.finalTotal,
      currencyCode: order.currencyCode,
      savedCardId,
      createdAt: now,
      updatedAt: now,
    });
    await setOrderPaymentStatus({ ...deps, db }, order.id, "PENDING");
    return payment;
  });
}

async function chargeSavedCard(deps: PaymentDeps, payer: Payer, order: OrderRow, cardId: number) {
  const card = await findSavedCard(deps.db, payer, cardId);
  await voidPendingPayments(deps, order);
  const tx = await deps.provider.chargeCard({
    token: card.providerToken,
    amount: order.finalTotal,
    currencyCode: order.currencyCode,
    context: await attemptContext(deps, payer, order, "charge"),
  });
  const payment = await recordPayment(deps, order, tx.transactionID, card.id);
  await applyOutcome(deps, order, payment, tx);
  return answerOf(deps, await reload(deps, payment), null);
}

/** The order's pending payment whose card page the processor still has open, with that page. */
async function openCardPage(deps: PaymentDeps, order: OrderRow) {
  const latest = await findLatestOrderPayment(deps.db, order.id, undefined);
  if (latest?.status !== "PENDING" || latest.provider !== deps.provider.name || latest.savedCardId !== null)
    return null;
  const session = await deps.provider.reopen(latest.providerPaymentId);
  return session ? { payment: latest, session } : null;
}

/**
 * payment/create: a saved card is charged at once; otherwise the customer is sent to the card page,
 * the one still open when the processor keeps it (a repeated request opens no second one).
 */
export async function createOrderPayment(
  deps: PaymentDeps,
  payer: Payer,
  input: { orderId: number; returnUrl: string; paymentMethod?: string | undefined; locale: Locale | null },
): Promise<PaymentAnswer> {
  const order = await findCustomerOrder(deps.db, payer, input.orderId);
  assertPayable(order);
  const cardId = savedCardIdOf(input.paymentMethod, order);
  if (cardId !== null) return chargeSavedCard(deps, payer, order, cardId);
  const open = await openCardPage(deps, order);
  if (open) return answerOf(deps, open.payment, open.session.redirectUrl);
  await voidPendingPayments(deps, order);
  const session = await deps.provider.createPayment({
    amount: order.finalTotal,
    currencyCode: order.currencyCode,
    returnUrl: input.returnUrl,
    locale: input.locale,
    context: await attemptContext(deps, payer, order, "page"),
  });
  const payment = await recordPayment(deps, order, session.transactionID, null);
  return answerOf(deps, payment, session.redirectUrl);
}

/** payment-intent/create: the client-side flow, always with a saved card (the default one if none is named). */
export async function createPaymentIntent(
  deps: PaymentDeps,
  owner: Payer,
  input: { orderId: number; paymentMethod?: string | undefined },
): Promise<PaymentAnswer> {
  const order = await findCustomerOrder(deps.db, owner, input.orderId);
  assertPayable(order);
  const named = input.paymentMethod === undefined ? null : SAVED_CARD.exec(input.paymentMethod);
  if (input.paymentMethod !== undefined && !named)
    throw paymentError("A payment intent needs a saved card, card:<id>", "UNKNOWN_PAYMENT_METHOD");
  const cardId = named ? Number(named[1]) : (await preferredSavedCard(deps.db, owner))?.id;
  if (cardId === undefined) throw paymentError("There is no saved card to pay with", "NO_SAVED_CARD");
  return chargeSavedCard(deps, owner, order, cardId);
}

async function findOrderPayment(deps: PaymentDeps, order: OrderRow, transactionID: string | undefined) {
  const payment = await findLatestOrderPayment(deps.db, order.id, transactionID);
  if (!payment) throw new AppError(404, "PaymentNotFoundException", `No such payment of order ${order.id}`);
  return payment;
}

/** payment/authorize: asks the provider how the payment ended and applies it; a settled one is answered as it is. */
export async function authorizeOrderPayment(
  deps: PaymentDeps,
  owner: CardOwner,
  input: { orderId: number; transactionID: string },
): Promise<PaymentAnswer> {
  const order = await findCustomerOrder(deps.db, owner, input.orderId);
  const payment = await findOrderPayment(deps, order, input.transactionID);
  if (payment.status === "PENDING") {
    const tx = await deps.provider.authorize(payment.providerPaymentId);
    await applyOutcome(
      deps,
      order,
      payment,
      tx ?? { ...asTransaction(payment), status: "ERROR", failureReason: "The provider has no such payment" },
    );
  }
  return answerOf(deps, await reload(deps, payment), null);
}

/**
 * payment/cancel (the customer left the card page): a pending payment is canceled and the order stays
 * CREATED for another attempt. One the customer paid after all is counted instead, never given back.
 */
export async function cancelOrderPayment(
  deps: PaymentDeps,
  owner: CardOwner,
  input: { orderId: number; transactionID?: string | undefined },
): Promise<PaymentAnswer> {
  const order = await findCustomerOrder(deps.db, owner, input.orderId);
  const payment = await findOrderPayment(deps, order, input.transactionID);
  if (payment.status !== "PENDING" && payment.status !== "CANCELED")
    throw paymentError(
      `The payment is ${payment.status}: only a pending payment can be canceled`,
      "NOT_PENDING",
    );
  if (payment.status === "PENDING") await endPendingPayment(deps, order, payment);
  return answerOf(deps, await reload(deps, payment), null);
}

const unreachable = (error: unknown) =>
  error instanceof AppError && error.type === "PaymentProviderUnavailableException";

/**
 * payment/cash: the customer pays an order still waiting for its online payment in cash on delivery
 * instead (the card page could not be opened, the card keeps being declined), where the locality
 * takes cash and up to its cash limit; the order goes on to the kitchen as a cash order does.
 * Pending card pages are closed first: one the customer did pay pays the order (a 400
 * PaymentException ALREADY_PAID).
 * A processor out of reach leaves them to expire; a payment landing on one later finds the order no
 * longer waiting and is given back (`applyOutcome`).
 */
export async function payInCash(
  deps: PaymentDeps,
  owner: CardOwner,
  input: { orderId: number },
): Promise<OrderRow> {
  const order = await findCustomerOrder(deps.db, owner, input.orderId);
  assertPayable(order);
  const locality = await findLocalityById(deps.db, order.localityId);
  if (!(locality.params.paymentTypes ?? DEFAULT_PAYMENT_TYPES).includes("CASH"))
    throw new AppError(
      400,
      "InvalidPaymentTypeException",
      "This city takes no cash: choose another way to pay",
      {
        errorCode: "CASH_NOT_TAKEN",
      },
    );
  const maxCash = locality.params.maxCashOrderMinor;
  if (maxCash !== undefined && order.finalTotal > maxCash)
    throw new AppError(400, "InvalidCashAmountException", "The maximum cash order amount is reached", {
      errorCode: "INVALID_CASH_AMOUNT",
    });
  try {
    await voidPendingPayments(deps, order);
  } catch (error) {
    if (!unreachable(error)) throw error;
  }
  const { order: moved } = await changeOrderStatus(deps.outcome, {
    orderId: order.id,
    to: "WAITING_APPROVAL",
    actor: "SYSTEM",
    now: deps.now(),
    paysInCash: true,
  });
  return moved;
}

/**
 * Gives back what was taken for an order that ends undelivered: each authorised payment is refunded
 * at the provider and marked CANCELED. Answers whether there was one. (For order cancellation.)
 */
export async function refundOrderPayments(
  deps: Pick<PaymentDeps, "db" | "provider" | "now">,
  orderId: number,
): Promise<boolean> {
  const paid = await listOrderPayments(deps.db, orderId, "AUTHORIZED");
  for (const payment of paid) {
    await deps.provider.cancel(payment.providerPaymentId);
    await markPaymentCanceled(deps.db, payment.id, { failureReason: "Refunded", now: deps.now() });
  }
  return paid.length > 0;
}

/** Payments as the order's outcome sees them (its `OrderPayments` port): the refund of an order. */
export function orderRefunds(deps: {
  db: Database;
  providers: Pick<PaymentProviders, "forPartner">;
  now: () => Date;
}): OrderPayments {
  return {
    refund: async (order) =>
      refundOrderPayments(
        { db: deps.db, provider: await deps.providers.forPartner(order.partnerId), now: deps.now },
        order.id,
      ),
  };
}
