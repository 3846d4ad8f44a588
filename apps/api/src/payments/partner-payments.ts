import { type Locale, pickText } from "@storefront/domain";
import type { PartnerPayments } from "@storefront/domain/contract";
import { listLocalities } from "../catalogue/localities-repository.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { knownPartner } from "../partners/known-partner.ts";
import {
  deletePartnerPaymentAccount,
  findPartnerPaymentAccount,
  savePartnerPaymentAccount,
} from "./partner-payment-accounts-repository.ts";
import { forgetPartnerPaymentCustomers } from "./payment-customers-repository.ts";
import type { PaymentProviders } from "./payment-providers.ts";
import { stripeAccountOf } from "./stripe-gateway.ts";

/** Which processor the partner uses now, and which of its cities it leaves cash only. */
export async function describePartnerPayments(
  db: Database,
  providers: PaymentProviders,
  code: string,
  reader: Locale | null = null,
): Promise<PartnerPayments> {
  const partner = await knownPartner(db, code);
  const account = await findPartnerPaymentAccount(db, partner.id);
  const provider = await providers.forPartner(partner.id);
  const cities = await listLocalities(db, partner.id);
  return {
    code: partner.code,
    account: account ? "own" : "deployment",
    provider: provider.name,
    keyHint: account?.keyHint ?? null,
    cashOnlyCities: cities
      .filter((city) => !provider.takesCards || !provider.takesCurrency(city.currencyCode))
      .map((city) => ({
        localityCode: city.code,
        name: pickText(city.name, reader, city.lang as Locale),
        currencyCode: city.currencyCode,
      })),
  };
}

/**
 * Gives a partner its own Stripe account: the keys sealed at rest (PAYMENT_KEYS_SECRET), used from
 * the next payment on; its cities in a currency Stripe does not take stay cash only (named in the
 * answer). Without PAYMENT_KEYS_SECRET the deployment keeps no partner's keys: a 409 saying so.
 * The secret key is checked with Stripe first (a refused key is a 400). Keys of another account
 * than before forget the customers' Stripe Customers and saved cards, which that account does not
 * know; new keys of the same account (a rolled key) keep them.
 */
export async function setPartnerStripeAccount(
  db: Database,
  providers: PaymentProviders,
  input: { code: string; secretKey: string; webhookSecret: string; now: Date; reader: Locale | null },
): Promise<PartnerPayments> {
  const partner = await knownPartner(db, input.code);
  const vault = providers.vault;
  if (!vault)
    throw new AppError(409, "PaymentException", "Set PAYMENT_KEYS_SECRET to keep partners' own keys", {
      errorCode: "NO_KEYS_SECRET",
    });
  const accountId = await stripeAccountOf({ secretKey: input.secretKey, apiUrl: providers.stripeApiUrl });
  const before = await findPartnerPaymentAccount(db, partner.id);
  await db.transaction(async (tx) => {
    await savePartnerPaymentAccount(tx, {
      partnerId: partner.id,
      provider: "stripe",
      secretKeySealed: vault.seal(input.secretKey),
      webhookSecretSealed: vault.seal(input.webhookSecret),
      keyHint: input.secretKey.slice(-4),
      accountId,
      updatedAt: input.now,
    });
    if (before?.accountId !== accountId) await forgetPartnerPaymentCustomers(tx, partner.id);
  });
  providers.forget(partner.id);
  return describePartnerPayments(db, providers, input.code, input.reader);
}

/** The partner goes back to the deployment's processor, which knows none of its customers' cards. */
export async function removePartnerStripeAccount(
  db: Database,
  providers: PaymentProviders,
  code: string,
  reader: Locale | null,
): Promise<PartnerPayments> {
  const partner = await knownPartner(db, code);
  await db.transaction(async (tx) => {
    if (await deletePartnerPaymentAccount(tx, partner.id))
      await forgetPartnerPaymentCustomers(tx, partner.id);
  });
  providers.forget(partner.id);
  return describePartnerPayments(db, providers, code, reader);
}
