import { maskCardNumber, type paymentMethodSchema } from "@storefront/domain/contract";
import type { z } from "zod";
import type { LocalityRow } from "../catalogue/localities.ts";
import type { Database } from "../db/client.ts";
import { CARD_PAGE_OPTION } from "../payments/order-payments.ts";
import { type CardOwner, listSavedCards, type SavedCardRow } from "../payments/saved-cards.ts";

type PaymentMethod = z.infer<typeof paymentMethodSchema>;

function savedCardMethod(card: SavedCardRow): PaymentMethod {
  const maskedNumber = maskCardNumber(card.last4);
  return {
    code: `card:${card.id}`,
    type: "ONLINE",
    name: `${card.brand ?? "Card"}${maskedNumber.startsWith(" ") ? maskedNumber : ` (${maskedNumber})`}`,
    card: { id: card.id, maskedNumber, isDefault: card.isDefault },
  };
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
  const types = (locality.params.paymentTypes ?? ["CASH"]).filter(
    (type) => type === "CASH" || options.takesCards,
  );
  const methods: PaymentMethod[] = types.map((type) =>
    type === "CASH"
      ? { code: "cash", type, name: "Cash", card: null }
      : { code: CARD_PAGE_OPTION, type, name: "Card", card: null },
  );
  const showCards =
    types.includes("ONLINE") && (locality.params.showStoredCards === true || cards.length > 0);
  return showCards ? [...methods, ...cards.map(savedCardMethod)] : methods;
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
