import { BROKEN_CARD } from "@storefront/domain";
import type { MessageKey } from "./i18n.ts";

/**
 * A saved card as the customer reads it: " ****4242" after its brand, or the spec's 'broken card'
 * in their language when the processor sent no last digits.
 */
export function cardNumberText(
  card: { maskedCardNumber: string; brand?: string | null },
  t: (key: MessageKey) => string,
): string {
  if (card.maskedCardNumber === BROKEN_CARD) {
    return card.brand ? `${card.brand} (${t("cards.broken")})` : t("cards.broken");
  }
  return `${card.brand ?? ""}${card.maskedCardNumber}`.trim();
}
