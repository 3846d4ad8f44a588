import type { PaymentStatus } from "@storefront/domain/contract";
import { and, count, desc, eq, isNull, lt, ne, or } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { orders, partners, payments } from "../db/schema.ts";
import type { Partner } from "../plugins/partner-repository.ts";

export type PaymentRow = typeof payments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

export async function findPayment(db: Database, id: number): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row ?? null;
}

/** How many payments the order has had, whatever became of them. */
export async function countOrderPayments(db: Database, orderId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(payments).where(eq(payments.orderId, orderId));
  return row?.n ?? 0;
}

/** A payment by the processor's id of it (transactionID) or of the money it took (its reference). */
export async function findPaymentOfProvider(
  db: Database,
  provider: string,
  id: { transactionID: string } | { reference: string },
): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.provider, provider),
        "transactionID" in id
          ? eq(payments.providerPaymentId, id.transactionID)
          : eq(payments.providerReference, id.reference),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** What the processor reports refunded of a payment, in minor units (it only ever grows). */
export async function recordRefundedAmount(
  db: Database,
  paymentId: number,
  input: { refunded: number; now: Date },
): Promise<void> {
  await db
    .update(payments)
    .set({ refundedAmount: input.refunded, updatedAt: input.now })
    .where(and(eq(payments.id, paymentId), lt(payments.refundedAmount, input.refunded)));
}

/** The order's payments in this status. */
export async function listOrderPayments(
  db: Database,
  orderId: number,
  status: PaymentStatus,
): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, status)));
}

/** The order's latest payment, or its payment of this provider transaction; null when none. */
export async function findLatestOrderPayment(
  db: Database,
  orderId: number,
  transactionID: string | undefined,
): Promise<PaymentRow | null> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        transactionID === undefined ? undefined : eq(payments.providerPaymentId, transactionID),
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return payment ?? null;
}

export async function insertPayment(db: Database, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [payment] = await db.insert(payments).values(values).returning();
  return payment as PaymentRow;
}

/** Ends a payment still PENDING with this status; null when it was settled already. */
export async function settlePendingPayment(
  db: Database,
  paymentId: number,
  outcome: { status: PaymentStatus; failureReason: string | null; reference?: string | null; now: Date },
): Promise<PaymentRow | null> {
  const [settled] = await db
    .update(payments)
    .set({
      status: outcome.status,
      failureReason: outcome.failureReason,
      ...(outcome.reference ? { providerReference: outcome.reference } : {}),
      updatedAt: outcome.now,
    })
    .where(and(eq(payments.id, paymentId), eq(payments.status, "PENDING")))
    .returning();
  return settled ?? null;
}

/** Marks a payment given back (CANCELED) with the reason, whatever its status was. */
export async function markPaymentCanceled(
  db: Database,
  paymentId: number,
  input: { failureReason: string; now: Date },
): Promise<void> {
  await db
    .update(payments)
    .set({ status: "CANCELED", failureReason: input.failureReason, updatedAt: input.now })
    .where(eq(payments.id, paymentId));
}

/**
 * Sets the payment status of an order that still waits for money (CREATED and not already paid by
 * another attempt); null when it no longer waits.
 */
export async function setAwaitedOrderPaymentStatus(
  db: Database,
  orderId: number,
  input: { status: PaymentStatus; now: Date },
): Promise<OrderRow | null> {
  const [updated] = await db
    .update(orders)
    .set({ paymentStatus: input.status, updatedAt: input.now })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, "CREATED"),
        eq(orders.paymentType, "ONLINE"),
        or(isNull(orders.paymentStatus), ne(orders.paymentStatus, "AUTHORIZED")),
      ),
    )
    .returning();
  return updated ?? null;
}

/** The partner of the order a provider transaction pays, or null. */
export async function findPartnerOfPayment(db: Database, providerPaymentId: string): Promise<Partner | null> {
  const [found] = await db
    .select({ partner: partners })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(partners, eq(partners.id, orders.partnerId))
    .where(eq(payments.providerPaymentId, providerPaymentId))
    .limit(1);
  return found?.partner ?? null;
}
