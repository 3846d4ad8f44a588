import { endpoints } from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localities, sandboxSessions, savedCards, users } from "../src/db/schema.ts";
import { paymentMethodsOf } from "../src/payments/payment-methods.ts";
import { sandboxGateway } from "../src/payments/sandbox-gateway.ts";
import { callEndpoint, newCart } from "./cart-helpers.ts";
import { DEMO, signInCustomer, startTestApp, type TestApp } from "./harness.ts";
import { apiPath } from "./paths.ts";
import { redirectOf, SANDBOX, submitCard } from "./payment-helpers.ts";

const NOW = new Date("2026-11-23T12:00:00Z");
const BIND_FORM = apiPath(
  endpoints.customer.cardBindForm({ paymentOptionCode: "sandbox-card", localityCode: "riga" }),
);

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ now: NOW });
});
afterAll(() => t.close());

/** The bind form of Riga's sandbox card, with one parameter changed. */
function bindFormOf(change: { paymentOptionCode?: string; localityCode?: string; returnPath?: string }) {
  return apiPath(
    endpoints.customer.cardBindForm({ paymentOptionCode: "sandbox-card", localityCode: "riga", ...change }),
  );
}

function bindForm(cookie: string | null, url = BIND_FORM, headers: Record<string, string> = DEMO) {
  return t.app.inject({ method: "GET", url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
}

/** The card page's way back, followed by the browser: no partner header, only the cookie. */
async function followBack(location: string, cookie: string | null) {
  return redirectOf(await t.app.inject({ method: "GET", url: location, headers: cookie ? { cookie } : {} }));
}

/** Saves a card through the card page, as a customer does; answers where the storefront is sent. */
async function bindCard(cookie: string, cardNumber: string = SANDBOX.authorised, url = BIND_FORM) {
  const form = await bindForm(cookie, url);
  expect(form.statusCode).toBe(200);
  const back = redirectOf(await submitCard(t.app, form.body, { cardNumber }));
  return { pageUrl: form.body, back, landing: await followBack(back.location, cookie) };
}

async function cardsOf(cookie: string) {
  const answer = await callEndpoint(t.app, endpoints.customer.cards(), cookie);
  expect(answer.status).toBe(200);
  return answer.body.cards as Array<{
    id: number;
    maskedCardNumber: string;
    brand: string | null;
    default: boolean;
  }>;
}

async function userIdOf(phone: string): Promise<number> {
  const [user] = await t.database.db.select().from(users).where(eq(users.phone, phone));
  return (user as { id: number }).id;
}

describe("saving a card on the card page", () => {
  it("saves 4242 end to end: the first card is the default, and a replayed return adds nothing", async () => {
    const { cookie } = await signInCustomer(t.app);
    const form = await bindForm(cookie);
    expect(form.headers["content-type"]).toContain("text/plain");
    expect(form.headers["cache-control"]).toBe("private, no-store");
    expect(form.body).toMatch(/^\/api\/sandbox\/pages\/bind_[A-Za-z0-9_-]+$/);

    const page = await t.app.inject({ method: "GET", url: form.body });
    expect(page.body).toContain("Save a card");
    expect(page.body).toContain(">Save card</button>");
    expect(page.body).not.toContain("Save this card for next time");

    const back = redirectOf(await submitCard(t.app, form.body, { cardNumber: SANDBOX.authorised }));
    expect(back.path).toBe("/api/customer/me/cards/bind-result");
    expect(back.query).toMatchObject({ partner: "demo", returnPath: "/lv/menu/cards", status: "AUTHORIZED" });

    const landing = await followBack(back.location, cookie);
    expect(landing.path).toBe("/lv/menu/cards");
    expect(landing.query).toEqual({ bindStatus: "AUTHORIZED", cardId: expect.any(String) });

    const cards = await cardsOf(cookie);
    expect(cards).toEqual([
      { id: Number(landing.query.cardId), maskedCardNumber: " ****4242", brand: "Visa", default: true },
    ]);

    const replay = await followBack(back.location, cookie);
    expect(replay.query).toEqual(landing.query);
    expect(await cardsOf(cookie)).toHaveLength(1);
  });

  it("goes back to the storefront path it was given, in the customer's language by default", async () => {
    const { cookie, phone } = await signInCustomer(t.app);
    const custom = await bindCard(
      cookie,
      SANDBOX.authorised,
      `${BIND_FORM}&returnPath=%2Fen%2Fcart%3Fstep%3Dpay`,
    );
    expect(custom.landing.path).toBe("/en/cart");
    expect(custom.landing.query).toMatchObject({ step: "pay", bindStatus: "AUTHORIZED" });

    await t.database.db.update(users).set({ lang: "ru" }).where(eq(users.phone, phone));
    expect((await bindCard(cookie)).landing.path).toBe("/ru/menu/cards");
  });

  it("sends the customer back to the storefront's own address, never to another host", async () => {
    const { cookie } = await signInCustomer(t.app);
    for (const returnPath of ["//evil.example/x", "/\\evil.example/x", "https://evil.example/x"]) {
      const refused = await bindForm(cookie, `${BIND_FORM}&returnPath=${encodeURIComponent(returnPath)}`);
      expect(refused.statusCode).toBe(400);
    }
    const dotted = await bindCard(
      cookie,
      SANDBOX.authorised,
      `${BIND_FORM}&returnPath=%2Fa%2F..%2F%2Fevil.example%2Fx`,
    );
    const landing = new URL(dotted.landing.location);
    expect(landing.origin).toBe("http://localhost:3000");
    expect(landing.pathname).toBe("//evil.example/x");
  });

  it("keeps no card for a declined number or a canceled page", async () => {
    const { cookie } = await signInCustomer(t.app);
    const declined = await bindCard(cookie, SANDBOX.declined);
    expect(declined.back.query.status).toBe("FAILED");
    expect(declined.landing.query).toEqual({ bindStatus: "FAILED" });

    const form = await bindForm(cookie);
    const canceled = redirectOf(await t.app.inject({ method: "GET", url: `${form.body}/cancel` }));
    expect((await followBack(canceled.location, cookie)).query).toEqual({ bindStatus: "CANCELED" });
    expect(await cardsOf(cookie)).toEqual([]);
  });

  it("keeps the card only for the customer who started it, signed in", async () => {
    const owner = await signInCustomer(t.app);
    const form = await bindForm(owner.cookie);
    const back = redirectOf(await submitCard(t.app, form.body, { cardNumber: SANDBOX.authorised }));

    const stranger = await signInCustomer(t.app);
    expect((await followBack(back.location, stranger.cookie)).query).toEqual({ bindStatus: "ERROR" });
    const forged = back.location.replace(/customer=\d+/, `customer=${await userIdOf(stranger.phone)}`);
    expect((await followBack(forged, stranger.cookie)).query).toEqual({ bindStatus: "ERROR" });
    expect((await followBack(back.location, null)).query).toEqual({ bindStatus: "ERROR" });
    expect(await cardsOf(stranger.cookie)).toEqual([]);

    expect((await followBack(back.location, owner.cookie)).query.bindStatus).toBe("AUTHORIZED");
    expect(await cardsOf(owner.cookie)).toHaveLength(1);
  });
});

describe("the bind form's failures", () => {
  it("answers ERROR_ and the status as text", async () => {
    const { cookie } = await signInCustomer(t.app);
    const cases: Array<[string | null, string, Record<string, string>, number]> = [
      [cookie, bindFormOf({ paymentOptionCode: "unknown" }), DEMO, 400],
      [cookie, bindFormOf({ paymentOptionCode: "cash" }), DEMO, 400],
      [cookie, "/api/customer/me/cards/bind-form?localityCode=riga", DEMO, 400],
      [cookie, bindFormOf({ returnPath: "https://evil.example" }), DEMO, 400],
      [cookie, bindFormOf({ localityCode: "atlantis" }), DEMO, 404],
      [null, BIND_FORM, DEMO, 401],
      [cookie, BIND_FORM, {}, 400],
    ];
    for (const [who, url, headers, status] of cases) {
      const answer = await bindForm(who, url, headers);
      expect({ url, status: answer.statusCode, body: answer.body }).toEqual({
        url,
        status,
        body: `ERROR_${status}`,
      });
      expect(answer.headers["content-type"]).toContain("text/plain");
    }
  });
});

describe("the saved cards", () => {
  it("are masked, with 'broken card' when the last digits are missing", async () => {
    const { cookie, phone } = await signInCustomer(t.app);
    await bindCard(cookie);
    const [partner] = await t.database.db
      .select({ id: users.partnerId })
      .from(users)
      .where(eq(users.phone, phone));
    await t.database.db.insert(savedCards).values({
      partnerId: (partner as { id: number }).id,
      userId: await userIdOf(phone),
      provider: "sandbox",
      providerToken: "tok_without_digits",
      last4: null,
      brand: null,
    });
    expect((await cardsOf(cookie)).map((c) => c.maskedCardNumber)).toEqual([" ****4242", "broken card"]);
    const answer = await callEndpoint(t.app, endpoints.customer.cards("riga"), cookie);
    expect(answer.status).toBe(200);
    expect((await callEndpoint(t.app, endpoints.customer.cards(), null)).status).toBe(401);
  });

  it("change their default, and unbinding the default passes it on; the gateway forgets the token", async () => {
    const { cookie } = await signInCustomer(t.app);
    await bindCard(cookie);
    await bindCard(cookie);
    const [first, second] = await cardsOf(cookie);
    expect([first?.default, second?.default]).toEqual([true, false]);

    const switched = await callEndpoint(t.app, endpoints.customer.defaultCard(second?.id as number), cookie);
    expect(switched.status).toBe(200);
    expect(switched.body.cards.map((c: { default: boolean }) => c.default)).toEqual([false, true]);

    const [secondRow] = await t.database.db
      .select()
      .from(savedCards)
      .where(eq(savedCards.id, second?.id as number));
    const removed = await callEndpoint(t.app, endpoints.customer.deleteCard(second?.id as number), cookie);
    expect(removed.status).toBe(200);
    expect(removed.body.cards).toEqual([{ ...first, default: true }]);
    const holding = await t.database.db
      .select()
      .from(sandboxSessions)
      .where(eq(sandboxSessions.cardToken, secondRow?.providerToken as string));
    expect(holding).toEqual([]);
    const charge = await sandboxGateway(t.database.db).chargeCard({
      token: secondRow?.providerToken as string,
      amount: 100,
      currencyCode: "EUR",
      context: { partnerCode: "demo", payer: { partnerId: 1, userId: 1 }, idempotencyKey: "forgotten-card" },
    });
    expect(charge.status).toBe("FAILED");

    const unbound = await callEndpoint(
      t.app,
      endpoints.customer.unbindCard(first?.id as number, "riga"),
      cookie,
    );
    expect(unbound.body.cards).toEqual([]);
  });

  it("belong to their customer: another one's card is a 404", async () => {
    const owner = await signInCustomer(t.app);
    await bindCard(owner.cookie);
    const [card] = await cardsOf(owner.cookie);
    const stranger = (await signInCustomer(t.app)).cookie;
    for (const endpoint of [
      endpoints.customer.defaultCard(card?.id as number),
      endpoints.customer.deleteCard(card?.id as number),
    ]) {
      const answer = await callEndpoint(t.app, endpoint, stranger);
      expect(answer.status).toBe(404);
      expect(answer.body.type).toBe("CardNotFoundException");
    }
    expect(await cardsOf(owner.cookie)).toHaveLength(1);
  });
});

describe("payment methods with saved cards", () => {
  it("lists the customer's cards as card:<id> online methods", async () => {
    const { cookie } = await signInCustomer(t.app);
    const before = await callEndpoint(t.app, endpoints.customer.paymentMethods("riga"), cookie);
    expect(before.body.methods.map((m: { code: string }) => m.code)).toEqual(["cash", "sandbox-card"]);

    await bindCard(cookie);
    const [card] = await cardsOf(cookie);
    const after = await callEndpoint(t.app, endpoints.customer.paymentMethods("riga"), cookie);
    expect(after.body.methods).toContainEqual({
      code: `card:${card?.id}`,
      type: "ONLINE",
      name: "Visa ****4242",
      card: { id: card?.id, maskedCardNumber: " ****4242", default: true },
    });
    const supported = await callEndpoint(t.app, endpoints.supportedPaymentMethods("riga"), null);
    expect(supported.body.methods.some((m: { card: unknown }) => m.card)).toBe(false);
  });

  it("are a cart's payment method only for their own customer: another's card is a 400 naming paymentMethod", async () => {
    const owner = await signInCustomer(t.app);
    await bindCard(owner.cookie);
    const [card] = await cardsOf(owner.cookie);
    const mine = await newCart(t.app, owner.cookie);
    const kept = await callEndpoint(t.app, endpoints.carts.update(mine.cartId), mine.cookie, {
      paymentMethod: `card:${card?.id}`,
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.cart.paymentMethod).toBe(`card:${card?.id}`);

    // A stranger, signed in or not, names the owner's card (or one that does not exist) on their cart.
    const stranger = await newCart(t.app, (await signInCustomer(t.app)).cookie);
    const visitor = await newCart(t.app, null);
    for (const [cart, method] of [
      [stranger, `card:${card?.id}`],
      [visitor, `card:${card?.id}`],
      [stranger, "card:99999999999"],
      [stranger, "card:"],
    ] as const) {
      const refused = await callEndpoint(t.app, endpoints.carts.update(cart.cartId), cart.cookie, {
        paymentMethod: method,
      });
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.details.map((d: { field: string }) => d.field)).toEqual(["paymentMethod"]);
      const after = await callEndpoint(t.app, endpoints.carts.get(cart.cartId), cart.cookie);
      expect(after.body.cart.paymentMethod).toBeNull();
    }
  });

  it("shows cards when the locality shows stored cards or the customer has one, where it takes cards", async () => {
    const [riga] = await t.database.db.select().from(localities).where(eq(localities.code, "riga"));
    if (!riga) throw new Error("the demo has Riga");
    const card = {
      id: 7,
      partnerId: riga.partnerId,
      userId: 1,
      provider: "sandbox",
      providerToken: "tok_x",
      last4: null,
      brand: null,
      isDefault: false,
      createdAt: NOW,
    };
    const processor = (takesCards: boolean) => ({ takesCards, takesCurrency: () => takesCards });
    const codes = (params: object, cards: (typeof card)[], takesCards = true) =>
      paymentMethodsOf(
        { ...riga, params: { ...riga.params, ...params } },
        { processor: processor(takesCards), cards },
      ).map((m) => m.code);
    expect(codes({ showStoredCards: false }, [card])).toEqual(["cash", "sandbox-card", "card:7"]);
    expect(codes({ showStoredCards: false }, [])).toEqual(["cash", "sandbox-card"]);
    expect(codes({ paymentTypes: ["CASH"] }, [card])).toEqual(["cash"]);
    // A deployment without a card processor offers cash only, whatever the locality asks for.
    expect(codes({ showStoredCards: true }, [card], false)).toEqual(["cash"]);
    const broken = paymentMethodsOf(riga, { processor: processor(true), cards: [card] }).at(-1);
    expect(broken).toMatchObject({ name: "Card (broken card)", card: { maskedCardNumber: "broken card" } });
  });
});
