import type { ApiError } from "@storefront/domain/contract";
import type { MessageKey } from "./i18n.ts";

/**
 * What a refused cancellation tells the customer: the restaurant took the order meanwhile (the
 * spec's "cannot cancel an order already processing"), or the generic alert; never the API's own
 * English message.
 */
export function cancelRefusalKey(error: ApiError | null): MessageKey {
  return error?.type === "OrderStatusTransitionException"
    ? "order.cancel.tooLate"
    : "alert.somethingWentWrong";
}
