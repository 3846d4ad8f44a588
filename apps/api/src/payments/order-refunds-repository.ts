import { and, eq, inArray, ne, sum } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { orderRefunds, payments, users } from "../db/schema.ts";
import type { PaymentRow } from "./payments-repository.ts";

export type OrderRefundRow = typeof orderRefunds.$inferSelect;

export async function findRefundByKey(db: Database, requestKey: string): Promise<OrderRefundRow | null> {
  const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.requestKey, requestKey)).limit(1);
  return row ?? null;
}

/** The order's authorised payment, the one its partial refunds come out of; null when none. */
export async function findPaidPayment(db: Database, orderId: number): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "AUTHORIZED")))
    .limit(1);
  return row ?? null;
}

/** What the partner has given back of a payment, or is giving back now (failed refunds aside). */
async function refundedOf(db: Database, paymentId: number): Promise<number> {
  const [row] = await db
    .select({ total: sum(orderRefunds.amount) })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.paymentId, paymentId), ne(orderRefunds.status, "FAILED")));
  return Number(row?.total ?? 0);
}

/**
 * Takes a refund of a payment once what is left allows it: the payment row is locked while what is
 * left is worked out and the refund written, so two refunds at once never give back more than was
 * paid. Answers null (nothing written) when `allows` refuses what is left.
 */
export async function reserveRefund(
  db: Database,
  input: {
    payment: PaymentRow;
    row: Omit<typeof orderRefunds.$inferInsert, "status" | "paymentId">;
    allows: (left: { refunded: number; reported: number }) => void;
  },
): Promise<OrderRefundRow> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ reported: payments.refundedAmount })
      .from(payments)
      .where(eq(payments.id, input.payment.id))
      .for("update");
    input.allows({ refunded: await refundedOf(tx, input.payment.id), reported: locked?.reported ?? 0 });
    const [row] = await tx
      .insert(orderRefunds)
      .values({ ...input.row, paymentId: input.payment.id, status: "PENDING" })
      .returning();
    return row as OrderRefundRow;
  });
}

/** Ends a refund as the processor answered. */
export async function settleRefund(
  db: Database,
  id: number,
  outcome: { status: "SUCCEEDED" | "FAILED"; providerRefundId: string | null },
): Promise<OrderRefundRow> {
  const [row] = await db
    .update(orderRefunds)
    .set({ status: outcome.status, providerRefundId: outcome.providerRefundId })
    .where(eq(orderRefunds.id, id))
    .returning();
  return row as OrderRefundRow;
}

/** Per order, what may still be refunded of its authorised payment: paid, refunded, reported (one query). */
export async function listRefundFacts(db: Database, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  const given = db
    .select({ paymentId: orderRefunds.paymentId, total: sum(orderRefunds.amount).as("total") })
    .from(orderRefunds)
    .where(ne(orderRefunds.status, "FAILED"))
    .groupBy(orderRefunds.paymentId)
    .as("given");
  const rows = await db
    .select({
      orderId: payments.orderId,
      paid: payments.amount,
      reported: payments.refundedAmount,
      refunded: given.total,
    })
    .from(payments)
    .leftJoin(given, eq(given.paymentId, payments.id))
    .where(and(inArray(payments.orderId, orderIds), eq(payments.status, "AUTHORIZED")));
  return rows.map((row) => ({ ...row, refunded: Number(row.refunded ?? 0) }));
}

/** Where and in which language to tell the customer: their e-mail (else the order's invoice e-mail). */
export async function findRefundRecipient(db: Database, userId: number) {
  const [user] = await db
    .select({ email: users.email, lang: users.lang })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user ?? null;
}
