import { fromStripeAmount } from "@storefront/domain";
import type Stripe from "stripe";
import { returnPointsAfterRefunds } from "../accounts/loyalty-points.ts";
import type { OrderRow } from "../orders/orders.ts";
import { findOrderById } from "../orders/orders-repository.ts";
import { keepFinishedBinding } from "./card-binding.ts";
import { markEventApplied, wasEventApplied } from "./payment-events-repository.ts";
import { applyOutcome, type PaymentDeps } from "./payment-outcome.ts";
import {
  findLatestOrderPayment,
  findPaymentOfProvider,
  type PaymentRow,
  recordRefundedAmount,
} from "./payments-repository.ts";
import { STRIPE_PROVIDER } from "./stripe-gateway.ts";

/**
 * What became of an event: applied (or nothing to do), seen before (a replay: nothing changes), or
 * about a payment not recorded yet (the order's transaction has not committed): Stripe sends it again.
 */
export type EventOutcome = "applied" | "duplicate" | "not-yet";

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/** The payment an event is about: by the id we recorded, the money it took, or its order's latest. */
async function paymentOf(
  deps: PaymentDeps,
  ids: { transactionID?: string | null; reference?: string | null; order?: string | undefined },
): Promise<PaymentRow | null> {
  const { db } = deps;
  const { transactionID, reference } = ids;
  const found =
    (transactionID ? await findPaymentOfProvider(db, STRIPE_PROVIDER, { transactionID }) : null) ??
    (reference ? await findPaymentOfProvider(db, STRIPE_PROVIDER, { reference }) : null);
  if (found || !ids.order || !/^\d{1,10}$/.test(ids.order)) return found;
  const latest = await findLatestOrderPayment(db, Number(ids.order), undefined);
  return latest?.provider === STRIPE_PROVIDER ? latest : null;
}

/**
 * Settles a pending payment as Stripe answers for it now (the event only says when to ask): an
 * order paid on the card page moves on even when the customer never came back to the storefront.
 */
async function settle(deps: PaymentDeps, payment: PaymentRow): Promise<void> {
  if (payment.status !== "PENDING") return;
  const order = (await findOrderById(deps.db, payment.orderId)) as OrderRow;
  const tx = await deps.provider.authorize(payment.providerPaymentId);
  if (tx) await applyOutcome(deps, order, payment, tx);
}

/** The partner whose host the event came to. */
type EventPartner = { id: number; code: string };

async function applyEvent(
  deps: PaymentDeps,
  partner: EventPartner,
  event: Stripe.Event,
): Promise<EventOutcome> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
    case "checkout.session.expired": {
      const session = event.data.object;
      // A card saved on the bind form's page is kept even if the customer closed the tab there.
      if (session.mode === "setup" && event.type === "checkout.session.completed")
        await keepFinishedBinding(deps, partner, session.id);
      if (session.mode !== "payment") return "applied";
      const payment = await paymentOf(deps, { transactionID: session.id });
      // A page we opened but have not recorded yet: its request has not committed.
      if (!payment) return session.metadata?.order ? "not-yet" : "applied";
      await settle(deps, payment);
      return "applied";
    }
    case "payment_intent.succeeded":
    case "payment_intent.payment_failed": {
      const intent = event.data.object;
      const payment = await paymentOf(deps, {
        transactionID: intent.id,
        reference: intent.id,
        order: intent.metadata?.order,
      });
      if (!payment)
        return event.type === "payment_intent.succeeded" && intent.metadata?.order ? "not-yet" : "applied";
      // A failed try on the card page leaves it open for another card: only its end settles it.
      if (event.type === "payment_intent.succeeded" || payment.providerPaymentId === intent.id)
        await settle(deps, payment);
      return "applied";
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const intent = idOf(charge.payment_intent);
      const payment = intent ? await paymentOf(deps, { transactionID: intent, reference: intent }) : null;
      if (payment)
        await deps.db.transaction(async (tx) => {
          const now = deps.now();
          await recordRefundedAmount(tx, payment.id, {
            refunded: fromStripeAmount(charge.amount_refunded, charge.currency),
            now,
          });
          // The order's points follow money given back at the processor too (its dashboard's refunds).
          const order = await findOrderById(tx, payment.orderId);
          if (order) await returnPointsAfterRefunds(tx, order, now);
        });
      return "applied";
    }
    default:
      return "applied";
  }
}

/** Applies a verified Stripe event once: a replay of one already applied changes nothing. */
export async function applyStripeEvent(
  deps: PaymentDeps,
  partner: EventPartner,
  event: Stripe.Event,
): Promise<EventOutcome> {
  if (await wasEventApplied(deps.db, STRIPE_PROVIDER, event.id)) return "duplicate";
  const outcome = await applyEvent(deps, partner, event);
  if (outcome === "applied")
    await markEventApplied(deps.db, {
      provider: STRIPE_PROVIDER,
      eventId: event.id,
      partnerId: partner.id,
      type: event.type,
      now: deps.now(),
    });
  return outcome;
}
