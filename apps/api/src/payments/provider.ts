import type { Locale } from "@storefront/domain";
import type { PaymentStatus } from "@storefront/domain/contract";

/** A card the provider keeps for later charges: its token and what may be shown of it. */
export interface ProviderCard {
  token: string;
  last4: string | null;
  brand: string | null;
}

/**
 * Whose payment and which attempt: a processor that keeps its own record of the customer (a Stripe
 * Customer, to which saved cards belong) keys it by the payer; `idempotencyKey` is the same when a
 * request is retried and new for each attempt, so a retry never charges twice.
 */
export interface PaymentContext {
  partnerCode: string;
  payer: { partnerId: number; userId: number };
  idempotencyKey: string;
  /** The order paid; none for saving a card. */
  orderId?: number;
}

/** A payment as the provider sees it. */
export interface ProviderTransaction {
  transactionID: string;
  /** The processor's id of the money movement when it differs from transactionID (a Stripe PaymentIntent). */
  reference?: string | null;
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
  /** Whether cards can be charged in the currency (a locality in another one is cash only). */
  takesCurrency(currencyCode: string): boolean;
  /**
   * Opens the hosted card page for a payment, in the customer's language when known. The page sends
   * the customer back to `returnUrl` (absolute) with `transactionID` and `status` appended.
   */
  createPayment(input: {
    amount: number;
    currencyCode: string;
    returnUrl: string;
    locale?: Locale | null;
    context: PaymentContext;
  }): Promise<HostedSession>;
  /** The hosted page of a payment still open, to send the customer back to; null when it is not open. */
  reopen(transactionID: string): Promise<HostedSession | null>;
  /** Charges a saved card at once, without a page. */
  chargeCard(input: {
    token: string;
    amount: number;
    currencyCode: string;
    context: PaymentContext;
  }): Promise<ProviderTransaction>;
  /** The payment's state (authorised on the page, or still pending); null when the provider has no such payment. */
  authorize(transactionID: string): Promise<ProviderTransaction | null>;
  /** Cancels a pending payment, or refunds an authorised one; either way it ends CANCELED. */
  cancel(transactionID: string): Promise<ProviderTransaction | null>;
  /**
   * Gives back part of an authorised payment (minor units); answers the processor's id of the refund.
   * The same idempotency key never refunds twice.
   */
  refund(input: {
    transactionID: string;
    reference: string | null;
    amount: number;
    currencyCode: string;
    context: PaymentContext;
  }): Promise<{ refundId: string }>;
  /** Opens the hosted card page to save a card without paying, in the customer's language when known. */
  startBinding(input: {
    currencyCode: string;
    returnUrl: string;
    locale?: Locale | null;
    context: PaymentContext;
  }): Promise<HostedSession>;
  /** The binding's outcome; null when the provider has no such binding. */
  readBinding(transactionID: string): Promise<ProviderBinding | null>;
  /** Forgets a saved card's token: later charges with it fail. */
  forgetCard(token: string): Promise<void>;
}
