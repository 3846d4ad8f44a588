import { and, asc, eq, gt } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { invoiceEmails } from "../db/schema.ts";

/** When the customer's invoice e-mails after `since` were sent, oldest first. */
export async function listInvoiceEmailTimes(db: Database, userId: number, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ sentAt: invoiceEmails.sentAt })
    .from(invoiceEmails)
    .where(and(eq(invoiceEmails.userId, userId), gt(invoiceEmails.sentAt, since)))
    .orderBy(asc(invoiceEmails.sentAt));
  return rows.map((row) => row.sentAt);
}

export async function recordInvoiceEmail(
  db: Database,
  sent: { userId: number; orderId: number; sentAt: Date },
): Promise<void> {
  await db.insert(invoiceEmails).values(sent);
}
