import { count } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { orders } from "../db/schema.ts";

/** How many orders of the whole deployment are in each status now: one GROUP BY, read per scrape. */
export async function countOrdersByStatus(db: Database): Promise<Array<{ status: string; orders: number }>> {
  return db.select({ status: orders.status, orders: count() }).from(orders).groupBy(orders.status);
}
