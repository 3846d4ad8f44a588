import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type StripeStandIn, startStripeStandIn, type TestCard } from "./stripe-stand-in.ts";

/**
 * The real `stripe` client against the stand-in: what the product's payment tests lean on works as
 * Stripe's API does, webhooks included, verified as the product verifies them.
 */

interface Receiver {
  url: string;
  events: Stripe.Event[];
  /** How many of the next deliveries to answer with 500, as a product that fails does. */
  failNext: number;
  server: Server;
}

/** A webhook endpoint as the product's: it checks Stripe's signature over the raw body. */
async function startReceiver(secret: string): Promise<Receiver> {
  const verifier = new Stripe("sk_test_verifier");
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const signature = request.headers["stripe-signature"] ?? "";
      let event: Stripe.Event;
      try {
        event = verifier.webhooks.constructEvent(Buffer.concat(chunks), signature, secret);
      } catch (error) {
        // A bad signature is the answer under test: the stand-in records the 400.
        response.writeHead(400).end(String(error));
        return;
      }
      if (receiver.failNext > 0) {
        receiver.failNext -= 1;
        response.writeHead(500).end();
        return;
      }
      receiver.events.push(event);
      response.writeHead(200).end();
    });
  });
  const receiver: Receiver = { url: "", events: [], failNext: 0, server };
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
  return receiver;
}

let standIn: StripeStandIn;
let receiver: Receiver;
let stripe: Stripe;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  receiver = await startReceiver(standIn.webhookSecret);
  standIn.setWebhookTarget({ url: receiver.url, host: "shop.test" });
  stripe = new Stripe(standIn.secretKey, {
    host: "127.0.0.1",
    port: standIn.port,
    protocol: "http",
    maxNetworkRetries: 0,
  });
});

afterAll(async () => {
  await standIn.close();
  await new Promise((resolve) => receiver.server.close(resolve));
});

function paymentSession(customer: string | null, currency = "eur"): Stripe.Checkout.SessionCreateParams {
  return {
    mode: "payment",
    ...(customer ? { customer } : {}),
    line_items: [
      { quantity: 2, price_data: { currency, unit_amount: 617, product_data: { name: "Order 5" } } },
    ],
    success_url: "https://shop.test/paid?session={CHECKOUT_SESSION_ID}",
    cancel_url: "https://shop.test/cart",
    metadata: { order: "5" },
    payment_intent_data: { metadata: { order: "5" } },
  };
}

function typesOf(id: string): string[] {
  return receiver.events
    .filter((event) => (event.data.object as { id?: string }).id === id)
    .map((event) => event.type);
}

/** A customer with a card saved on a setup-mode session, as the product's "add a card" does. */
async function customerWithCard(card: TestCard): Promise<{ customer: string; method: string }> {
  const customer = await stripe.customers.create({ email: "ann@example.com" });
  const session = await stripe.checkout.sessions.create({
    mode: "setup",
    currency: "eur",
    customer: customer.id,
    success_url: "https://shop.test/cards",
  });
  await standIn.completeSession(session.id, card);
  const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ["setup_intent"] });
  const method = (done.setup_intent as Stripe.SetupIntent).payment_method as string;
  return { customer: customer.id, method };
}

describe("the Stripe stand-in", () => {
  it("creates a checkout session once per idempotency key, as Stripe's form encoding has it", async () => {
    const customer = await stripe.customers.create({ email: "ann@example.com", metadata: { account: "7" } });
    const first = await stripe.checkout.sessions.create(paymentSession(customer.id), {
      idempotencyKey: "order-5",
    });
    const again = await stripe.checkout.sessions.create(paymentSession(customer.id), {
      idempotencyKey: "order-5",
    });

    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({
      object: "checkout.session",
      status: "open",
      payment_status: "unpaid",
      amount_total: 1234,
      currency: "eur",
      customer: customer.id,
      url: `${standIn.url}/c/pay/${first.id}`,
    });
    expect(standIn.requests.at(-1)).toMatchObject({
      method: "POST",
      path: "/v1/checkout/sessions",
      idempotencyKey: "order-5",
      body: { line_items: [{ quantity: "2", price_data: { unit_amount: "617" } }], metadata: { order: "5" } },
    });
    await expect(
      stripe.checkout.sessions.create(paymentSession(null), { idempotencyKey: "order-5" }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it("completes a session: expandable answers and signed webhooks, session first", async () => {
    const customer = await stripe.customers.create({ name: "Ann" });
    const session = await stripe.checkout.sessions.create(paymentSession(customer.id));

    await standIn.completeSession(session.id, "4242424242424242", { saveCard: true });

    const paid = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ["payment_intent.payment_method"],
    });
    expect(paid).toMatchObject({ status: "complete", payment_status: "paid" });
    const intent = paid.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({ status: "succeeded", amount_received: 1234, metadata: { order: "5" } });
    expect(intent.payment_method).toMatchObject({
      customer: customer.id,
      card: { brand: "visa", last4: "4242" },
    });
    expect(typesOf(session.id)).toEqual(["checkout.session.completed"]);
    expect(typesOf(intent.id)).toEqual(["payment_intent.succeeded"]);
    const completed = receiver.events.findIndex((event) => event.type === "checkout.session.completed");
    expect(receiver.events[completed + 1]?.type).toBe("payment_intent.succeeded");
    // The receiver verified every signature: no delivery got its 400.
    expect(standIn.deliveries.map((delivery) => delivery.status)).not.toContain(400);
  });

  it("serves the hosted page, whose form pays and goes back to the shop", async () => {
    const customer = await stripe.customers.create({});
    const session = await stripe.checkout.sessions.create(paymentSession(customer.id));
    const page = await (await fetch(session.url ?? "")).text();
    expect(page).toContain("Card number");
    expect(page).toContain("Save my card for later");
    expect(page).toContain("12.34 EUR");

    const declined = await fetch(session.url ?? "", {
      method: "POST",
      body: new URLSearchParams({ card_number: "4000 0000 0000 0002", intent: "pay" }),
      redirect: "manual",
    });
    expect(await declined.text()).toContain("Your card was declined.");
    const paid = await fetch(session.url ?? "", {
      method: "POST",
      body: new URLSearchParams({ card_number: "4242 4242 4242 4242", intent: "pay" }),
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`https://shop.test/paid?session=${session.id}`);
    expect(typesOf(session.id)).toEqual(["checkout.session.completed"]);
  });

  it("charges a saved card off-session, and answers 402 card_declined for a card without funds", async () => {
    const good = await customerWithCard("4242424242424242");
    const intent = await stripe.paymentIntents.create({
      amount: 990,
      currency: "eur",
      customer: good.customer,
      payment_method: good.method,
      off_session: true,
      confirm: true,
    });
    expect(intent).toMatchObject({ status: "succeeded", latest_charge: expect.stringMatching(/^ch_/) });

    const poor = await customerWithCard("4000000000009995");
    const declined = await stripe.paymentIntents
      .create({
        amount: 990,
        currency: "eur",
        customer: poor.customer,
        payment_method: poor.method,
        off_session: true,
        confirm: true,
      })
      .catch((error: unknown) => error);
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(declined).toMatchObject({
      statusCode: 402,
      code: "card_declined",
      decline_code: "insufficient_funds",
    });
    const failed = (declined as Stripe.errors.StripeCardError).payment_intent;
    expect(failed?.status).toBe("requires_payment_method");
    await vi.waitFor(() => expect(typesOf(failed?.id ?? "")).toEqual(["payment_intent.payment_failed"]));

    await stripe.paymentMethods.detach(good.method);
    await expect(
      stripe.paymentIntents.create({
        amount: 990,
        currency: "eur",
        customer: good.customer,
        payment_method: good.method,
        off_session: true,
        confirm: true,
      }),
    ).rejects.toMatchObject({ statusCode: 400, code: "resource_missing", param: "payment_method" });
  });

  it("refunds part of a payment, then refuses more than is left", async () => {
    const { customer, method } = await customerWithCard("4242424242424242");
    const intent = await stripe.paymentIntents.create({
      amount: 1234,
      currency: "eur",
      customer,
      payment_method: method,
      off_session: true,
      confirm: true,
    });

    const refund = await stripe.refunds.create({ payment_intent: intent.id, amount: 500 });
    expect(refund).toMatchObject({
      object: "refund",
      amount: 500,
      status: "succeeded",
      charge: intent.latest_charge,
    });
    await expect(stripe.refunds.create({ payment_intent: intent.id, amount: 800 })).rejects.toMatchObject({
      statusCode: 400,
      code: "amount_too_large",
    });
    await vi.waitFor(() => expect(typesOf(intent.latest_charge as string)).toEqual(["charge.refunded"]));
    const refunded = receiver.events.find((event) => event.type === "charge.refunded")?.data.object;
    expect(refunded).toMatchObject({ amount_refunded: 500, refunded: false, payment_intent: intent.id });
  });

  it("refuses a currency Stripe does not support, naming it", async () => {
    await expect(stripe.checkout.sessions.create(paymentSession(null, "iqd"))).rejects.toMatchObject({
      statusCode: 400,
      type: "StripeInvalidRequestError",
      param: "line_items[0][price_data][currency]",
      message: expect.stringContaining("Invalid currency: iqd"),
    });
  });

  it("retries a delivery the product answered with a 5xx, and redelivers on demand", async () => {
    const session = await stripe.checkout.sessions.create(paymentSession(null));
    receiver.failNext = 1;
    await standIn.expireSession(session.id);
    const expired = standIn.deliveries.filter((delivery) => delivery.type === "checkout.session.expired");
    expect(expired.map((delivery) => delivery.status)).toEqual([500]);

    await vi.waitFor(() => expect(typesOf(session.id)).toEqual(["checkout.session.expired"]));
    const event = expired[0]?.eventId ?? "";
    expect(await standIn.redeliver(event)).toBe(200);
    expect(receiver.events.filter((received) => received.id === event)).toHaveLength(2);
  });

  it("answers 401 to another key and 500 api_error while down", async () => {
    const stranger = new Stripe("sk_test_other", {
      host: "127.0.0.1",
      port: standIn.port,
      protocol: "http",
      maxNetworkRetries: 0,
    });
    await expect(stranger.customers.create({})).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    standIn.setDown(true);
    await expect(stripe.customers.create({})).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    standIn.setDown(false);
  });
});
