import { DEFAULT_PAYMENT_TYPES } from "@storefront/domain";
import { maskCardNumber, type paymentMethodSchema, paymentTypeSchema } from "@storefront/domain/contract";
import type { z } from "zod";
import type { LocalityRow } from "../catalogue/localities.ts";
import type { Database } from "../db/client.ts";
import { CARD_PAGE_OPTION } from "./order-payments.ts";
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

/** The payment types a locality takes, less online payment where the deployment has no card processor. */
function takenTypes(locality: LocalityRow, takesCards: boolean): PaymentType[] {
  return (locality.params.paymentTypes ?? [...DEFAULT_PAYMENT_TYPES]).filter(
    (type) => type === "CASH" || takesCards,
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
  options: { takesCards: boolean; cards?: SavedCardRow[] },
): PaymentMethod[] {
  const cards = options.cards ?? [];
  const types = takenTypes(locality, options.takesCards);
  const methods = methodsOfTypes(types);
  const showCards =
    types.includes("ONLINE") && (locality.params.showStoredCards === true || cards.length > 0);
  return showCards ? [...methods, ...cards.map(savedCardMethod)] : methods;
}

/** What the partner takes anywhere: each payment type some locality of the partner accepts, once. */
export function partnerPaymentMethods(
  localities: readonly LocalityRow[],
  options: { takesCards: boolean },
): PaymentMethod[] {
  const taken = new Set(localities.flatMap((locality) => takenTypes(locality, options.takesCards)));
  return methodsOfTypes(paymentTypeSchema.options.filter((type) => taken.has(type)));
}

/** The methods of a locality for a signed-in customer, saved cards included. */
export async function customerPaymentMethods(
  db: Database,
  locality: LocalityRow,
  owner: CardOwner,
  takesCards: boolean,
): Promise<PaymentMethod[]> {
  return paymentMethodsOf(locality, { takesCards, cards: await listSavedCards(db, owner) });
}
