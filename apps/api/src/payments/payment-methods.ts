import { DEFAULT_PAYMENT_TYPES } from "@storefront/domain";
import { maskCardNumber, type paymentMethodSchema, paymentTypeSchema } from "@storefront/domain/contract";
import type { z } from "zod";
import type { LocalityRow } from "../catalogue/localities.ts";
import type { Database } from "../db/client.ts";
import { CARD_PAGE_OPTION } from "./order-payments.ts";
import type { PaymentProvider } from "./provider.ts";
import { type CardOwner, listSavedCards, type SavedCardRow } from "./saved-cards-repository.ts";

type PaymentMethod = z.infer<typeof paymentMethodSchema>;

function savedCardMethod(card: SavedCardRow): PaymentMethod {
  const maskedCardNumber = maskCardNumber(card.last4);
  return {
    code: `card:${card.id}`,
    type: "ONLINE",
    name: `${card.brand ?? "Card"}${maskedCardNumber.startsWith(" ") ? maskedCardNumber : ` (${maskedCardNumber})`}`,
    card: { id: card.id, maskedCardNumber, default: card.isDefault },
  };
}

type PaymentType = PaymentMethod["type"];

/** What payment-method lists need of the card processor. */
export type CardProcessor = Pick<PaymentProvider, "takesCards" | "takesCurrency">;

/**
 * The payment types a locality takes, less online payment where the deployment has no card
 * processor, or one that does not take the locality's currency.
 */
function takenTypes(locality: LocalityRow, cards: CardProcessor): PaymentType[] {
  const online = cards.takesCards && cards.takesCurrency(locality.currencyCode);
  return (locality.params.paymentTypes ?? [...DEFAULT_PAYMENT_TYPES]).filter(
    (type) => type === "CASH" || online,
  );
}

function methodsOfTypes(types: readonly PaymentType[]): PaymentMethod[] {
  return types.map((type) =>
    type === "CASH"
      ? { code: "cash", type, name: "Cash", card: null }
      : { code: CARD_PAGE_OPTION, type, name: "Card", card: null },
  );
}

/**
 * The ways to pay a locality offers: cash, the card page and, for a customer, their saved cards
 * (when the locality shows stored cards or the customer has one; only where it takes online payment,
 * and only where the deployment has a card processor).
 */
export function paymentMethodsOf(
  locality: LocalityRow,
  options: { processor: CardProcessor; cards?: SavedCardRow[] },
): PaymentMethod[] {
  const cards = options.cards ?? [];
  const types = takenTypes(locality, options.processor);
  const methods = methodsOfTypes(types);
  const showCards =
    types.includes("ONLINE") && (locality.params.showStoredCards === true || cards.length > 0);
  return showCards ? [...methods, ...cards.map(savedCardMethod)] : methods;
}

/** What the partner takes anywhere: each payment type some locality of the partner accepts, once. */
export function partnerPaymentMethods(
  localities: readonly LocalityRow[],
  options: { processor: CardProcessor },
): PaymentMethod[] {
  const taken = new Set(localities.flatMap((locality) => takenTypes(locality, options.processor)));
  return methodsOfTypes(paymentTypeSchema.options.filter((type) => taken.has(type)));
}

/** The methods of a locality for a signed-in customer, saved cards included. */
export async function customerPaymentMethods(
  db: Database,
  locality: LocalityRow,
  owner: CardOwner,
  processor: CardProcessor,
): Promise<PaymentMethod[]> {
  return paymentMethodsOf(locality, { processor, cards: await listSavedCards(db, owner) });
}
