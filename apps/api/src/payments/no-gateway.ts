import { AppError } from "../errors.ts";
import type { PaymentProvider } from "./provider.ts";

const unavailable = () =>
  new AppError(
    409,
    "PaymentMethodUnavailableException",
    "Card payments are not available. Please pay in cash.",
    {
      details: [{ field: "paymentMethod", message: "no card processor is set up" }],
    },
  );

/**
 * The processor of a deployment that has none: production without the sandbox. No card method is
 * offered, and anything that would take a card is refused rather than faked.
 */
export function noGateway(): PaymentProvider {
  return {
    name: "none",
    takesCards: false,
    takesCurrency: () => false,
    createPayment: async () => Promise.reject(unavailable()),
    reopen: async () => null,
    chargeCard: async () => Promise.reject(unavailable()),
    refund: async () => Promise.reject(unavailable()),
    startBinding: async () => Promise.reject(unavailable()),
    authorize: async () => null,
    cancel: async () => null,
    readBinding: async () => null,
    forgetCard: async () => {},
  };
}
