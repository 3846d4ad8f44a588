import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { users } from "../db/schema.ts";

/** What an invoice says of its customer and reads their language from; null when the account is gone. */
export async function findInvoiceCustomer(db: Database, userId: number) {
  const [customer] = await db
    .select({ name: users.name, phone: users.phone, lang: users.lang })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return customer ?? null;
}
