import { INVOICE_EMAILS_PER_CUSTOMER_PER_HOUR } from "@storefront/domain";
import type { Database } from "../db/client.ts";
import { withLocks } from "../db/locks.ts";
import { AppError } from "../errors.ts";
import { listInvoiceEmailTimes, recordInvoiceEmail } from "./invoice-emails-repository.ts";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Counts an invoice e-mail against the customer's hourly allowance, or answers 429 with the wait.
 * The count and the record happen under a lock on the customer, so parallel requests cannot
 * together send more than the allowance.
 */
export async function takeInvoiceEmailAllowance(
  db: Database,
  ask: { userId: number; orderId: number; now: Date },
): Promise<void> {
  const { userId, orderId, now } = ask;
  await withLocks(db, [["invoiceEmails", String(userId)]], async (tx) => {
    const lastHour = await listInvoiceEmailTimes(tx, userId, new Date(now.getTime() - HOUR_MS));
    const limit = INVOICE_EMAILS_PER_CUSTOMER_PER_HOUR;
    if (lastHour.length >= limit) {
      const freedAt = (lastHour[lastHour.length - limit]?.getTime() ?? now.getTime()) + HOUR_MS;
      const seconds = Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000));
      throw new AppError(
        429,
        "TooManyRequestsException",
        `At most ${limit} invoices can be e-mailed in an hour. Please try again in ${seconds} s.`,
        { retryAfterSeconds: seconds },
      );
    }
    await recordInvoiceEmail(tx, { userId, orderId, sentAt: now });
  });
}
