import { randomUUID } from "node:crypto";
import type { Locale } from "@storefront/domain";
import type { PaymentStatus } from "@storefront/domain/contract";
import { isPartnerUser } from "../accounts/users-repository.ts";
import type { LocalityRow } from "../catalogue/localities.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { assertPartnerActive } from "../plugins/partner.ts";
import { findPartnerOfCode } from "../plugins/partner-repository.ts";
import { CARD_PAGE_OPTION } from "./order-payments.ts";
import type { PaymentProvider } from "./provider.ts";
import { type CardOwner, saveCard } from "./saved-cards-repository.ts";

/** Where the card page sends the customer back after saving a card; see completeCardBinding. */
export const BIND_RESULT_PATH = "/api/customer/me/cards/bind-result";

/**
 * Opens the provider's card page to save a card. The return URL names the partner and the customer,
 * and the provider keeps it with the binding, so the result is only ever kept for that customer.
 */
export async function startCardBinding(
  provider: PaymentProvider,
  input: {
    partnerCode: string;
    userId: number;
    locality: LocalityRow;
    paymentOptionCode: string;
    returnPath: string;
    /** The customer's interface language, which the card page speaks; else the browser's. */
    locale: Locale | null;
    /** The partner's storefront origin, where the card page sends the customer back. */
    storefront: string;
  },
): Promise<string> {
  const online = (input.locality.params.paymentTypes ?? []).includes("ONLINE");
  if (!online || input.paymentOptionCode !== CARD_PAGE_OPTION)
    throw new AppError(400, "PaymentException", `Unknown payment option '${input.paymentOptionCode}'`, {
      errorCode: "UNKNOWN_PAYMENT_OPTION",
    });
  const query = new URLSearchParams({
    partner: input.partnerCode,
    customer: String(input.userId),
    returnPath: input.returnPath,
  });
  const session = await provider.startBinding({
    currencyCode: input.locality.currencyCode,
    returnUrl: new URL(`${BIND_RESULT_PATH}?${query}`, input.storefront).href,
    locale: input.locale,
    context: {
      partnerCode: input.partnerCode,
      payer: { partnerId: input.locality.partnerId, userId: input.userId },
      // Saving a card takes no money: each request may open a page of its own.
      idempotencyKey: `${input.partnerCode}-bind-${input.userId}-${randomUUID()}`,
    },
  });
  return session.redirectUrl;
}

/** The partner a binding's return names; a suspended one answers its 423. */
export async function findPartnerByCode(db: Database, code: string) {
  const partner = await findPartnerOfCode(db, code);
  if (partner) assertPartnerActive(partner);
  return partner;
}

/** Who the binding was started for, from the return URL the provider recorded. */
function startedFor(returnUrl: string): { partner: string | null; customer: number } {
  const query = new URL(returnUrl, "http://return.invalid").searchParams;
  return { partner: query.get("partner"), customer: Number(query.get("customer")) };
}

/** Keeps the card of a finished binding for the customer who started it; a second call changes nothing. */
export async function completeCardBinding(
  deps: { db: Database; provider: PaymentProvider },
  owner: CardOwner & { partnerCode: string },
  transactionID: string,
): Promise<{ status: PaymentStatus; cardId: number | null }> {
  const binding = await deps.provider.readBinding(transactionID);
  const origin = binding ? startedFor(binding.returnUrl) : null;
  if (!binding || origin?.partner !== owner.partnerCode || origin.customer !== owner.userId)
    return { status: "ERROR", cardId: null };
  if (binding.status !== "AUTHORIZED" || !binding.card) return { status: binding.status, cardId: null };
  const card = await saveCard(deps.db, owner, deps.provider.name, binding.card);
  return { status: "AUTHORIZED", cardId: card.id };
}

/**
 * A binding the processor says is finished (Stripe's webhook): the card is kept for the partner's
 * customer who started it, even when they never came back to the storefront; their return later
 * finds it kept. Answers whether a card was kept.
 */
export async function keepFinishedBinding(
  deps: { db: Database; provider: PaymentProvider },
  partner: { id: number; code: string },
  transactionID: string,
): Promise<boolean> {
  const binding = await deps.provider.readBinding(transactionID);
  if (binding?.status !== "AUTHORIZED" || !binding.card) return false;
  const origin = startedFor(binding.returnUrl);
  const owner = { partnerId: partner.id, userId: origin.customer };
  if (origin.partner !== partner.code || !Number.isSafeInteger(owner.userId)) return false;
  if (!(await isPartnerUser(deps.db, partner.id, owner.userId))) return false;
  await saveCard(deps.db, owner, deps.provider.name, binding.card);
  return true;
}
