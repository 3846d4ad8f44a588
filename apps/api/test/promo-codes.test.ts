import { endpoints, opsEndpoints } from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { promoCodes } from "../src/db/schema.ts";
import { call, callEndpoint, newCart, openRestaurants, plain } from "./cart-helpers.ts";
import { placeOrderIn } from "./completed-orders.ts";
import { DEMO_SECRETS, signInCustomer, startTestApp, type TestApp } from "./harness.ts";
import { ops } from "./order-helpers.ts";
import { apiPath, opsPath } from "./paths.ts";

const NOW = new Date("2026-11-23T12:00:00Z");

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ now: NOW });
});
afterAll(() => t.close());

const codesOf = async (cookie: string | null, localityCode: string) =>
  (await callEndpoint(t.app, endpoints.customer.promoCodes(localityCode), cookie)).body.promoCodes.map(
    (p: { code: string }) => p.code,
  );

describe("the customer's promo codes", () => {
  it("lists the codes still usable in a locality, personal ones first", async () => {
    const { cookie } = await signInCustomer(t.app);
    const other = await signInCustomer(t.app);
    const [riga] = await t.database.db.select().from(promoCodes).limit(1);
    await t.database.db.insert(promoCodes).values({
      partnerId: riga?.partnerId as number,
      localityId: riga?.localityId ?? null,
      code: "FORYOU",
      type: "PERCENT",
      value: 20,
      userId: Number((await callEndpoint(t.app, endpoints.customer.me(), cookie)).body.id),
      description: { en: "Your own 20% off" },
    });

    const mine = await callEndpoint(t.app, endpoints.customer.promoCodes("riga"), cookie, undefined, {
      "accept-language": "en",
    });
    expect(mine.status).toBe(200);
    const codes = mine.body.promoCodes.map((p: { code: string }) => p.code);
    // Expired and used-up codes are not offered.
    expect(codes).toEqual(["FORYOU", "FREESHIP", "SAVE10", "WELCOME5"]);
    expect(mine.body.promoCodes[0]).toMatchObject({ personal: true, type: "PERCENT", value: 20 });
    expect(mine.body.promoCodes.find((p: { code: string }) => p.code === "WELCOME5")).toMatchObject({
      type: "FIXED",
      value: 5,
      minCartTotal: 15,
      currencyCode: "EUR",
      localityCode: "riga",
      personal: false,
      description: "Welcome discount for a larger order",
    });
    // Someone else's personal code stays theirs.
    expect(await codesOf(other.cookie, "riga")).not.toContain("FORYOU");
    expect((await call(t.app, "GET", apiPath(endpoints.customer.promoCodes()), null)).status).toBe(401);
  });

  it("drops a code once the customer has ordered with it", async () => {
    const { cookie } = await signInCustomer(t.app);
    const [vendor] = await openRestaurants(t.app, 1);
    const { cartId, cookie: cookies } = await newCart(t.app, cookie);
    const product = vendor?.products.find(plain);
    await callEndpoint(t.app, endpoints.carts.addProduct(cartId), cookies, {
      vendorId: vendor?.id,
      productId: product?.id,
      count: 3,
    });
    expect(
      (await callEndpoint(t.app, endpoints.carts.applyPromoCode(cartId), cookies, { code: "SAVE10" })).status,
    ).toBe(200);
    expect((await callEndpoint(t.app, endpoints.customer.placeOrder(), cookies, { cartId })).status).toBe(
      201,
    );
    expect(await codesOf(cookie, "riga")).not.toContain("SAVE10");
  });

  it("gives the code back when the order is declined or cancelled", async () => {
    const uses = async () =>
      (await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, "SAVE10"))).reduce(
        (sum, row) => sum + row.uses,
        0,
      );
    for (const action of ["decline", "cancel"] as const) {
      const { cookie } = await signInCustomer(t.app);
      const before = await uses();
      const order = await placeOrderIn(t, cookie, { promoCode: "SAVE10" });
      expect(await uses()).toBe(before + 1);
      if (action === "cancel") {
        const accepted = await ops(
          t.app,
          DEMO_SECRETS.opsKeys.dispatch,
          "POST",
          opsPath(opsEndpoints.moveOrder(order.id, "accept")),
        );
        expect(accepted.status).toBe(200);
      }
      const ended = await ops(
        t.app,
        DEMO_SECRETS.opsKeys.dispatch,
        "POST",
        opsPath(opsEndpoints.moveOrder(order.id, action)),
      );
      expect(ended.status, JSON.stringify(ended.body)).toBe(200);
      expect(await codesOf(cookie, "riga")).toContain("SAVE10");
      expect(await uses()).toBe(before);
    }
  });
});
