import { endpoints, opsEndpoints } from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueChanges } from "../src/catalogue/catalogue-tags.ts";
import { localities } from "../src/db/schema.ts";
import { callEndpoint } from "./cart-helpers.ts";
import { NOW, placeOrderIn } from "./completed-orders.ts";
import { DEMO_SECRETS, signInCustomer, startTestApp, type TestApp } from "./harness.ts";
import { customer, deliverThroughOps, ops } from "./order-helpers.ts";
import { opsPath } from "./paths.ts";

const REFERRAL_OFF = { enabled: false, discountDescription: {}, bonusDescription: {} };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ now: NOW });
});
afterAll(() => t.close());

const referralCodeOf = async (session: string) => {
  const answer = await callEndpoint(t.app, endpoints.customer.referralCode(), session);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.code as string;
};

/** Tries a code on a fresh Riga cart of the customer; answers the promo code call. */
async function tryCode(session: string, code: string) {
  const cart = await callEndpoint(t.app, endpoints.carts.create(), session, {
    localityCode: "riga",
    location: { latitude: 56.9496, longitude: 24.1052 },
  });
  const cookie = [session, cart.cookie].filter(Boolean).join("; ");
  return callEndpoint(t.app, endpoints.carts.applyPromoCode(cart.body.cartId), cookie, { code });
}

const deliver = (orderId: number) => deliverThroughOps(t.app, orderId);

describe("the referral code", () => {
  it("is made once per customer, is theirs alone, and needs a signed-in customer", async () => {
    const alice = await signInCustomer(t.app);
    const bob = await signInCustomer(t.app);
    const code = await referralCodeOf(alice.cookie);
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(await referralCodeOf(alice.cookie)).toBe(code);
    expect(await referralCodeOf(bob.cookie)).not.toBe(code);
    expect((await callEndpoint(t.app, endpoints.customer.referralCode(), null)).status).toBe(401);
    // Two first asks at once still make one code.
    const carol = await signInCustomer(t.app);
    const [one, two] = await Promise.all([referralCodeOf(carol.cookie), referralCodeOf(carol.cookie)]);
    expect(one).toBe(two);
  });

  it("is not among the promo codes listed to anyone", async () => {
    const alice = await signInCustomer(t.app);
    const code = await referralCodeOf(alice.cookie);
    for (const session of [alice.cookie, (await signInCustomer(t.app)).cookie]) {
      const listed = await callEndpoint(t.app, endpoints.customer.promoCodes(), session);
      expect(listed.body.promoCodes.map((p: { code: string }) => p.code)).not.toContain(code);
    }
  });

  it("gives a friend the discount on a first order only, and never its owner", async () => {
    const alice = await customer(t);
    const code = await referralCodeOf(alice.session);

    const own = await tryCode(alice.session, code);
    expect(own.status).toBe(400);
    expect(own.body).toMatchObject({ type: "PromoCodeException", errorCode: "DOES_NOT_APPLY" });

    // In any case the friend types it.
    const friend = await customer(t);
    const applied = await tryCode(friend.session, code.toLowerCase());
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.cart.promocode).toBe(code);

    const order = await placeOrderIn(t, friend.session, { promoCode: code });
    expect(order.promocode).toBe(code);
    const again = await tryCode(friend.session, code);
    expect(again.body).toMatchObject({ type: "PromoCodeException", errorCode: "UTILIZED" });
    // A customer who has ordered before is no longer on a first order.
    const regular = await customer(t);
    await placeOrderIn(t, regular.session);
    const late = await tryCode(regular.session, code);
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ type: "PromoCodeException", errorCode: "DOES_NOT_APPLY" });
  });

  it("stays a friend's to use when their first order is declined", async () => {
    const alice = await customer(t);
    const code = await referralCodeOf(alice.session);
    const friend = await customer(t);
    const declined = await placeOrderIn(t, friend.session, { promoCode: code });
    const moved = await ops(
      t.app,
      DEMO_SECRETS.opsKeys.dispatch,
      "POST",
      opsPath(opsEndpoints.moveOrder(declined.id, "decline")),
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const again = await tryCode(friend.session, code);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it("earns its owner one bonus code when the friend's first order is delivered", async () => {
    const alice = await customer(t);
    const code = await referralCodeOf(alice.session);
    const friend = await customer(t);
    const order = await placeOrderIn(t, friend.session, { promoCode: code });
    const bonusCodes = async () =>
      (
        await callEndpoint(t.app, endpoints.customer.promoCodes(), alice.session, undefined, {
          "accept-language": "en",
        })
      ).body.promoCodes.filter((p: { code: string }) => p.code.startsWith("BONUS"));

    expect(await bonusCodes()).toEqual([]);
    await deliver(order.id);
    const [bonus, ...more] = await bonusCodes();
    expect(more).toEqual([]);
    expect(bonus).toMatchObject({
      type: "PERCENT",
      value: 10,
      personal: true,
      description: "10% off, a thank-you for inviting a friend",
      validUntil: new Date(NOW.getTime() + 30 * 86_400_000).toISOString(),
    });
    // The friend got no bonus; a bonus works once, in any locality.
    const friendCodes = await callEndpoint(t.app, endpoints.customer.promoCodes(), friend.session);
    expect(friendCodes.body.promoCodes.map((p: { code: string }) => p.code)).not.toContain(bonus.code);
    const used = await tryCode(alice.session, bonus.code);
    expect(used.status, JSON.stringify(used.body)).toBe(200);
  });

  it("does not work where the programme does not run, and cannot be had where none runs", async () => {
    const alice = await customer(t);
    const code = await referralCodeOf(alice.session);
    const friend = await customer(t);
    const db = t.database.db;
    const [riga] = await db.select().from(localities).where(eq(localities.code, "riga"));
    if (!riga?.params.referral) throw new Error("Riga runs the referral programme in the demo");
    const all = await db.select().from(localities).where(eq(localities.partnerId, riga.partnerId));
    // Written as the console writes a city's settings: the change announced to the catalogue's cache.
    const announce = (row: (typeof all)[number]) =>
      t.app.services.catalogueInvalidations.announce(catalogueChanges.locality(row));
    const stopIn = async (row: (typeof all)[number]) => {
      await db
        .update(localities)
        .set({
          params: { ...row.params, referral: { ...REFERRAL_OFF, ...row.params.referral, enabled: false } },
        })
        .where(eq(localities.id, row.id));
      await announce(row);
    };
    try {
      await stopIn(riga);
      const tried = await tryCode(friend.session, code);
      expect(tried.status).toBe(400);
      expect(tried.body).toMatchObject({ type: "PromoCodeException", errorCode: "NOT_FOUND" });

      for (const row of all) await stopIn(row);
      const none = await callEndpoint(t.app, endpoints.customer.referralCode(), alice.session);
      expect(none.status).toBe(404);
      expect(none.body.type).toBe("ReferralProgramDisabledException");
    } finally {
      for (const row of all) {
        await db.update(localities).set({ params: row.params }).where(eq(localities.id, row.id));
        await announce(row);
      }
    }
  });
});
