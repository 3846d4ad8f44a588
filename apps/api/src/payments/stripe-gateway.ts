import {
  fromStripeAmount,
  type Locale,
  StripeAmountError,
  stripeSupportsCurrency,
  toStripeAmount,
} from "@storefront/domain";
import type { PaymentStatus } from "@storefront/domain/contract";
import Stripe from "stripe";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { findPaymentCustomer, keepPaymentCustomer } from "./payment-customers-repository.ts";
import type {
  HostedSession,
  PaymentContext,
  PaymentProvider,
  ProviderCard,
  ProviderTransaction,
} from "./provider.ts";

export const STRIPE_PROVIDER = "stripe";
/** Stripe's own API, where calls go unless STRIPE_API_URL names a proxy or a stand-in. */
export const STRIPE_API = "https://api.stripe.com";

/** A Stripe account's settings (the deployment's). */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Where every API call goes: https://api.stripe.com, or a proxy or test stand-in. */
  apiUrl: string;
}

/** The official client, sending every call to `apiUrl`. */
export function stripeClient(settings: Pick<StripeSettings, "secretKey" | "apiUrl">): Stripe {
  const url = new URL(settings.apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return new Stripe(settings.secretKey, {
    host: url.hostname,
    port: url.port || (protocol === "http" ? 80 : 443),
    protocol,
    // One retry of a call whose answer was lost: each POST carries our idempotency key, so Stripe
    // answers the retry with the first call's result and never charges twice.
    maxNetworkRetries: 1,
    timeout: 10_000,
    appInfo: { name: "storefront" },
  });
}

/**
 * The Stripe account a secret key belongs to (`GET /v1/account`), which also proves the key works:
 * a key Stripe refuses is the operator's 400 naming it, Stripe out of reach a 503.
 */
export async function stripeAccountOf(
  settings: Pick<StripeSettings, "secretKey" | "apiUrl">,
): Promise<string> {
  try {
    return (await stripeClient(settings).accounts.retrieve(null)).id;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeAuthenticationError)
      throw new AppError(400, "ValidationException", "Stripe does not accept this secret key", {
        details: [{ field: "secretKey", message: error.message }],
      });
    if (error instanceof Stripe.errors.StripeError)
      throw new AppError(503, "PaymentProviderUnavailableException", "Stripe cannot be reached: try again", {
        details: [{ field: "secretKey", message: `${error.type}: ${error.message}` }],
      });
    throw error;
  }
}

/** The languages of Stripe Checkout among ours; the others let Stripe pick from the browser. */
const CHECKOUT_LOCALES = new Set<string>(["bg", "en", "es", "fr", "it", "lv", "pt", "ru"]);

function checkoutLocale(locale: Locale | null | undefined): Stripe.Checkout.SessionCreateParams.Locale {
  return locale && CHECKOUT_LOCALES.has(locale)
    ? (locale as Stripe.Checkout.SessionCreateParams.Locale)
    : "auto";
}

/**
 * `url` with a query appended as written: Stripe replaces `{CHECKOUT_SESSION_ID}` in a success URL
 * only when its braces are not percent-encoded.
 */
function withQuery(url: string, query: string): string {
  return `${url}${url.includes("?") ? "&" : "?"}${query}`;
}

const unavailable = (reason: string) =>
  new AppError(
    503,
    "PaymentProviderUnavailableException",
    "The card page could not be opened. Please try again, or pay in cash.",
    { details: [{ field: "paymentMethod", message: reason }] },
  );

/**
 * Stripe's own failures as the API's: a currency or amount it cannot take is the customer's 409;
 * Stripe out of reach, slow or failing is a 503 after which the order is still payable.
 */
async function calling<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof StripeAmountError)
      throw new AppError(409, "PaymentMethodUnavailableException", `${error.message}. Please pay in cash.`, {
        details: [{ field: "currencyCode", message: error.message }],
      });
    if (error instanceof Stripe.errors.StripeError) throw unavailable(`${error.type}: ${error.message}`);
    throw error;
  }
}

function cardOf(method: Stripe.PaymentMethod | string | null | undefined): ProviderCard | null {
  if (!method || typeof method === "string") return null;
  return { token: method.id, last4: method.card?.last4 ?? null, brand: method.card?.brand ?? null };
}

function intentStatus(intent: Stripe.PaymentIntent): PaymentStatus {
  switch (intent.status) {
    case "succeeded":
      return "AUTHORIZED";
    case "canceled":
      return "CANCELED";
    case "requires_payment_method":
      return intent.last_payment_error ? "FAILED" : "PENDING";
    default:
      return "PENDING";
  }
}

function intentTransaction(intent: Stripe.PaymentIntent, transactionID = intent.id): ProviderTransaction {
  const method = typeof intent.payment_method === "object" ? intent.payment_method : null;
  const saved = method?.customer ? cardOf(method) : null;
  return {
    transactionID,
    reference: intent.id,
    status: intentStatus(intent),
    amount: fromStripeAmount(intent.amount, intent.currency),
    currencyCode: intent.currency.toUpperCase(),
    card: saved,
    failureReason: intent.last_payment_error?.message ?? null,
  };
}

function sessionTransaction(session: Stripe.Checkout.Session): ProviderTransaction {
  const intent = typeof session.payment_intent === "object" ? session.payment_intent : null;
  if (intent && session.status === "complete") return intentTransaction(intent, session.id);
  const currency = session.currency ?? "eur";
  return {
    transactionID: session.id,
    reference: intent?.id ?? null,
    status: session.status === "expired" ? "CANCELED" : "PENDING",
    amount: fromStripeAmount(session.amount_total ?? 0, currency),
    currencyCode: currency.toUpperCase(),
    card: null,
    failureReason: session.status === "expired" ? "The card page expired" : null,
  };
}

const isSession = (id: string) => id.startsWith("cs_");
const isIntent = (id: string) => id.startsWith("pi_");

/**
 * Stripe as the card processor: the hosted page is Stripe Checkout (card data never reaches our
 * pages), saved cards are PaymentMethods attached to a Stripe Customer per customer and partner,
 * charged later off-session. Every POST carries an idempotency key.
 */
export function stripeGateway(db: Database, settings: StripeSettings): PaymentProvider {
  const stripe = stripeClient(settings);

  /** The customer's Stripe Customer, made once per customer and partner. */
  async function customerOf(context: PaymentContext): Promise<string> {
    const known = await findPaymentCustomer(db, context.payer, STRIPE_PROVIDER);
    if (known) return known;
    const { partnerCode, payer } = context;
    const made = await stripe.customers.create(
      { metadata: { partner: partnerCode, customer: String(payer.userId) } },
      { idempotencyKey: `${partnerCode}-customer-${payer.userId}` },
    );
    return keepPaymentCustomer(db, payer, STRIPE_PROVIDER, made.id);
  }

  const metadataOf = (context: PaymentContext) => ({
    partner: context.partnerCode,
    ...(context.orderId === undefined ? {} : { order: String(context.orderId) }),
  });

  async function readSession(id: string): Promise<Stripe.Checkout.Session | null> {
    try {
      return await stripe.checkout.sessions.retrieve(id, {
        expand: ["payment_intent.payment_method", "setup_intent.payment_method"],
      });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing")
        return null;
      throw error;
    }
  }

  async function readIntent(id: string): Promise<Stripe.PaymentIntent | null> {
    try {
      return await stripe.paymentIntents.retrieve(id, { expand: ["payment_method"] });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing")
        return null;
      throw error;
    }
  }

  /** Gives back all that is left of a PaymentIntent's money. */
  async function refundAll(intent: Stripe.PaymentIntent): Promise<void> {
    await stripe.refunds.create(
      { payment_intent: intent.id, metadata: intent.metadata },
      { idempotencyKey: `refund-${intent.id}-all` },
    );
  }

  /** Ends a payment that must not stand: a pending one is stopped, a paid one refunded in full. */
  async function cancelIntent(intent: Stripe.PaymentIntent): Promise<void> {
    if (intent.status === "succeeded") await refundAll(intent);
    else if (intent.status !== "canceled")
      await stripe.paymentIntents.cancel(intent.id, {}, { idempotencyKey: `cancel-${intent.id}` });
  }

  return {
    name: STRIPE_PROVIDER,
    takesCards: true,
    takesCurrency: stripeSupportsCurrency,

    createPayment: (input) =>
      calling(async () => {
        const { amount, currency } = toStripeAmount(input.amount, input.currencyCode);
        const customer = await customerOf(input.context);
        const metadata = metadataOf(input.context);
        const session = await stripe.checkout.sessions.create(
          {
            mode: "payment",
            customer,
            // Cards only: what the customer pays with is what is kept for the next order.
            allowed_payment_method_types: ["card"],
            client_reference_id: String(input.context.orderId),
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency,
                  unit_amount: amount,
                  product_data: { name: `#${input.context.orderId}` },
                },
              },
            ],
            success_url: withQuery(input.returnUrl, "transactionID={CHECKOUT_SESSION_ID}&status=AUTHORIZED"),
            cancel_url: withQuery(input.returnUrl, "status=CANCELED"),
            locale: checkoutLocale(input.locale),
            metadata,
            // The card is kept for the customer's next orders (Checkout shows the mandate for it).
            payment_intent_data: { metadata, setup_future_usage: "off_session" },
          },
          { idempotencyKey: input.context.idempotencyKey },
        );
        return { transactionID: session.id, redirectUrl: session.url as string };
      }),

    reopen: (transactionID) =>
      calling(async (): Promise<HostedSession | null> => {
        if (!isSession(transactionID)) return null;
        const session = await readSession(transactionID);
        return session?.status === "open" && session.url
          ? { transactionID: session.id, redirectUrl: session.url }
          : null;
      }),

    chargeCard: (input) =>
      calling(async () => {
        const { amount, currency } = toStripeAmount(input.amount, input.currencyCode);
        const customer = await customerOf(input.context);
        try {
          const intent = await stripe.paymentIntents.create(
            {
              amount,
              currency,
              customer,
              payment_method: input.token,
              off_session: true,
              confirm: true,
              metadata: metadataOf(input.context),
              expand: ["payment_method"],
            },
            { idempotencyKey: input.context.idempotencyKey },
          );
          return intentTransaction(intent);
        } catch (error) {
          // A declined card, or one that needs the customer present: the order waits for another way.
          if (
            error instanceof Stripe.errors.StripeCardError ||
            error instanceof Stripe.errors.StripeInvalidRequestError
          ) {
            const intent = error.payment_intent;
            return {
              transactionID: intent?.id ?? `declined-${input.context.idempotencyKey}`,
              reference: intent?.id ?? null,
              status: "FAILED",
              amount: input.amount,
              currencyCode: input.currencyCode,
              card: null,
              failureReason: error.message,
            };
          }
          throw error;
        }
      }),

    authorize: (transactionID) =>
      calling(async () => {
        if (isSession(transactionID)) {
          const session = await readSession(transactionID);
          return session?.mode === "payment" ? sessionTransaction(session) : null;
        }
        if (!isIntent(transactionID)) return null;
        const intent = await readIntent(transactionID);
        return intent ? intentTransaction(intent) : null;
      }),

    cancel: (transactionID) =>
      calling(async () => {
        if (isSession(transactionID)) {
          const session = await readSession(transactionID);
          if (session?.mode !== "payment") return null;
          if (session.status === "open")
            await stripe.checkout.sessions.expire(session.id, {}, { idempotencyKey: `expire-${session.id}` });
          else if (typeof session.payment_intent === "object" && session.payment_intent)
            await cancelIntent(session.payment_intent);
          return { ...sessionTransaction(session), status: "CANCELED", failureReason: null };
        }
        const intent = isIntent(transactionID) ? await readIntent(transactionID) : null;
        if (!intent) return null;
        await cancelIntent(intent);
        return { ...intentTransaction(intent), status: "CANCELED", failureReason: null };
      }),

    refund: (input) =>
      calling(async () => {
        const intent = input.reference ?? (isIntent(input.transactionID) ? input.transactionID : null);
        if (!intent) throw new Error(`payment ${input.transactionID} has no PaymentIntent to refund`);
        const { amount } = toStripeAmount(input.amount, input.currencyCode);
        const refund = await stripe.refunds.create(
          {
            payment_intent: intent,
            amount,
            reason: "requested_by_customer",
            metadata: metadataOf(input.context),
          },
          { idempotencyKey: input.context.idempotencyKey },
        );
        return { refundId: refund.id };
      }),

    startBinding: (input) =>
      calling(async () => {
        const currency = input.currencyCode.toLowerCase();
        if (!stripeSupportsCurrency(currency))
          throw new StripeAmountError(`Stripe does not take payments in ${input.currencyCode.toUpperCase()}`);
        const session = await stripe.checkout.sessions.create(
          {
            mode: "setup",
            customer: await customerOf(input.context),
            currency,
            allowed_payment_method_types: ["card"],
            success_url: withQuery(input.returnUrl, "transactionID={CHECKOUT_SESSION_ID}"),
            cancel_url: withQuery(input.returnUrl, "status=CANCELED"),
            locale: checkoutLocale(input.locale),
            metadata: metadataOf(input.context),
            setup_intent_data: { metadata: metadataOf(input.context) },
          },
          { idempotencyKey: input.context.idempotencyKey },
        );
        return { transactionID: session.id, redirectUrl: session.url as string };
      }),

    readBinding: (transactionID) =>
      calling(async () => {
        const session = isSession(transactionID) ? await readSession(transactionID) : null;
        if (session?.mode !== "setup") return null;
        const intent = typeof session.setup_intent === "object" ? session.setup_intent : null;
        const done = session.status === "complete" && intent?.status === "succeeded";
        return {
          transactionID: session.id,
          status: done ? "AUTHORIZED" : session.status === "expired" ? "CANCELED" : "PENDING",
          returnUrl: session.success_url ?? "",
          card: done ? cardOf(intent?.payment_method) : null,
        };
      }),

    forgetCard: (token) =>
      calling(async () => {
        try {
          await stripe.paymentMethods.detach(token, {}, { idempotencyKey: `detach-${token}` });
        } catch (error) {
          // Already detached (or deleted at Stripe): forgotten either way.
          if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        }
      }),
  };
}
