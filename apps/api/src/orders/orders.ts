import type { Order } from "@storefront/domain/contract";
import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { orderStatusChanges, type orders } from "../db/schema.ts";

export type OrderRow = typeof orders.$inferSelect;

export async function toOrder(db: Database, row: OrderRow): Promise<Order> {
  const history = await db
    .select()
    .from(orderStatusChanges)
    .where(eq(orderStatusChanges.orderId, row.id))
    .orderBy(asc(orderStatusChanges.at), asc(orderStatusChanges.id));
  return {
    id: row.id,
    status: row.status as Order["status"],
    localityCode: row.snapshot.localityCode,
    currencyCode: row.currencyCode,
    receiptType: row.receiptType,
    paymentType: row.paymentType,
    paymentMethod: row.paymentMethod,
    preorderDateTime: row.preorderDateTime,
    withCutlery: row.withCutlery,
    promocode: row.promoCode,
    invoiceEmail: row.invoiceEmail,
    address: row.snapshot.address,
    vendorCarts: row.snapshot.vendorCarts,
    prices: row.snapshot.prices,
    price: row.snapshot.prices.finalTotal,
    createdAt: row.createdAt.toISOString(),
    statusHistory: history.map((h) => ({
      status: h.status as Order["status"],
      at: h.at.toISOString(),
      actor: h.actor,
    })),
  };
}
