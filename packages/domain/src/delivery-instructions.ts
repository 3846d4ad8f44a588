/** What a grocery item out of stock becomes: one like it, its money back, or a call to ask. */
export const SUBSTITUTIONS = ["SIMILAR", "REFUND", "CALL"] as const;
export type Substitution = (typeof SUBSTITUTIONS)[number];

/** How the customer wants the order handed over, as chosen at checkout. */
export interface DeliveryInstructions {
  /** Leave it at the door: no hand-over in person. */
  contactless: boolean;
  /** The courier calls when at the door. */
  callOnArrival: boolean;
  /** For grocery items out of stock; null when the order has none. */
  substitution: Substitution | null;
}

export const NO_INSTRUCTIONS: DeliveryInstructions = {
  contactless: false,
  callOnArrival: false,
  substitution: null,
};

/** What a customer who asks nothing gets for a grocery item out of stock: one like it. */
export const DEFAULT_SUBSTITUTION: Substitution = "SIMILAR";

/**
 * The instructions an order carries: the door ones only for a delivery (a takeaway is handed over
 * at the counter), the substitution only when the order has grocery items (then one like it unless
 * the customer chose otherwise).
 */
export function instructionsForOrder(
  chosen: DeliveryInstructions,
  order: { receiptType: "DELIVERY" | "TAKEAWAY"; hasGroceries: boolean },
): DeliveryInstructions {
  const delivery = order.receiptType === "DELIVERY";
  return {
    contactless: delivery && chosen.contactless,
    callOnArrival: delivery && chosen.callOnArrival,
    substitution: order.hasGroceries ? (chosen.substitution ?? DEFAULT_SUBSTITUTION) : null,
  };
}
