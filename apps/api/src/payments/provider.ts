import type { Locale } from "@storefront/domain";
import type { PaymentStatus } from "@storefront/domain/contract";

/** A card the provider keeps for later charges: its token and what may be shown of it. */
export interface ProviderCard {
  token: string;
  last4: string | null;
  brand: string | null;
}

/** A payment as the provider sees it. */
export interface ProviderTransaction {
  transactionID: string;
  status: PaymentStatus;
  /** What the payment is for, in minor units: checked against the order before it counts as paid. */
  amount: number;
  currencyCode: string;
  /** Set when the customer asked the card page to remember the card. */
  card: ProviderCard | null;
  failureReason: string | null;
}

/** A card binding as the provider sees it: the saved card once AUTHORIZED. */
export interface ProviderBinding {
  transactionID: string;
  status: PaymentStatus;
  /** The return URL the binding was started with, as the provider recorded it. */
  returnUrl: string;
  card: ProviderCard | null;
}

/** A session on the provider's hosted card page. */
export interface HostedSession {
  transactionID: string;
  redirectUrl: string;
}

/**
 * What the storefront needs from a card processor. Amounts are integer minor units. The hosted page
 * sends the customer back to `returnUrl` with `transactionID` and `status` appended; the storefront
 * trusts only what `authorize` then answers.
 */
export interface PaymentProvider {
  readonly name: string;
  /** Whether card methods are offered at all (false when the deployment has no processor). */
  readonly takesCards: boolean;
  /** Opens the hosted card page for a payment, in the customer's language when known. */
  createPayment(input: {
    amount: number;
    currencyCode: string;
    returnUrl: string;
    locale?: Locale | null;
  }): Promise<HostedSession>;
  /** Charges a saved card at once, without a page. */
  chargeCard(input: { token: string; amount: number; currencyCode: string }): Promise<ProviderTransaction>;
  /** The payment's state (authorised on the page, or still pending); null when the provider has no such payment. */
  authorize(transactionID: string): Promise<ProviderTransaction | null>;
  /** Cancels a pending payment, or refunds an authorised one; either way it ends CANCELED. */
  cancel(transactionID: string): Promise<ProviderTransaction | null>;
  /** Opens the hosted card page to save a card without paying, in the customer's language when known. */
  startBinding(input: {
    currencyCode: string;
    returnUrl: string;
    locale?: Locale | null;
  }): Promise<HostedSession>;
  /** The binding's outcome; null when the provider has no such binding. */
  readBinding(transactionID: string): Promise<ProviderBinding | null>;
  /** Forgets a saved card's token: later charges with it fail. */
  forgetCard(token: string): Promise<void>;
}
