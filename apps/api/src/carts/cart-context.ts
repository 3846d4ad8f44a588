import type { CartPricing, CartValidationResult, Locale, LoyaltyProgramme } from "@storefront/domain";
import type { CartResponse } from "@storefront/domain/contract";
import type { LocalityRow } from "../catalogue/localities.ts";
import type { Partner } from "../plugins/partner.ts";

/** What a cart is read in: whose cart, in which locality and language, at what time. */
export interface CartContext {
  partner: Partner;
  locality: LocalityRow;
  reader: Locale | null;
  now: Date;
  userId: number | null;
  /**
   * The owner's loyalty points in the city (`pointsForCart`): what the cart may spend when it asks
   * to; null for a guest.
   */
  points: { programme: LoyaltyProgramme; balance: number } | null;
}

/** The cart as the customer sees it, with what the API needs beyond the JSON. */
export interface EvaluatedCart {
  response: CartResponse;
  pricing: CartPricing;
  validation: CartValidationResult;
}
