import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { paymentCustomers, savedCards } from "../db/schema.ts";
import type { CardOwner } from "./saved-cards-repository.ts";

/** The processor's id of the customer (a Stripe Customer id), or null when it has none yet. */
export async function findPaymentCustomer(
  db: Database,
  owner: CardOwner,
  provider: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: paymentCustomers.providerCustomerId })
    .from(paymentCustomers)
    .where(
      and(
        eq(paymentCustomers.partnerId, owner.partnerId),
        eq(paymentCustomers.userId, owner.userId),
        eq(paymentCustomers.provider, provider),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/**
 * Keeps the processor's id of the customer; when two requests made one at once, the first kept
 * wins and is answered to both (the processor made the same one for both: one idempotency key).
 */
export async function keepPaymentCustomer(
  db: Database,
  owner: CardOwner,
  provider: string,
  providerCustomerId: string,
): Promise<string> {
  await db
    .insert(paymentCustomers)
    .values({ ...owner, provider, providerCustomerId })
    .onConflictDoNothing();
  return (await findPaymentCustomer(db, owner, provider)) ?? providerCustomerId;
}

/**
 * Forgets what the partner's customers had at its card processor (their processor customer ids and
 * saved cards), for a processor account that changed: the new one knows none of them.
 */
export async function forgetPartnerPaymentCustomers(db: Database, partnerId: number): Promise<void> {
  await db.delete(savedCards).where(eq(savedCards.partnerId, partnerId));
  await db.delete(paymentCustomers).where(eq(paymentCustomers.partnerId, partnerId));
}
