import type { PaymentAnswer } from "@storefront/domain/contract";
import { endpoints } from "@storefront/domain/endpoints";
import { clientSend } from "./api.client.ts";
import type { useStorefront } from "./storefront.ts";

type PaymentCall = Parameters<typeof endpoints.customer.payment>[1];
type Client = ReturnType<typeof useStorefront>["client"];
/** A payment call's answer, or the error's type. */
export type PaymentOutcome = { ok: true; answer: PaymentAnswer } | ({ ok: false } & PaymentFailure);
/** A failed call's error type. */
export type PaymentFailure = { type: string | null };

/**
 * What the payment page says of a call that failed, in the customer's words (the API's message is
 * English): the card processor out of reach (the order stays payable), cash refused above the
 * locality's limit, else that something went wrong.
 */
export function paymentFailureText(
  outcome: PaymentFailure,
  t: (key: "payment.unavailable" | "checkout.invalidCashAmount" | "alert.somethingWentWrong") => string,
): string {
  if (outcome.type === "PaymentProviderUnavailableException") return t("payment.unavailable");
  if (outcome.type === "InvalidCashAmountException") return t("checkout.invalidCashAmount");
  return t("alert.somethingWentWrong");
}

/**
 * The spec's payment calls for one order, from the browser: payment/create (the card page),
 * payment-intent/create (a saved card, no page), payment/authorize (back from the page) and
 * payment/cancel (the customer left the page).
 */
export function orderPayment(client: Client, locale: string, orderId: number) {
  const send = async (call: PaymentCall, body: object): Promise<PaymentOutcome> => {
    const sent = await clientSend(client, endpoints.customer.payment(orderId, call), locale, body);
    return sent.ok ? { ok: true, answer: sent.body } : { ok: false, type: sent.error?.type ?? null };
  };
  return {
    /** Opens the card page, which returns to `returnUrl` with ?transactionID=…&status=…. */
    create: (returnUrl: string) => send("payment/create", { returnUrl }),
    /** Pays with a saved card at once (card:<id>). */
    intent: (paymentMethod: string) => send("payment-intent/create", { paymentMethod }),
    authorize: (transactionID: string) => send("payment/authorize", { transactionID }),
    /** Without a transactionID: the order's latest payment. */
    cancel: (transactionID?: string) => send("payment/cancel", transactionID ? { transactionID } : {}),
    /** Pays in cash instead: the order goes on to the kitchen as a cash order. */
    cash: async (): Promise<PaymentFailure | null> => {
      const sent = await clientSend(client, endpoints.customer.payInCash(orderId), locale, {});
      return sent.ok ? null : { type: sent.error?.type ?? null };
    },
  };
}
