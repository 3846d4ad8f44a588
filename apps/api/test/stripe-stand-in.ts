import { createHash, randomBytes } from "node:crypto";
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { readBody } from "./http-body.ts";

/**
 * A stand-in for Stripe at the network edge: a local HTTP server speaking Stripe's own API (form-encoded
 * requests, JSON answers and error bodies, idempotency keys, signed webhooks), so the product's real
 * `stripe` client runs unchanged against it. State lives in memory and dies with the server.
 */

export type TestCard =
  | "4242424242424242"
  | "4000000000000002" /* declined: card_declined, generic_decline */
  | "4000000000009995" /* insufficient_funds */;

export interface WebhookTarget {
  url: string;
  host?: string;
}

export interface StandInRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string | null;
  stripeAccount: string | null;
  /** The secret key the request was made with (one Stripe account of the stand-in's). */
  apiKey: string | null;
}

export interface StandInEvent {
  id: string;
  object: "event";
  type: string;
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: StripeObject };
}

export interface StripeStandIn {
  url: string;
  port: number;
  secretKey: string;
  webhookSecret: string;
  /** Every API request received, the body decoded as Stripe decodes it (the query for a GET). */
  requests: StandInRequest[];
  /** Every event Stripe made, delivered or not (a null target records them without sending). */
  events: StandInEvent[];
  /** Each delivery attempt with the status it got (0: no answer); a retried event appears again. */
  deliveries: Array<{ eventId: string; type: string; status: number }>;
  setWebhookTarget(target: WebhookTarget | null): void;
  /** An outage: every API request answers 500 api_error, after `delayMs` if given. */
  setDown(down: boolean | { delayMs: number }): void;
  /** What the customer's browser does on the session's hosted page. */
  completeSession(sessionId: string, card?: TestCard, options?: { saveCard?: boolean }): Promise<void>;
  expireSession(sessionId: string): Promise<void>;
  /** A refund made in Stripe's dashboard (no API request of the product's). */
  refundFromDashboard(paymentIntentId: string, amount?: number): Promise<void>;
  /** Sends an event again as Stripe's retry does: same id and body, fresh signature; answers the status. */
  redeliver(eventId: string): Promise<number>;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------
// Stripe's bracket form encoding: `a[b][0][c]=1`, `a[]=x`, the same in query strings.

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

// Keys that would reach Object.prototype are dropped, as a form field can never mean them.
const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

export function decodeStripeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const pair of text.split("&")) {
    if (pair === "") continue;
    const equals = pair.indexOf("=");
    const key = decodeComponent(equals === -1 ? pair : pair.slice(0, equals));
    const value = decodeComponent(equals === -1 ? "" : pair.slice(equals + 1));
    assignPath(root, splitKey(key), value);
  }
  return arraysFromIndexes(root) as FormObject;
}

function decodeComponent(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    throw invalidRequest(`Invalid form encoding: ${text.slice(0, 40)}`);
  }
}

/** `a[b][0][]` → ["a", "b", "0", ""]; a key without brackets is one segment. */
function splitKey(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match?.[1]) return [key];
  return [match[1], ...Array.from((match[2] ?? "").matchAll(/\[([^[\]]*)\]/g), (m) => m[1] ?? "")];
}

function assignPath(root: FormObject, path: string[], value: string): void {
  let node = root;
  for (const [index, segment] of path.entries()) {
    // `a[]` appends: the next free index of the container.
    const key = segment === "" ? String(Object.keys(node).length) : segment;
    if (UNSAFE_KEYS.has(key)) return;
    if (index === path.length - 1) {
      node[key] = value;
      return;
    }
    const next = node[key];
    if (typeof next === "object" && !Array.isArray(next)) {
      node = next;
    } else {
      const created: FormObject = {};
      node[key] = created;
      node = created;
    }
  }
}

/** Containers whose keys are all indexes were arrays in the client's object. */
function arraysFromIndexes(value: FormValue): FormValue {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((key) => [key, arraysFromIndexes(value[key] ?? "")]));
  if (keys.length === 0 || !keys.every((key) => /^\d+$/.test(key))) return converted;
  return keys
    .map(Number)
    .sort((a, b) => a - b)
    .map((index) => converted[String(index)] ?? "");
}

// ---------------------------------------------------------------------------------------------------
// Stripe's errors.

interface StripeErrorBody {
  type: "api_error" | "card_error" | "idempotency_error" | "invalid_request_error";
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  charge?: string;
  payment_intent?: PaymentIntent;
  payment_method?: PaymentMethod;
}

/** An answer of Stripe's that is an error; a decline still made events (payment_intent.payment_failed). */
class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: StripeErrorBody,
    readonly events: StandInEvent[] = [],
  ) {
    super(error.message);
  }
}

function invalidRequest(message: string, details: { param?: string; code?: string } = {}): StripeFailure {
  return new StripeFailure(400, { type: "invalid_request_error", message, ...details });
}

function noSuch(kind: string, id: string, param: string, status = 400): StripeFailure {
  return new StripeFailure(status, {
    type: "invalid_request_error",
    code: "resource_missing",
    message: `No such ${kind}: '${id}'`,
    param,
  });
}

// ---------------------------------------------------------------------------------------------------
// Stripe's objects, as its API answers them.

type Metadata = Record<string, string>;

type Customer = {
  id: string;
  object: "customer";
  email: string | null;
  name: string | null;
  metadata: Metadata;
  created: number;
  livemode: false;
};

type CheckoutSession = {
  id: string;
  object: "checkout.session";
  mode: "payment" | "setup";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid" | "no_payment_required";
  url: string | null;
  amount_total: number | null;
  currency: string | null;
  customer: string | null;
  metadata: Metadata;
  client_reference_id: string | null;
  payment_intent: string | null;
  setup_intent: string | null;
  success_url: string;
  cancel_url: string | null;
  locale: string | null;
  expires_at: number;
  created: number;
  livemode: false;
};

type PaymentMethod = {
  id: string;
  object: "payment_method";
  type: "card";
  card: {
    brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    country: string;
    funding: string;
  };
  customer: string | null;
  created: number;
  livemode: false;
};

type LastPaymentError = {
  type: "card_error";
  code: string;
  decline_code: string;
  message: string;
  charge: string;
  payment_method: PaymentMethod;
};

type PaymentIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: "requires_payment_method" | "requires_confirmation" | "succeeded" | "canceled";
  customer: string | null;
  payment_method: string | null;
  latest_charge: string | null;
  last_payment_error: LastPaymentError | null;
  setup_future_usage: string | null;
  description: string | null;
  metadata: Metadata;
  canceled_at: number | null;
  cancellation_reason: string | null;
  created: number;
  livemode: false;
};

type SetupIntent = {
  id: string;
  object: "setup_intent";
  status: "succeeded";
  usage: "off_session";
  customer: string | null;
  payment_method: string;
  metadata: Metadata;
  created: number;
  livemode: false;
};

type Refund = {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: "succeeded";
  reason: string | null;
  metadata: Metadata;
  created: number;
};

type Charge = {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  currency: string;
  customer: string | null;
  paid: boolean;
  payment_intent: string;
  payment_method: string;
  refunded: boolean;
  status: "succeeded" | "failed";
  failure_code: string | null;
  failure_message: string | null;
  refunds: { object: "list"; data: Refund[]; has_more: false; total_count: number; url: string };
  metadata: Metadata;
  created: number;
  livemode: false;
};

type StripeObject =
  | Customer
  | CheckoutSession
  | PaymentMethod
  | PaymentIntent
  | SetupIntent
  | Charge
  | Refund;
type Kind = StripeObject["object"];

/** What a session was asked for that its public object does not show. */
interface SessionTerms {
  paymentIntentMetadata: Metadata;
  setupIntentMetadata: Metadata;
  setupFutureUsage: string | null;
  productName: string;
}

interface State {
  url: string;
  secretKey: string;
  /** The secret keys of other accounts it answers as well (a partner's own account). */
  otherKeys: readonly string[];
  /** The account of the request being answered (each secret key is an account of its own). */
  account: string;
  /** Whose each Customer is: another account's is no such customer, as at Stripe. */
  customerAccounts: Map<string, string>;
  webhookSecret: string;
  signer: Stripe;
  objects: Map<string, StripeObject>;
  sessionTerms: Map<string, SessionTerms>;
  /** A payment method's card number decides how its charges go, as Stripe's test cards do. */
  cardNumbers: Map<string, string>;
  idempotency: Map<string, { path: string; fingerprint: string; status: number; body: unknown }>;
  requests: StandInRequest[];
  events: StandInEvent[];
  payloads: Map<string, string>;
  deliveries: Array<{ eventId: string; type: string; status: number }>;
  target: WebhookTarget | null;
  down: false | { delayMs: number };
  timers: Set<NodeJS.Timeout>;
  closed: boolean;
  request: StandInEvent["request"];
}

const NO_REQUEST: StandInEvent["request"] = { id: null, idempotency_key: null };

const ID_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function newId(prefix: string, length = 24): string {
  return `${prefix}_${Array.from(randomBytes(length), (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join("")}`;
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}

function find<K extends Kind>(
  state: State,
  id: string,
  kind: K,
): Extract<StripeObject, { object: K }> | undefined {
  const found = state.objects.get(id);
  return found?.object === kind ? (found as Extract<StripeObject, { object: K }>) : undefined;
}

function save<T extends StripeObject>(state: State, object: T): T {
  state.objects.set(object.id, object);
  return object;
}

// ---------------------------------------------------------------------------------------------------
// Reading parameters, refused with Stripe's messages.

function stringParam(form: FormObject, name: string, param = name): string | undefined {
  const value = form[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw invalidRequest(`Invalid string: ${param}`, { param });
  return value;
}

function requiredString(form: FormObject, name: string, param = name): string {
  const value = stringParam(form, name, param);
  if (value === undefined || value === "") {
    throw invalidRequest(`Missing required param: ${param}.`, { param, code: "parameter_missing" });
  }
  return value;
}

function integerParam(form: FormObject, name: string, param = name): number | undefined {
  const value = stringParam(form, name, param);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw invalidRequest(`Invalid integer: ${value}`, { param });
  return Number(value);
}

function booleanParam(form: FormObject, name: string): boolean {
  const value = stringParam(form, name);
  if (value === undefined) return false;
  if (value !== "true" && value !== "false")
    throw invalidRequest(`Invalid boolean: ${value}`, { param: name });
  return value === "true";
}

function objectParam(form: FormObject, name: string, param = name): FormObject {
  const value = form[name];
  if (value === undefined || value === "") return {};
  if (typeof value !== "object" || Array.isArray(value)) throw invalidRequest("Invalid object", { param });
  return value;
}

function metadataParam(form: FormObject, name = "metadata", param = name): Metadata {
  const entries = Object.entries(objectParam(form, name, param));
  if (entries.some(([, value]) => typeof value !== "string"))
    throw invalidRequest("Invalid object", { param });
  // An empty value unsets a key in Stripe.
  return Object.fromEntries(entries.filter(([, value]) => value !== "")) as Metadata;
}

// The currencies Stripe settles card payments in (its "supported currencies" page); IQD is not one.
const CURRENCIES = new Set(
  (
    "usd aed afn all amd ang aoa ars aud awg azn bam bbd bdt bgn bhd bif bmd bnd bob brl bsd bwp byn bzd " +
    "cad cdf chf clp cny cop crc cve czk djf dkk dop dzd egp etb eur fjd fkp gbp gel gip gmd gnf gtq gyd " +
    "hkd hnl htg huf idr ils inr isk jmd jod jpy kes kgs khr kmf krw kwd kyd kzt lak lbp lkr lrd lsl mad " +
    "mdl mga mkd mmk mnt mop mur mvr mwk mxn myr mzn nad ngn nio nok npr nzd omr pab pen pgk php pkr pln " +
    "pyg qar ron rsd rub rwf sar sbd scr sek sgd shp sle sos srd std szl thb tjs tnd top try ttd twd tzs " +
    "uah ugx uyu uzs vnd vuv wst xaf xcd xof xpf yer zar zmw"
  ).split(" "),
);
const ZERO_DECIMAL = new Set("bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf".split(" "));
const THREE_DECIMAL = new Set("bhd jod kwd omr tnd".split(" "));

function currencyParam(form: FormObject, name: string, param: string, required: boolean): string | undefined {
  const currency = required ? requiredString(form, name, param) : stringParam(form, name, param);
  if (currency === undefined) return undefined;
  if (!CURRENCIES.has(currency)) {
    throw invalidRequest(
      `Invalid currency: ${currency}. Stripe currently supports these currencies: ${[...CURRENCIES].join(", ")}`,
      { param },
    );
  }
  return currency;
}

function urlParam(form: FormObject, name: string, required: boolean): string | undefined {
  const url = required ? requiredString(form, name) : stringParam(form, name);
  if (url !== undefined && !/^https?:\/\//.test(url))
    throw invalidRequest("Not a valid URL", { param: name });
  return url;
}

// The languages Stripe's Checkout page speaks (the `Locale` of the package's Checkout Session types).
const LOCALES = new Set(
  (
    "auto bg cs da de el en en-GB es es-419 et fi fil fr fr-CA hi-IN hr hu id it ja ko lt lv ms mt nb nl pl " +
    "pt pt-BR ro ru sk sl sv th tr vi zh zh-HK zh-TW"
  ).split(" "),
);

function localeParam(form: FormObject): string | null {
  const locale = stringParam(form, "locale");
  if (locale === undefined) return null;
  if (!LOCALES.has(locale)) {
    throw invalidRequest(`Invalid locale: must be one of ${[...LOCALES].join(", ")}`, { param: "locale" });
  }
  return locale;
}

function formatAmount(amount: number, currency: string): string {
  const digits = ZERO_DECIMAL.has(currency) ? 0 : THREE_DECIMAL.has(currency) ? 3 : 2;
  return `${(amount / 10 ** digits).toFixed(digits)} ${currency.toUpperCase()}`;
}

function existingCustomer(state: State, id: string | undefined): string | null {
  if (id === undefined || id === "") return null;
  if (!find(state, id, "customer") || state.customerAccounts.get(id) !== state.account)
    throw noSuch("customer", id, "customer");
  return id;
}

// ---------------------------------------------------------------------------------------------------
// Customers and Checkout Sessions.

function createCustomer(state: State, form: FormObject): Customer {
  const id = newId("cus", 14);
  state.customerAccounts.set(id, state.account);
  return save(state, {
    id,
    object: "customer",
    email: stringParam(form, "email") ?? null,
    name: stringParam(form, "name") ?? null,
    metadata: metadataParam(form),
    created: now(),
    livemode: false,
  });
}

function readLineItem(form: FormObject): { amount: number; currency: string; name: string } {
  const items = form.line_items;
  const item = Array.isArray(items) ? items[0] : undefined;
  if (typeof item !== "object" || Array.isArray(item)) {
    throw invalidRequest("You must specify either `line_items` in `payment` mode.", { param: "line_items" });
  }
  const prefix = "line_items[0]";
  const priceData = objectParam(item, "price_data", `${prefix}[price_data]`);
  const currency = currencyParam(priceData, "currency", `${prefix}[price_data][currency]`, true) ?? "";
  const unitAmount = integerParam(priceData, "unit_amount", `${prefix}[price_data][unit_amount]`);
  if (unitAmount === undefined || unitAmount < 0) {
    throw invalidRequest("Invalid non-negative integer", { param: `${prefix}[price_data][unit_amount]` });
  }
  const quantity = integerParam(item, "quantity", `${prefix}[quantity]`) ?? 1;
  if (quantity < 1) throw invalidRequest("Invalid positive integer", { param: `${prefix}[quantity]` });
  const productData = objectParam(priceData, "product_data", `${prefix}[price_data][product_data]`);
  const name = requiredString(productData, "name", `${prefix}[price_data][product_data][name]`);
  return { amount: unitAmount * quantity, currency, name };
}

function readExpiry(form: FormObject): number {
  const expiresAt = integerParam(form, "expires_at");
  const created = now();
  if (expiresAt === undefined) return created + 24 * 3600;
  // Stripe's window is 30 minutes to 24 hours; a minute of slack spares a client's clock its rounding.
  if (expiresAt < created + 30 * 60 - 60 || expiresAt > created + 24 * 3600 + 60) {
    throw invalidRequest("The `expires_at` timestamp must be between 30 minutes and 24 hours from now.", {
      param: "expires_at",
    });
  }
  return expiresAt;
}

function createSession(state: State, form: FormObject): CheckoutSession {
  const mode = requiredString(form, "mode");
  if (mode !== "payment" && mode !== "setup") {
    throw invalidRequest(`Invalid mode: must be one of payment, setup or subscription`, { param: "mode" });
  }
  const successUrl = urlParam(form, "success_url", true) ?? "";
  const item = mode === "payment" ? readLineItem(form) : null;
  // A setup session needs a currency unless the payment method types are set (the package's docs).
  const typesSet = form.allowed_payment_method_types !== undefined || form.payment_method_types !== undefined;
  const currency = item ? item.currency : (currencyParam(form, "currency", "currency", !typesSet) ?? null);
  const paymentIntentData = objectParam(form, "payment_intent_data");
  const setupFutureUsage = stringParam(
    paymentIntentData,
    "setup_future_usage",
    "payment_intent_data[setup_future_usage]",
  );
  if (
    setupFutureUsage !== undefined &&
    setupFutureUsage !== "off_session" &&
    setupFutureUsage !== "on_session"
  ) {
    throw invalidRequest(`Invalid setup_future_usage: ${setupFutureUsage}`, {
      param: "payment_intent_data[setup_future_usage]",
    });
  }
  const id = newId("cs_test", 58);
  state.sessionTerms.set(id, {
    paymentIntentMetadata: metadataParam(paymentIntentData, "metadata", "payment_intent_data[metadata]"),
    setupIntentMetadata: metadataParam(
      objectParam(form, "setup_intent_data"),
      "metadata",
      "setup_intent_data[metadata]",
    ),
    setupFutureUsage: setupFutureUsage ?? null,
    productName: item?.name ?? "",
  });
  return save(state, {
    id,
    object: "checkout.session",
    mode,
    status: "open",
    payment_status: mode === "payment" ? "unpaid" : "no_payment_required",
    url: `${state.url}/c/pay/${id}`,
    amount_total: item?.amount ?? null,
    currency,
    customer: existingCustomer(state, stringParam(form, "customer")),
    metadata: metadataParam(form),
    client_reference_id: stringParam(form, "client_reference_id") ?? null,
    payment_intent: null,
    setup_intent: null,
    success_url: successUrl,
    cancel_url: urlParam(form, "cancel_url", false) ?? null,
    locale: localeParam(form),
    expires_at: readExpiry(form),
    created: now(),
    livemode: false,
  });
}

function openSession(state: State, id: string): CheckoutSession {
  const session = find(state, id, "checkout.session");
  if (!session) throw noSuch("checkout.session", id, "session", 404);
  return session;
}

function expireSession(state: State, id: string): { session: CheckoutSession; events: StandInEvent[] } {
  const session = openSession(state, id);
  if (session.status !== "open") {
    throw invalidRequest(
      `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
    );
  }
  const expired = save(state, { ...session, status: "expired", url: null });
  return { session: expired, events: [newEvent(state, "checkout.session.expired", expired)] };
}

// ---------------------------------------------------------------------------------------------------
// Cards, payments and refunds.

interface CardBehaviour {
  decline?: { decline_code: string; message: string };
}

// Stripe's test cards: what each does when charged.
const CARDS: Record<string, CardBehaviour> = {
  "4242424242424242": {},
  "4000000000000002": { decline: { decline_code: "generic_decline", message: "Your card was declined." } },
  "4000000000009995": {
    decline: { decline_code: "insufficient_funds", message: "Your card has insufficient funds." },
  },
};

function createPaymentMethod(state: State, cardNumber: string, customer: string | null): PaymentMethod {
  const method = save(state, {
    id: newId("pm"),
    object: "payment_method",
    type: "card",
    card: {
      brand: "visa",
      last4: cardNumber.slice(-4),
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 3,
      country: "US",
      funding: "credit",
    },
    customer,
    created: now(),
    livemode: false,
  });
  state.cardNumbers.set(method.id, cardNumber);
  return method;
}

interface ChargeInput {
  amount: number;
  currency: string;
  customer: string | null;
  method: PaymentMethod;
  metadata: Metadata;
  description: string | null;
  setupFutureUsage: string | null;
}

/** Confirms a new PaymentIntent with the card: succeeded with a charge, or declined as the card says. */
function chargeCard(state: State, input: ChargeInput): PaymentIntent {
  const decline = CARDS[state.cardNumbers.get(input.method.id) ?? ""]?.decline;
  const intentId = newId("pi");
  const chargeId = newId("ch");
  save(state, {
    id: chargeId,
    object: "charge",
    amount: input.amount,
    amount_captured: decline ? 0 : input.amount,
    amount_refunded: 0,
    captured: !decline,
    currency: input.currency,
    customer: input.customer,
    paid: !decline,
    payment_intent: intentId,
    payment_method: input.method.id,
    refunded: false,
    status: decline ? "failed" : "succeeded",
    failure_code: decline ? "card_declined" : null,
    failure_message: decline?.message ?? null,
    refunds: {
      object: "list",
      data: [],
      has_more: false,
      total_count: 0,
      url: `/v1/charges/${chargeId}/refunds`,
    },
    metadata: {},
    created: now(),
    livemode: false,
  });
  return save(state, {
    id: intentId,
    object: "payment_intent",
    amount: input.amount,
    amount_received: decline ? 0 : input.amount,
    currency: input.currency,
    status: decline ? "requires_payment_method" : "succeeded",
    customer: input.customer,
    // A declined confirmation takes the payment method off the intent; the error keeps it.
    payment_method: decline ? null : input.method.id,
    latest_charge: chargeId,
    last_payment_error: decline
      ? {
          type: "card_error",
          code: "card_declined",
          ...decline,
          charge: chargeId,
          payment_method: input.method,
        }
      : null,
    setup_future_usage: input.setupFutureUsage,
    description: input.description,
    metadata: input.metadata,
    canceled_at: null,
    cancellation_reason: null,
    created: now(),
    livemode: false,
  });
}

function declineFailure(intent: PaymentIntent, events: StandInEvent[]): StripeFailure {
  const error = intent.last_payment_error;
  if (!error) throw new Error(`${intent.id} was not declined`);
  return new StripeFailure(
    402,
    { ...error, payment_intent: intent, payment_method: error.payment_method },
    events,
  );
}

/** The saved card an off-session payment may use: it must still be attached, to this customer. */
function usableMethod(state: State, id: string, customer: string | null): PaymentMethod {
  const method = find(state, id, "payment_method");
  // A detached card is gone for good: Stripe refuses to charge it again.
  if (!method || method.customer === null) throw noSuch("PaymentMethod", id, "payment_method");
  if (customer !== null && method.customer !== customer) {
    throw invalidRequest(`The provided PaymentMethod ${id} does not belong to the Customer ${customer}.`, {
      param: "payment_method",
    });
  }
  if (customer === null) {
    throw invalidRequest(
      `The provided PaymentMethod ${id} is attached to a Customer; pass that Customer as customer.`,
      { param: "customer" },
    );
  }
  return method;
}

function createPaymentIntent(
  state: State,
  form: FormObject,
): { intent: PaymentIntent; events: StandInEvent[] } {
  const amount = integerParam(form, "amount");
  if (amount === undefined) throw invalidRequest("Missing required param: amount.", { param: "amount" });
  if (amount < 1) throw invalidRequest("Invalid positive integer", { param: "amount" });
  const currency = currencyParam(form, "currency", "currency", true) ?? "";
  const customer = existingCustomer(state, stringParam(form, "customer"));
  const methodId = stringParam(form, "payment_method");
  const method = methodId ? usableMethod(state, methodId, customer) : null;
  // Checked only: the stand-in's cards never ask for authentication, on session or off it.
  booleanParam(form, "off_session");
  const input = {
    amount,
    currency,
    customer,
    metadata: metadataParam(form),
    description: stringParam(form, "description") ?? null,
    setupFutureUsage: stringParam(form, "setup_future_usage") ?? null,
  };
  if (!booleanParam(form, "confirm")) {
    const intent = save<PaymentIntent>(state, {
      id: newId("pi"),
      object: "payment_intent",
      amount,
      currency,
      customer,
      metadata: input.metadata,
      description: input.description,
      setup_future_usage: input.setupFutureUsage,
      amount_received: 0,
      status: method ? "requires_confirmation" : "requires_payment_method",
      payment_method: method?.id ?? null,
      latest_charge: null,
      last_payment_error: null,
      canceled_at: null,
      cancellation_reason: null,
      created: now(),
      livemode: false,
    });
    return { intent, events: [] };
  }
  if (!method) {
    throw invalidRequest("You cannot confirm this PaymentIntent because it's missing a payment method.", {
      code: "payment_intent_unexpected_state",
      param: "payment_method",
    });
  }
  const intent = chargeCard(state, { ...input, method });
  if (intent.status !== "succeeded") {
    throw declineFailure(intent, [newEvent(state, "payment_intent.payment_failed", intent)]);
  }
  return { intent, events: [newEvent(state, "payment_intent.succeeded", intent)] };
}

const CANCELABLE = new Set(["requires_payment_method", "requires_confirmation"]);

function cancelPaymentIntent(state: State, id: string, form: FormObject): PaymentIntent {
  const intent = find(state, id, "payment_intent");
  if (!intent) throw noSuch("payment_intent", id, "intent", 404);
  if (!CANCELABLE.has(intent.status)) {
    throw invalidRequest(
      `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
      { code: "payment_intent_unexpected_state" },
    );
  }
  return save(state, {
    ...intent,
    status: "canceled",
    canceled_at: now(),
    cancellation_reason: stringParam(form, "cancellation_reason") ?? null,
  });
}

const REFUND_REASONS = new Set(["duplicate", "fraudulent", "requested_by_customer"]);

function refundedCharge(state: State, form: FormObject): Charge {
  const intentId = stringParam(form, "payment_intent");
  const chargeId = stringParam(form, "charge");
  if (intentId) {
    const intent = find(state, intentId, "payment_intent");
    if (!intent) throw noSuch("payment_intent", intentId, "payment_intent");
    const charge = intent.status === "succeeded" && intent.latest_charge;
    if (!charge) {
      throw invalidRequest(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, {
        param: "payment_intent",
      });
    }
    return find(state, charge, "charge") as Charge;
  }
  if (!chargeId) {
    throw invalidRequest(
      "One of the following params should be provided for this request: payment_intent or charge.",
    );
  }
  const charge = find(state, chargeId, "charge");
  if (!charge) throw noSuch("charge", chargeId, "charge");
  return charge;
}

function createRefund(state: State, form: FormObject): { refund: Refund; events: StandInEvent[] } {
  const charge = refundedCharge(state, form);
  const left = charge.amount - charge.amount_refunded;
  if (left === 0) {
    throw invalidRequest(`Charge ${charge.id} has already been refunded.`, {
      code: "charge_already_refunded",
    });
  }
  const amount = integerParam(form, "amount") ?? left;
  if (amount < 1) throw invalidRequest("Invalid positive integer", { param: "amount" });
  if (amount > left) {
    throw invalidRequest(
      `Refund amount (${formatAmount(amount, charge.currency)}) is greater than unrefunded amount on charge (${formatAmount(left, charge.currency)})`,
      { code: "amount_too_large", param: "amount" },
    );
  }
  const reason = stringParam(form, "reason") ?? null;
  if (reason !== null && !REFUND_REASONS.has(reason)) {
    throw invalidRequest("Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer", {
      param: "reason",
    });
  }
  const refund = save(state, {
    id: newId("re"),
    object: "refund",
    amount,
    currency: charge.currency,
    payment_intent: charge.payment_intent,
    charge: charge.id,
    status: "succeeded",
    reason,
    metadata: metadataParam(form),
    created: now(),
  });
  const refunds = [refund, ...charge.refunds.data];
  const refunded = save(state, {
    ...charge,
    amount_refunded: charge.amount_refunded + amount,
    refunded: charge.amount_refunded + amount === charge.amount,
    refunds: { ...charge.refunds, data: refunds, total_count: refunds.length },
  });
  return { refund, events: [newEvent(state, "charge.refunded", refunded)] };
}

function detachPaymentMethod(state: State, id: string): PaymentMethod {
  const method = find(state, id, "payment_method");
  if (!method) throw noSuch("PaymentMethod", id, "payment_method", 404);
  if (method.customer === null) {
    throw invalidRequest(
      "The payment method you provided is not attached to a customer so detachment is impossible.",
    );
  }
  return save(state, { ...method, customer: null });
}

// ---------------------------------------------------------------------------------------------------
// The hosted page's outcome, shared by the page's form and completeSession.

type Completion =
  | { outcome: "complete"; session: CheckoutSession; events: StandInEvent[] }
  | { outcome: "declined"; message: string; events: StandInEvent[] }
  | { outcome: "refused"; message: string };

function completeCheckout(
  state: State,
  sessionId: string,
  cardNumber: string,
  saveCard: boolean,
): Completion {
  const session = openSession(state, sessionId);
  const terms = state.sessionTerms.get(sessionId);
  if (session.status !== "open" || !terms) {
    return { outcome: "refused", message: "This Checkout Session is no longer available." };
  }
  const card = CARDS[cardNumber];
  if (!card) return { outcome: "refused", message: "Your card number is incorrect." };
  return session.mode === "setup"
    ? completeSetup(state, session, terms, cardNumber)
    : completePayment(state, session, terms, cardNumber, saveCard);
}

function completePayment(
  state: State,
  session: CheckoutSession,
  terms: SessionTerms,
  cardNumber: string,
  saveCard: boolean,
): Completion {
  const method = createPaymentMethod(state, cardNumber, null);
  const keep = session.customer !== null && (terms.setupFutureUsage === "off_session" || saveCard);
  const intent = chargeCard(state, {
    amount: session.amount_total ?? 0,
    currency: session.currency ?? "usd",
    customer: session.customer,
    method,
    metadata: terms.paymentIntentMetadata,
    description: null,
    setupFutureUsage: keep ? "off_session" : null,
  });
  if (intent.status !== "succeeded") {
    return {
      outcome: "declined",
      message: intent.last_payment_error?.message ?? "Your card was declined.",
      events: [newEvent(state, "payment_intent.payment_failed", intent)],
    };
  }
  if (keep) save(state, { ...method, customer: session.customer });
  const paid = save(state, {
    ...session,
    status: "complete",
    payment_status: "paid",
    payment_intent: intent.id,
    url: null,
  });
  return {
    outcome: "complete",
    session: paid,
    events: [
      newEvent(state, "checkout.session.completed", paid),
      newEvent(state, "payment_intent.succeeded", intent),
    ],
  };
}

function completeSetup(
  state: State,
  session: CheckoutSession,
  terms: SessionTerms,
  cardNumber: string,
): Completion {
  // Setting a card up checks the card, not its funds: only the generic decline fails here.
  if (cardNumber === "4000000000000002") {
    return { outcome: "declined", message: "Your card was declined.", events: [] };
  }
  const method = createPaymentMethod(state, cardNumber, session.customer);
  const intent = save(state, {
    id: newId("seti"),
    object: "setup_intent",
    status: "succeeded",
    usage: "off_session",
    customer: session.customer,
    payment_method: method.id,
    metadata: terms.setupIntentMetadata,
    created: now(),
    livemode: false,
  });
  const complete = save(state, { ...session, status: "complete", setup_intent: intent.id, url: null });
  return {
    outcome: "complete",
    session: complete,
    events: [newEvent(state, "checkout.session.completed", complete)],
  };
}

// ---------------------------------------------------------------------------------------------------
// `expand[]`: an id in the answer replaced by its object, along a dotted path.

function expand(state: State, object: Record<string, unknown>, path: string[]): Record<string, unknown> {
  const [field, ...rest] = path;
  if (field === undefined) return object;
  const value = object[field];
  if (value === null) return object;
  const expanded = typeof value === "string" ? state.objects.get(value) : value;
  if (typeof expanded !== "object" || expanded === null || Array.isArray(expanded)) {
    throw invalidRequest(`This property cannot be expanded (${path.join(".")}).`, { param: "expand" });
  }
  return { ...object, [field]: expand(state, { ...expanded }, rest) };
}

function expandAll(state: State, object: StripeObject, form: FormObject): Record<string, unknown> {
  const asked = form.expand;
  const paths = typeof asked === "string" ? [asked] : Array.isArray(asked) ? asked : [];
  return paths.reduce<Record<string, unknown>>(
    (answer, path) => (typeof path === "string" ? expand(state, answer, path.split(".")) : answer),
    object,
  );
}

// ---------------------------------------------------------------------------------------------------
// Webhooks: signed like Stripe's, retried after a failure.

const RETRIES = 3;
const RETRY_DELAY_MS = 200;
const DELIVERY_TIMEOUT_MS = 10_000;

function newEvent(state: State, type: string, object: StripeObject): StandInEvent {
  const event: StandInEvent = {
    id: newId("evt"),
    object: "event",
    type,
    api_version: Stripe.API_VERSION,
    created: now(),
    livemode: false,
    pending_webhooks: state.target ? 1 : 0,
    request: state.request,
    // The event carries the object as it was then, not as later changes leave it.
    data: { object: structuredClone(object) },
  };
  state.events.push(event);
  state.payloads.set(event.id, JSON.stringify(event, null, 2));
  return event;
}

function postEvent(target: WebhookTarget, payload: string, signature: string): Promise<number> {
  return new Promise((resolve) => {
    const request = httpRequest(
      target.url,
      {
        method: "POST",
        agent: false,
        timeout: DELIVERY_TIMEOUT_MS,
        headers: {
          "content-type": "application/json; charset=utf-8",
          "content-length": Buffer.byteLength(payload),
          "stripe-signature": signature,
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          ...(target.host ? { host: target.host } : {}),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("timeout", () => request.destroy());
    // A target that does not answer is a failed delivery (status 0), as Stripe's dashboard shows it.
    request.on("error", () => resolve(0));
    request.end(payload);
  });
}

async function deliverOnce(state: State, event: StandInEvent): Promise<number> {
  const target = state.target;
  const payload = state.payloads.get(event.id);
  if (!target || payload === undefined) throw new Error(`no webhook target to send ${event.id} to`);
  const signature = state.signer.webhooks.generateTestHeaderString({ payload, secret: state.webhookSecret });
  const status = await postEvent(target, payload, signature);
  state.deliveries.push({ eventId: event.id, type: event.type, status });
  return status;
}

function retryLater(state: State, event: StandInEvent, attempt: number): void {
  if (attempt > RETRIES || state.closed || !state.target) return;
  const timer = setTimeout(async () => {
    state.timers.delete(timer);
    if (state.closed || !state.target) return;
    const status = await deliverOnce(state, event);
    if (!isSuccess(status)) retryLater(state, event, attempt + 1);
  }, RETRY_DELAY_MS);
  state.timers.add(timer);
}

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

/** Sends the events in order; resolves after each one's first attempt, retries run on their own. */
async function deliver(state: State, events: StandInEvent[]): Promise<void> {
  for (const event of events) {
    if (!state.target || state.closed) return;
    const status = await deliverOnce(state, event);
    if (!isSuccess(status)) retryLater(state, event, 1);
  }
}

// ---------------------------------------------------------------------------------------------------
// The API's routes.

interface Answer {
  status?: number;
  object: StripeObject;
  events?: StandInEvent[];
}

interface Route {
  method: "GET" | "POST";
  pattern: RegExp;
  run(state: State, form: FormObject, id: string): Answer;
}

function retrieve(kind: Kind, name: string, param: string): Route["run"] {
  return (state, _form, id) => {
    const object = find(state, id, kind);
    if (!object) throw noSuch(name, id, param, 404);
    return { object };
  };
}

const ROUTES: Route[] = [
  {
    method: "GET",
    pattern: /^\/v1\/account$/,
    run: (state) => ({
      object: { id: state.account, object: "account", type: "standard" } as unknown as StripeObject,
    }),
  },
  {
    method: "POST",
    pattern: /^\/v1\/customers$/,
    run: (state, form) => ({ object: createCustomer(state, form) }),
  },
  {
    method: "POST",
    pattern: /^\/v1\/checkout\/sessions$/,
    run: (state, form) => ({ object: createSession(state, form) }),
  },
  {
    method: "GET",
    pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/,
    run: retrieve("checkout.session", "checkout.session", "session"),
  },
  {
    method: "POST",
    pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
    run: (state, _form, id) => {
      const { session, events } = expireSession(state, id);
      return { object: session, events };
    },
  },
  {
    method: "POST",
    pattern: /^\/v1\/payment_intents$/,
    run: (state, form) => {
      const { intent, events } = createPaymentIntent(state, form);
      return { object: intent, events };
    },
  },
  {
    method: "GET",
    pattern: /^\/v1\/payment_intents\/([^/]+)$/,
    run: retrieve("payment_intent", "payment_intent", "intent"),
  },
  {
    method: "POST",
    pattern: /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
    run: (state, form, id) => ({ object: cancelPaymentIntent(state, id, form) }),
  },
  {
    method: "POST",
    pattern: /^\/v1\/refunds$/,
    run: (state, form) => {
      const { refund, events } = createRefund(state, form);
      return { object: refund, events };
    },
  },
  {
    method: "GET",
    pattern: /^\/v1\/payment_methods\/([^/]+)$/,
    run: retrieve("payment_method", "PaymentMethod", "payment_method"),
  },
  {
    method: "POST",
    pattern: /^\/v1\/payment_methods\/([^/]+)\/detach$/,
    run: (state, _form, id) => ({ object: detachPaymentMethod(state, id) }),
  },
  {
    method: "GET",
    pattern: /^\/v1\/setup_intents\/([^/]+)$/,
    run: retrieve("setup_intent", "setupintent", "intent"),
  },
];

function route(state: State, method: string, path: string, form: FormObject): Answer {
  for (const candidate of ROUTES) {
    const match = candidate.method === method ? candidate.pattern.exec(path) : null;
    if (match) return candidate.run(state, form, decodeURIComponent(match[1] ?? ""));
  }
  throw new StripeFailure(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  });
}

// ---------------------------------------------------------------------------------------------------
// HTTP.

function header(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  return typeof value === "string" ? value : null;
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  requestId: string,
  replayed = false,
) {
  if (response.destroyed) return;
  response.writeHead(status, {
    "content-type": "application/json",
    "request-id": requestId,
    "stripe-version": Stripe.API_VERSION,
    ...(replayed ? { "idempotent-replayed": "true" } : {}),
  });
  response.end(JSON.stringify(body, null, 2));
}

/** Each secret key stands for an account of its own. */
const accountOfKey = (key: string) => `acct_${createHash("sha256").update(key).digest("hex").slice(0, 16)}`;

function authenticate(state: State, request: IncomingMessage): StripeFailure | null {
  const authorization = header(request, "authorization");
  if (authorization === `Bearer ${state.secretKey}`) return null;
  if (state.otherKeys.some((key) => authorization === `Bearer ${key}`)) return null;
  const key = authorization?.replace(/^Bearer /, "") ?? "";
  const message = key
    ? `Invalid API Key provided: ${key.slice(0, 8)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
    : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";
  return new StripeFailure(401, { type: "invalid_request_error", message });
}

function sleep(state: State, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      state.timers.delete(timer);
      resolve();
    }, ms);
    state.timers.add(timer);
  });
}

/** What the API answers, before idempotency: the route's object expanded, or Stripe's error body. */
function answer(state: State, method: string, path: string, form: FormObject) {
  try {
    const { status = 200, object, events = [] } = route(state, method, path, form);
    return { status, body: expandAll(state, object, form) as unknown, events };
  } catch (error) {
    if (!(error instanceof StripeFailure)) throw error;
    return { status: error.status, body: { error: error.error } as unknown, events: error.events };
  }
}

async function handleApi(state: State, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? "/", state.url);
  const method = request.method ?? "GET";
  const raw = await readBody(request);
  const requestId = newId("req", 14);
  const idempotencyKey = header(request, "idempotency-key");
  const fail = (failure: StripeFailure) =>
    sendJson(response, failure.status, { error: failure.error }, requestId);
  let form: FormObject;
  try {
    form = decodeStripeForm(method === "GET" ? url.search.slice(1) : raw);
  } catch (error) {
    if (!(error instanceof StripeFailure)) throw error;
    return fail(error);
  }
  const stripeAccount = header(request, "stripe-account");
  const apiKey = header(request, "authorization")?.replace(/^Bearer /, "") ?? null;
  state.requests.push({ method, path: url.pathname, body: form, idempotencyKey, stripeAccount, apiKey });

  if (state.down) {
    if (state.down.delayMs > 0) await sleep(state, state.down.delayMs);
    return fail(
      new StripeFailure(500, {
        type: "api_error",
        message: "Sorry, something went wrong. We've already been notified of the problem.",
      }),
    );
  }
  const unauthenticated = authenticate(state, request);
  if (unauthenticated) return fail(unauthenticated);
  state.account = accountOfKey(apiKey ?? "");

  // Idempotency keys are the account's own, as at Stripe.
  const idempotent = method === "POST" && idempotencyKey ? `${state.account} ${idempotencyKey}` : null;
  const fingerprint = JSON.stringify(form);
  const earlier = idempotent ? state.idempotency.get(idempotent) : undefined;
  if (earlier) {
    if (earlier.path !== url.pathname || earlier.fingerprint !== fingerprint) {
      return fail(
        new StripeFailure(400, {
          type: "idempotency_error",
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        }),
      );
    }
    return sendJson(response, earlier.status, earlier.body, requestId, true);
  }

  // Events name the API request that made them; those of the helpers name none.
  state.request = { id: requestId, idempotency_key: idempotencyKey };
  const { status, body, events } = answer(state, method, url.pathname, form);
  state.request = NO_REQUEST;
  // Stripe keeps the result of a request that ran (a decline too), not of one refused by validation.
  if (idempotent && (isSuccess(status) || status === 402)) {
    state.idempotency.set(idempotent, { path: url.pathname, fingerprint, status, body });
  }
  sendJson(response, status, body, requestId);
  // Stripe's webhooks follow its answer, they do not hold it up.
  void deliver(state, events);
}

// ---------------------------------------------------------------------------------------------------
// The hosted payment page.

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function renderPage(state: State, session: CheckoutSession, error: string | null): string {
  const terms = state.sessionTerms.get(session.id);
  const payment = session.mode === "payment";
  const amount = payment && session.currency ? formatAmount(session.amount_total ?? 0, session.currency) : "";
  const body =
    session.status !== "open"
      ? "<p>This Checkout Session is no longer available.</p>"
      : `<form method="post">
  <p>${payment ? `${escapeHtml(terms?.productName ?? "")}: <strong>${escapeHtml(amount)}</strong>` : "Save a card for later payments"}</p>
  ${error ? `<p role="alert">${escapeHtml(error)}</p>` : ""}
  <label for="card-number">Card number</label>
  <input id="card-number" name="card_number" value="4242 4242 4242 4242" inputmode="numeric" autocomplete="cc-number">
  ${payment && session.customer ? '<label><input type="checkbox" name="save_card" value="on"> Save my card for later</label>' : ""}
  <button type="submit" name="intent" value="pay">${payment ? "Pay" : "Save card"}</button>
  <button type="submit" name="intent" value="back" formnovalidate>Back</button>
</form>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Checkout</title></head>
<body><main><h1>Checkout</h1>
${body}
</main></body></html>`;
}

function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, { "content-type": "text/html; charset=utf-8" });
  response.end(html);
}

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { location });
  response.end();
}

async function handlePage(state: State, request: IncomingMessage, response: ServerResponse, id: string) {
  const raw = await readBody(request);
  const session = find(state, id, "checkout.session");
  if (!session) return sendHtml(response, 404, "<!doctype html><title>Not found</title><p>Not found</p>");
  if (request.method !== "POST") return sendHtml(response, 200, renderPage(state, session, null));
  const form = decodeStripeForm(raw);
  if (form.intent === "back") return redirect(response, session.cancel_url ?? session.url ?? state.url);
  const cardNumber = (typeof form.card_number === "string" ? form.card_number : "").replace(/\s/g, "");
  const completion = completeCheckout(state, id, cardNumber, form.save_card === "on");
  if (completion.outcome !== "refused") await deliver(state, completion.events);
  if (completion.outcome === "complete") {
    return redirect(response, session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", id));
  }
  sendHtml(
    response,
    200,
    renderPage(state, find(state, id, "checkout.session") ?? session, completion.message),
  );
}

// ---------------------------------------------------------------------------------------------------

export async function startStripeStandIn(
  options: {
    webhookTarget?: WebhookTarget;
    /** A fixed port and keys, for a server process started before it (the browser tests'); else random. */
    port?: number;
    secretKey?: string;
    webhookSecret?: string;
    /** Keys of more Stripe accounts to answer (they share its objects but their Customers). */
    otherKeys?: string[];
  } = {},
): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? `sk_test_standin_${randomBytes(12).toString("hex")}`;
  const state: State = {
    url: "",
    secretKey,
    otherKeys: options.otherKeys ?? [],
    account: accountOfKey(secretKey),
    customerAccounts: new Map(),
    webhookSecret: options.webhookSecret ?? `whsec_${randomBytes(24).toString("base64url")}`,
    signer: new Stripe(secretKey),
    objects: new Map(),
    sessionTerms: new Map(),
    cardNumbers: new Map(),
    idempotency: new Map(),
    requests: [],
    events: [],
    payloads: new Map(),
    deliveries: [],
    target: options.webhookTarget ?? null,
    down: false,
    timers: new Set(),
    closed: false,
    request: NO_REQUEST,
  };
  const server = createServer((request, response) => {
    const page = /^\/c\/pay\/([^/?]+)/.exec(request.url ?? "");
    const handled = page?.[1]
      ? handlePage(state, request, response, decodeURIComponent(page[1]))
      : handleApi(state, request, response);
    handled.catch((error: unknown) => {
      // A fault of the stand-in itself: shown in the test's output and answered as Stripe's 500.
      console.error("stripe stand-in:", error);
      if (!response.headersSent)
        sendJson(response, 500, { error: { type: "api_error", message: String(error) } }, "");
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  state.url = `http://127.0.0.1:${port}`;

  return {
    url: state.url,
    port,
    secretKey,
    webhookSecret: state.webhookSecret,
    requests: state.requests,
    events: state.events,
    deliveries: state.deliveries,
    setWebhookTarget(target) {
      state.target = target;
    },
    setDown(down) {
      state.down = down === true ? { delayMs: 0 } : down === false ? false : down;
    },
    async completeSession(sessionId, card = "4242424242424242", completeOptions = {}) {
      const completion = completeCheckout(state, sessionId, card, completeOptions.saveCard ?? false);
      if (completion.outcome === "refused") throw new Error(`${sessionId}: ${completion.message}`);
      await deliver(state, completion.events);
    },
    async expireSession(sessionId) {
      await deliver(state, expireSession(state, sessionId).events);
    },
    async refundFromDashboard(paymentIntentId, amount) {
      const form: FormObject = { payment_intent: paymentIntentId };
      if (amount !== undefined) form.amount = String(amount);
      await deliver(state, createRefund(state, form).events);
    },
    async redeliver(eventId) {
      const event = state.events.find((candidate) => candidate.id === eventId);
      if (!event) throw new Error(`no event ${eventId}`);
      return deliverOnce(state, event);
    },
    async close() {
      state.closed = true;
      for (const timer of state.timers) clearTimeout(timer);
      state.timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
