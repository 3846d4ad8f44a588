import { endpoints } from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { catalogueChanges } from "../src/catalogue/catalogue-tags.ts";
import { products } from "../src/db/schema.ts";
import {
  call,
  callEndpoint,
  cents,
  expectTotalsAddUp,
  type MenuProduct,
  newCart,
  type OpenVendor,
  openRestaurants,
  openVendors,
  plain,
} from "./cart-helpers.ts";
import { get, signInCustomer, startTestApp, type TestApp } from "./harness.ts";
import { apiPath } from "./paths.ts";

/** Monday 14:00 in Riga (UTC+2 in November): most vendors are open. */
const NOW = new Date("2026-11-23T12:00:00Z");
const TODAY = "2026-11-23";
/** Kyiv: far outside the Riga delivery zone. */
const KYIV = { latitude: 50.45, longitude: 30.52 };

let t: TestApp;
/** An open restaurant that charges for delivery to the Riga point, and two of its plain dishes. */
let restaurant: OpenVendor;
let dish: MenuProduct;
let side: MenuProduct;

beforeAll(async () => {
  t = await startTestApp({ now: NOW });
  for (const candidate of await openRestaurants(t.app, 6)) {
    const dishes = candidate.products.filter(plain).toSorted((a, b) => b.price - a.price);
    const [first, second] = dishes;
    if (!first || !second || first.price < candidate.minOrderPrice || first.price + second.price >= 40)
      continue;
    const { cart } = await cartWith(candidate, first);
    if (cart.vendorCarts[0].deliveryCost > 0) {
      [restaurant, dish, side] = [candidate, first, second];
      break;
    }
  }
  if (!restaurant) throw new Error("the demo has an open restaurant that charges for delivery");
});
afterAll(() => t.close());

/** A new visitor's cart holding one of a product: its id, the visitor's cookie and the cart as priced. */
async function cartWith(vendor: OpenVendor, product: MenuProduct) {
  const started = await newCart(t.app);
  const added = await callEndpoint(t.app, endpoints.carts.addProduct(started.cartId), started.cookie, {
    vendorId: vendor.id,
    productId: product.id,
  });
  expect(added.status).toBe(200);
  return { ...started, cart: added.body.cart, validateCartResult: added.body.validateCartResult };
}

/** Sets the count of the cart's first line. */
async function setFirstLineCount(cookie: string, cart: { vendorCarts: VendorCartJson[] }, count: number) {
  const vendorCart = cart.vendorCarts[0] as VendorCartJson;
  const line = vendorCart.items[0] as { cartProductId: number };
  const change = endpoints.carts.changeProduct(vendorCart.vendorCartId, line.cartProductId);
  const answer = await callEndpoint(t.app, change, cookie, { count });
  expect(answer.status).toBe(200);
  return answer.body.cart;
}
type VendorCartJson = { vendorCartId: number; items: Array<{ cartProductId: number }> };

/** The smallest count of a product that reaches an amount. */
const unitsToReach = (amount: number, product: MenuProduct) =>
  Math.ceil(cents(amount) / cents(product.price));

describe("promo codes", () => {
  it("say why they do not apply, and apply once the cart reaches their minimum", async () => {
    const { cartId, cookie, cart } = await cartWith(restaurant, side);
    expect(side.price).toBeLessThan(15);
    const apply = (code: string) =>
      callEndpoint(t.app, endpoints.carts.applyPromoCode(cartId), cookie, { code });

    for (const [code, errorCode] of [
      ["NOSUCHCODE", "NOT_FOUND"],
      ["SUMMER", "OUTDATED"],
      ["LAUNCH", "UTILIZED"],
      ["WELCOME5", "DOES_NOT_APPLY"],
    ]) {
      const refused = await apply(code as string);
      expect(refused.status, code).toBe(400);
      expect(refused.body, code).toMatchObject({ type: "PromoCodeException", errorCode });
    }
    // Outside the spec's letters and length, the answer says so in the spec's words.
    const malformed = await apply("SAVE-10%");
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({
      type: "ValidationException",
      message:
        "Invalid body: Promo code must consist of Cyrillic / Latin / numbers and be up to 20 characters",
      details: [{ field: "code" }],
    });
    const unchanged = await callEndpoint(t.app, endpoints.carts.get(cartId), cookie);
    expect(unchanged.body.cart).toMatchObject({ promocode: null, prices: { discounts: [] } });

    const fifteen = await setFirstLineCount(cookie, cart, unitsToReach(15, side));
    const applied = await apply("WELCOME5");
    expect(applied.status).toBe(200);
    expect(applied.body.cart).toMatchObject({
      promocode: "WELCOME5",
      promoType: "FIXED",
      promoCheckResult: "OK",
    });
    expect(applied.body.cart.prices.discounts).toEqual([
      { type: "PROMOCODE", promoType: "FIXED", discountTotal: 5 },
    ]);
    expect(cents(applied.body.cart.price)).toBe(cents(fifteen.price) - 500);
    expectTotalsAddUp(applied.body.cart);
  });

  it("SAVE10 takes 10% of the items to the cent, up to 10, whatever the letter case", async () => {
    const { cartId, cookie, cart } = await cartWith(restaurant, dish);
    const applied = await callEndpoint(t.app, endpoints.carts.applyPromoCode(cartId), cookie, {
      code: "save10",
    });
    expect(applied.status).toBe(200);
    const { prices } = applied.body.cart;
    expect(applied.body.cart.promocode).toBe("SAVE10");
    expect(prices.discounts).toEqual([
      {
        type: "PROMOCODE",
        promoType: "PERCENT",
        discountTotal: Math.floor(cents(prices.cartTotal) / 10) / 100,
      },
    ]);
    expectTotalsAddUp(applied.body.cart);

    const large = await setFirstLineCount(cookie, cart, unitsToReach(120, dish));
    expect(large.prices.discounts[0].discountTotal).toBe(10);
    expectTotalsAddUp(large);
  });

  it("FREESHIP takes off the delivery, and removing the code brings it back", async () => {
    const { cartId, cookie, cart } = await cartWith(restaurant, dish);
    expect(cart.prices.deliveryTotal).toBeGreaterThan(0);

    const applied = await callEndpoint(t.app, endpoints.carts.applyPromoCode(cartId), cookie, {
      code: "FREESHIP",
    });
    expect(applied.status).toBe(200);
    const { prices } = applied.body.cart;
    expect(prices.discounts).toEqual([
      { type: "PROMOCODE", promoType: "FREE_DELIVERY", discountTotal: prices.deliveryTotal },
    ]);
    expect(cents(applied.body.cart.price)).toBe(cents(cart.price) - cents(prices.deliveryTotal));
    expectTotalsAddUp(applied.body.cart);

    const removed = await callEndpoint(t.app, endpoints.carts.removePromoCode(cartId), cookie);
    expect(removed.status).toBe(200);
    expect(removed.body.cart).toMatchObject({
      promocode: null,
      prices: { discounts: [] },
      price: cart.price,
    });
    expectTotalsAddUp(removed.body.cart);
  });

  it("are letters and digits only", async () => {
    const { cartId, cookie } = await newCart(t.app);
    for (const code of ["SAVE 10", "SAVE-10"]) {
      const answer = await callEndpoint(t.app, endpoints.carts.applyPromoCode(cartId), cookie, { code });
      expect(answer.status, code).toBe(400);
      expect(answer.body.details[0].field, code).toBe("code");
    }
  });
});

describe("tips", () => {
  it("add to what the customer pays, within the locality's tip settings", async () => {
    const { body: params } = await get(t.app, apiPath(endpoints.localities.params("riga")));
    const { tipSettings } = params;
    expect(tipSettings).toMatchObject({ enabled: true, tipMax: 20 });
    const { cartId, cookie, cart } = await cartWith(restaurant, dish);
    const tip = (tipAmount: number) =>
      callEndpoint(t.app, endpoints.carts.tip(cartId), cookie, { tipAmount });

    const tipped = await tip(2);
    expect(tipped.status).toBe(200);
    expect(tipped.body.cart.prices.tipAmount).toBe(2);
    expect(tipped.body.cart.tipAmount).toBe(2);
    expect(cents(tipped.body.cart.price)).toBe(cents(cart.price) + 200);
    expectTotalsAddUp(tipped.body.cart);

    // Over the maximum, between two steps, below zero.
    for (const [refused, type] of [
      [25, "InvalidTipException"],
      [tipSettings.tipStep / 2, "InvalidTipException"],
      [-1, "ValidationException"],
    ] as const) {
      const answer = await tip(refused);
      expect(answer.status, String(refused)).toBe(400);
      expect(answer.body, String(refused)).toMatchObject({ type, details: [{ field: "tipAmount" }] });
    }
    const kept = await callEndpoint(t.app, endpoints.carts.get(cartId), cookie);
    expect(kept.body.cart.prices.tipAmount).toBe(2);

    // A takeaway has no courier to tip: none is charged or taken; a delivery again has it back.
    const receipt = (receiptType: string) =>
      callEndpoint(t.app, endpoints.carts.update(cartId), cookie, { receiptType });
    const takeaway = await receipt("TAKEAWAY");
    expect(takeaway.body.cart.prices.tipAmount).toBe(0);
    expect(takeaway.body.cart.tipAmount).toBe(0);
    expectTotalsAddUp(takeaway.body.cart);
    const refused = await tip(2);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ type: "InvalidTipException", details: [{ field: "tipAmount" }] });
    const delivery = await receipt("DELIVERY");
    expect(delivery.body.cart.prices.tipAmount).toBe(2);
    expect(delivery.body.cart.tipAmount).toBe(2);
  });
});

describe("receipt type and delivery price", () => {
  it("takeaway charges no delivery", async () => {
    const { cartId, cookie, cart } = await cartWith(restaurant, dish);
    expect(cart.availableReceiptTypes).toEqual(["DELIVERY", "TAKEAWAY"]);
    expect(cart.vendorCarts[0].deliveryCost).toBeGreaterThan(0);

    const takeaway = await callEndpoint(t.app, endpoints.carts.update(cartId), cookie, {
      receiptType: "TAKEAWAY",
    });
    expect(takeaway.status).toBe(200);
    expect(takeaway.body.cart.receiptType).toBe("TAKEAWAY");
    expect(takeaway.body.cart.prices).toMatchObject({ deliveryTotal: 0, amountToGetFreeDelivery: null });
    expect(takeaway.body.cart.vendorCarts[0].deliveryCost).toBe(0);
    expectTotalsAddUp(takeaway.body.cart);
  });

  it("is free from 40, and the cart says how much is missing until then", async () => {
    const { cookie, cart } = await cartWith(restaurant, dish);
    const missing = (cents(40) - cents(cart.prices.cartTotal)) / 100;
    expect(cart.prices.amountToGetFreeDelivery).toBe(missing);
    expect(cart.vendorCarts[0].amountToGetFreeDelivery).toBe(missing);
    expect(cart.vendorCarts[0].deliveryCost).toBeGreaterThan(0);

    const forty = await setFirstLineCount(cookie, cart, unitsToReach(40, dish));
    expect(forty.prices.cartTotal).toBeGreaterThanOrEqual(40);
    expect(forty.prices).toMatchObject({ deliveryTotal: 0, amountToGetFreeDelivery: null });
    expect(forty.vendorCarts[0]).toMatchObject({ deliveryCost: 0, amountToGetFreeDelivery: null });
    expectTotalsAddUp(forty);
  });
});

describe("fees and taxes", () => {
  it("add a service fee and show the VAT already included", async () => {
    const { cartId, cookie } = await cartWith(restaurant, dish);
    const answer = await callEndpoint(t.app, endpoints.carts.applyPromoCode(cartId), cookie, {
      code: "SAVE10",
    });
    const { prices } = answer.body.cart;
    expect(prices.fees).toEqual([{ name: null, description: expect.any(String), amount: 0.5 }]);
    expect(prices.fees[0].description).not.toBe("");

    const discounts = cents(prices.discounts[0].discountTotal);
    const base = cents(prices.cartTotal) + cents(prices.deliveryTotal) + 50 - discounts;
    expect(prices.taxes).toEqual([
      { name: "PVN", rate: 21, included: true, amount: Math.round((base * 21) / 121) / 100 },
    ]);
    expect(cents(prices.finalTotal)).toBe(base);
    expectTotalsAddUp(answer.body.cart);
  });
});

describe("preorder", () => {
  it("offers slots every 30 minutes from an hour ahead, keeps one, and goes back to ASAP", async () => {
    const { cartId, cookie } = await cartWith(restaurant, dish);
    const slots = await callEndpoint(t.app, endpoints.carts.deliverySlots(cartId), cookie);
    expect(slots.status).toBe(200);
    const days: Array<{ date: string; times: string[] }> = slots.body.days;
    expect(days[0]?.date).toBe(TODAY);
    expect(days.length).toBeLessThanOrEqual(4);
    for (const { times } of days) {
      for (const time of times) expect(time).toMatch(/^([01]\d|2[0-3]):(00|30)$/);
      expect(times).toEqual(times.toSorted());
    }
    const first = days[0]?.times[0];
    if (!first) throw new Error("today has a slot left");
    // 14:00 now: the first slot is 15:00 or later.
    expect(first >= "15:00").toBe(true);

    const update = (preorderDateTime: string | null) =>
      callEndpoint(t.app, endpoints.carts.update(cartId), cookie, { preorderDateTime });
    const chosen = await update(`${TODAY}T${first}:00`);
    expect(chosen.status).toBe(200);
    expect(chosen.body.cart).toMatchObject({
      preorderDateTime: `${TODAY}T${first}:00`,
      quickDelivery: false,
    });
    expect(chosen.body.validateCartResult.invalidDeliveryTime).toBe(false);

    const offGrid = await update(`${TODAY}T${first.slice(0, 2)}:15:00`);
    expect(offGrid.status).toBe(400);
    expect(offGrid.body.type).toBe("InvalidPreorderTimeException");

    const asap = await update(null);
    expect(asap.body.cart).toMatchObject({ preorderDateTime: null, quickDelivery: true });
  });
});

describe("validation", () => {
  it("flags a product hidden since it was added, charges nothing for it, and cleans it up", async () => {
    const { cartId, cookie } = await cartWith(restaurant, dish);
    const added = await callEndpoint(t.app, endpoints.carts.addProduct(cartId), cookie, {
      vendorId: restaurant.id,
      productId: side.id,
    });
    const hiddenLine = added.body.cart.vendorCarts[0].items.find(
      (i: { productId: number }) => i.productId === side.id,
    );
    const { db } = t.database;
    // Written behind the API's back, so announced as the console would: a cart shown reads its
    // vendor's menu from the catalogue's cache.
    const announce = () =>
      t.app.services.catalogueInvalidations.announce(catalogueChanges.menu(restaurant.id));
    await db.update(products).set({ visible: false }).where(eq(products.id, side.id));
    await announce();
    onTestFinished(async () => {
      await db.update(products).set({ visible: true }).where(eq(products.id, side.id));
      await announce();
    });

    const flagged = await callEndpoint(t.app, endpoints.carts.get(cartId), cookie);
    expect(flagged.body.validateCartResult.status).toBe("VALIDATION_FAILED");
    expect(flagged.body.validateCartResult.invalidProducts).toEqual([
      expect.objectContaining({ cartProductId: hiddenLine.cartProductId, reason: "PRODUCT_HIDDEN" }),
    ]);
    const line = flagged.body.cart.vendorCarts[0].items.find(
      (i: { cartProductId: number }) => i.cartProductId === hiddenLine.cartProductId,
    );
    expect(line.totalPrice).toBe(0);
    expect(flagged.body.cart.prices.cartTotal).toBe(dish.price);
    expectTotalsAddUp(flagged.body.cart);

    const cleaned = await callEndpoint(t.app, endpoints.carts.cleanup(cartId), cookie);
    expect(cleaned.status).toBe(200);
    expect(cleaned.body.validateCartResult.status).toBe("SUCCESS");
    expect(cleaned.body.cart.vendorCarts[0].items.map((i: { productId: number }) => i.productId)).toEqual([
      dish.id,
    ]);
  });

  it("flags a point outside the delivery zone", async () => {
    const { cartId, cookie } = await newCart(t.app, null, KYIV);
    const answer = await callEndpoint(t.app, endpoints.carts.addProduct(cartId), cookie, {
      vendorId: restaurant.id,
      productId: dish.id,
    });
    expect(answer.body.validateCartResult).toMatchObject({
      status: "VALIDATION_FAILED",
      invalidLocation: true,
    });
  });

  it("says how much a vendor cart is missing to its minimum order", async () => {
    const cheap = restaurant.products.find((p) => plain(p) && p.price < restaurant.minOrderPrice);
    if (!cheap) throw new Error("the demo restaurant has a dish below its minimum order");
    const { cart, validateCartResult } = await cartWith(restaurant, cheap);
    expect(validateCartResult.status).toBe("VALIDATION_FAILED");
    expect(validateCartResult.belowMinimum).toEqual([
      {
        vendorCartId: cart.vendorCarts[0].vendorCartId,
        minOrderPrice: restaurant.minOrderPrice,
        missing: (cents(restaurant.minOrderPrice) - cents(cheap.price)) / 100,
      },
    ]);
  });
});

describe("cutlery", () => {
  it("restaurants send up to 10 sets", async () => {
    const { cookie, cart } = await cartWith(restaurant, dish);
    const cutlery = endpoints.carts.cutlery(cart.vendorCarts[0].vendorCartId);
    const two = await callEndpoint(t.app, cutlery, cookie, { cutlery: 2 });
    expect(two.status).toBe(200);
    expect(two.body.cart.vendorCarts[0].cutlery).toBe(2);
    expect(two.body.cart.withCutlery).toBe(true);

    const eleven = await callEndpoint(t.app, cutlery, cookie, { cutlery: 11 });
    expect(eleven.status).toBe(400);
    expect(eleven.body).toMatchObject({ type: "CutleryLimitException", details: [{ field: "cutlery" }] });
  });

  it("stores send none", async () => {
    const [store] = await openVendors(t.app, "STORE", 1);
    if (!store) throw new Error("the demo has an open store in Riga");
    const { cookie, cart } = await cartWith(store, store.products.find(plain) as MenuProduct);
    const answer = await callEndpoint(
      t.app,
      endpoints.carts.cutlery(cart.vendorCarts[0].vendorCartId),
      cookie,
      {
        cutlery: 1,
      },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.type).toBe("CutleryNotAllowedException");
  });
});

describe("ownership", () => {
  it("keeps another visitor out of the vendor cart's routes", async () => {
    const { cart } = await cartWith(restaurant, dish);
    const { cookie: stranger } = await newCart(t.app);
    const vendorCart = cart.vendorCarts[0];
    const line = apiPath(
      endpoints.carts.changeProduct(vendorCart.vendorCartId, vendorCart.items[0].cartProductId),
    );
    for (const [method, url, payload] of [
      ["PUT", apiPath(endpoints.carts.cutlery(vendorCart.vendorCartId)), { cutlery: 1 }],
      ["PUT", line, { count: 2 }],
      ["DELETE", line, undefined],
      [
        "POST",
        apiPath(endpoints.carts.addProduct(cart.cartId)),
        { vendorId: restaurant.id, productId: dish.id },
      ],
    ] as const) {
      const answer = await call(t.app, method, url, stranger, payload);
      expect(answer.status, `${method} ${url}`).toBe(404);
      expect(answer.body.type).toBe("CartNotFoundException");
    }
  });
});

describe("signing in", () => {
  it("gives the visitor's cart to the customer, and only to them", async () => {
    const { cartId, cookie: visitor } = await cartWith(restaurant, dish);
    const { cookie: session } = await signInCustomer(t.app);

    const mine = await callEndpoint(t.app, endpoints.customer.cart(), `${visitor}; ${session}`);
    expect(mine.status).toBe(200);
    expect(mine.body.cart).toMatchObject({ cartId, itemsCount: 1 });

    const visitorAlone = await callEndpoint(t.app, endpoints.carts.get(cartId), visitor);
    expect(visitorAlone.status).toBe(404);
    expect(visitorAlone.body.type).toBe("CartNotFoundException");
    expect((await callEndpoint(t.app, endpoints.carts.get(cartId), session)).status).toBe(200);
  });

  it("needs a session to ask for the customer's cart", async () => {
    const { cookie: visitor } = await cartWith(restaurant, dish);
    for (const cookie of [null, visitor]) {
      expect((await callEndpoint(t.app, endpoints.customer.cart(), cookie)).status).toBe(401);
    }
  });
});
