import { endpoints, opsEndpoints } from "@storefront/domain/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueChanges } from "../src/catalogue/catalogue-tags.ts";
import { cartItems, products } from "../src/db/schema.ts";
import {
  call,
  callEndpoint,
  expectTotalsAddUp,
  type MenuProduct,
  newCart,
  openRestaurants,
  plain,
} from "./cart-helpers.ts";
import { DEMO_SECRETS, signInCustomer, startTestApp, type TestApp } from "./harness.ts";
import { ops } from "./order-helpers.ts";
import { opsPath } from "./paths.ts";

/** Monday 14:00 in Riga: most vendors are open. */
const NOW = new Date("2026-11-23T12:00:00Z");

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ now: NOW });
});
afterAll(() => t.close());

describe("anonymous carts", () => {
  it("belong to the visitor who made them and to no one else", async () => {
    const { cartId, cookie } = await newCart(t.app);
    expect(cookie).toMatch(/^visitor=/);
    const mine = await callEndpoint(t.app, endpoints.carts.get(cartId), cookie);
    expect(mine.status).toBe(200);
    // The spec's defaults (ordering §9): delivery, cash, no tip, as soon as possible.
    expect(mine.body.cart).toMatchObject({
      cartId,
      receiptType: "DELIVERY",
      paymentType: "CASH",
      tipAmount: 0,
      preorderDateTime: null,
      vendorCarts: [],
    });
    expect(mine.body.validateCartResult.status).toBe("SUCCESS");

    for (const other of [null, "visitor=someone-else"]) {
      const theirs = await callEndpoint(t.app, endpoints.carts.get(cartId), other);
      expect(theirs.status).toBe(404);
      expect(theirs.body.type).toBe("CartNotFoundException");
    }
    const unknown = await callEndpoint(
      t.app,
      endpoints.carts.get("7c9e6679-7425-40de-944b-e07fc1f90ae7"),
      cookie,
    );
    expect(unknown.body.type).toBe("CartNotFoundException");
    expect((await call(t.app, "GET", "/api/carts/not-a-uuid", cookie)).status).toBe(400);
  });

  it("are deleted by their visitor, and by no one else (DELETE /carts/{id})", async () => {
    const { cartId, cookie } = await newCart(t.app);
    const remove = endpoints.carts.remove(cartId);
    expect((await callEndpoint(t.app, remove, "visitor=someone-else")).status).toBe(404);
    expect((await callEndpoint(t.app, endpoints.carts.get(cartId), cookie)).status).toBe(200);
    expect((await callEndpoint(t.app, remove, cookie)).status).toBe(204);
    const gone = await callEndpoint(t.app, endpoints.carts.get(cartId), cookie);
    expect(gone.body.type).toBe("CartNotFoundException");
  });

  it("needs an address or a point to start", async () => {
    const answer = await callEndpoint(t.app, endpoints.carts.create(), null, { localityCode: "riga" });
    expect(answer.status).toBe(400);
    expect(answer.body.details[0].field).toBe("location");
  });
});

describe("starting a cart with the spec's body (no localityCode)", () => {
  const KYIV = { latitude: 50.4501, longitude: 30.5234, formattedAddress: "Khreshchatyk 1, Kyiv" };
  /** Ogre: outside Riga's delivery zone, about 28 km from it. */
  const OGRE = { latitude: 56.816, longitude: 24.605 };
  /** Tallinn: some 270 km from Riga's zone, farther still from the others. */
  const TALLINN = { latitude: 59.437, longitude: 24.7536 };

  const localityOf = async (created: { body: { cartId: string }; cookie: string | null }, cookie?: string) =>
    (await callEndpoint(t.app, endpoints.carts.get(created.body.cartId), cookie ?? created.cookie)).body.cart
      .localityCode;

  it("takes the locality whose delivery zone holds the point, else the nearest within reach", async () => {
    const inKyiv = await callEndpoint(t.app, endpoints.carts.create(), null, {
      receiptType: "DELIVERY",
      location: KYIV,
    });
    expect(inKyiv.status).toBe(201);
    expect(await localityOf(inKyiv)).toBe("kyiv");

    const nearRiga = await callEndpoint(t.app, endpoints.carts.create(), null, {
      receiptType: "TAKEAWAY",
      location: OGRE,
    });
    expect(nearRiga.status).toBe(201);
    expect(await localityOf(nearRiga)).toBe("riga");
  });

  it("takes the locality of a saved address", async () => {
    const { cookie } = await signInCustomer(t.app);
    const saved = await callEndpoint(t.app, endpoints.customer.addAddress(), cookie, { location: KYIV });
    expect(saved.status).toBe(201);
    const created = await callEndpoint(t.app, endpoints.carts.create(), cookie, {
      receiptType: "DELIVERY",
      customerAddressId: saved.body.id,
    });
    expect(created.status).toBe(201);
    expect(await localityOf(created, cookie)).toBe("kyiv");
  });

  it("answers INVALID_LOCATION for a point no locality serves, naming the field", async () => {
    const far = await callEndpoint(t.app, endpoints.carts.create(), null, {
      receiptType: "DELIVERY",
      location: TALLINN,
    });
    expect(far.status).toBe(400);
    expect(far.body).toMatchObject({
      status: 400,
      type: "InvalidLocationException",
      errorCode: "INVALID_LOCATION",
      details: [{ field: "location" }],
    });

    const { cookie } = await signInCustomer(t.app);
    const saved = await callEndpoint(t.app, endpoints.customer.addAddress(), cookie, { location: TALLINN });
    const fromAddress = await callEndpoint(t.app, endpoints.carts.create(), cookie, {
      receiptType: "TAKEAWAY",
      customerAddressId: saved.body.id,
    });
    expect(fromAddress.status).toBe(400);
    expect(fromAddress.body).toMatchObject({
      errorCode: "INVALID_LOCATION",
      details: [{ field: "customerAddressId" }],
    });
  });

  it("keeps the storefront's localityCode when it is sent", async () => {
    const hinted = await callEndpoint(t.app, endpoints.carts.create(), null, {
      localityCode: "riga",
      location: KYIV,
    });
    expect(hinted.status).toBe(201);
    expect(await localityOf(hinted)).toBe("riga");
    const unknown = await callEndpoint(t.app, endpoints.carts.create(), null, {
      localityCode: "atlantis",
      location: KYIV,
    });
    expect(unknown.status).toBe(404);
  });
});

describe("adding and changing lines", () => {
  it("merges the same product, prices options and keeps totals adding up", async () => {
    const [vendor] = await openRestaurants(t.app, 1);
    if (!vendor) throw new Error("no open restaurant");
    const simple = vendor.products.find(plain) as MenuProduct;
    const { cartId, cookie } = await newCart(t.app);
    const add = (body: object) => callEndpoint(t.app, endpoints.carts.addProduct(cartId), cookie, body);

    let answer = await add({ vendorId: vendor.id, productId: simple.id, count: 1 });
    expect(answer.status).toBe(200);
    answer = await add({ vendorId: vendor.id, productId: simple.id, count: 2 });
    const lines = answer.body.cart.vendorCarts[0].items;
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ productId: simple.id, count: 3, price: simple.price });
    expect(lines[0].totalPrice).toBeCloseTo(simple.price * 3, 2);
    expect(answer.body.cart.itemsCount).toBe(3);
    expectTotalsAddUp(answer.body.cart);
    const delivery = answer.body.cart.vendorCarts[0].deliveryCost;
    expect(answer.body.cart.prices.deliveryTotal).toBe(delivery);

    const withOptions = vendor.products.find((p) =>
      p.componentGroups.some((g) => g.components.some((c) => c.price > 0)),
    );
    if (withOptions) {
      const components = withOptions.componentGroups
        .filter((g) => g.required || g.components.some((c) => c.price > 0))
        .map((g) => ({
          id: (g.components.find((c) => c.price > 0 && c.available) ?? g.components[0])?.id as number,
          count: 1,
        }));
      const priced = await add({ vendorId: vendor.id, productId: withOptions.id, count: 1, components });
      expect(priced.status).toBe(200);
      const line = priced.body.cart.vendorCarts[0].items.find(
        (i: { productId: number }) => i.productId === withOptions.id,
      );
      const extra = line.components.reduce((s: number, c: { price: number }) => s + c.price, 0);
      expect(line.price).toBeCloseTo(withOptions.price + extra, 2);
      expectTotalsAddUp(priced.body.cart);
    }
  });

  it("adds nothing at a price the customer did not see, and answers the price now (checkInfo)", async () => {
    const [vendor] = await openRestaurants(t.app, 1);
    if (!vendor) throw new Error("no open restaurant");
    const simple = vendor.products.find(plain) as MenuProduct;
    const { cartId, cookie } = await newCart(t.app);
    const add = (price: number) =>
      callEndpoint(t.app, endpoints.carts.addProduct(cartId), cookie, {
        vendorId: vendor.id,
        productId: simple.id,
        count: 1,
        checkInfo: { price },
      });

    expect((await add(simple.price)).status).toBe(200);
    const changed = await add(simple.price + 1);
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject({ type: "ProductPriceChangedException", price: simple.price });
    const { body } = await callEndpoint(t.app, endpoints.carts.get(cartId), cookie);
    expect(body.cart.vendorCarts[0].items).toMatchObject([{ productId: simple.id, count: 1 }]);
  });

  it("shows a price changed through the ops API on the cart's next read, and flags a product taken off", async () => {
    const [vendor] = await openRestaurants(t.app, 1);
    if (!vendor) throw new Error("no open restaurant");
    const simple = vendor.products.find(plain) as MenuProduct;
    const { cartId, cookie } = await newCart(t.app);
    await callEndpoint(t.app, endpoints.carts.addProduct(cartId), cookie, {
      vendorId: vendor.id,
      productId: simple.id,
      count: 2,
    });
    const shown = async () => (await callEndpoint(t.app, endpoints.carts.get(cartId), cookie)).body;
    const change = async (body: object) => {
      const path = opsPath(opsEndpoints.changeProduct(simple.id));
      expect((await ops(t.app, DEMO_SECRETS.opsKeys.dispatch, "PATCH", path, body)).status).toBe(200);
    };
    const { db } = t.database;
    const [before] = await db.select().from(products).where(eq(products.id, simple.id));
    // Read once before the change: its vendor's and product's rows are kept for the next reads.
    expect((await shown()).cart.vendorCarts[0].items[0].totalPrice).toBeCloseTo(simple.price * 2, 2);
    const price = simple.price + 2;
    await change({ price, discountPrice: null });
    try {
      expect((await shown()).cart.vendorCarts[0].items[0].totalPrice).toBeCloseTo(price * 2, 2);
      await change({ available: false });
      expect((await shown()).validateCartResult.invalidProducts).toEqual([
        expect.objectContaining({ reason: "PRODUCT_NOT_AVAILABLE" }),
      ]);
    } finally {
      // Put back as it was, announced as the ops API would.
      await db
        .update(products)
        .set(before as typeof products.$inferSelect)
        .where(eq(products.id, simple.id));
      await t.app.services.catalogueInvalidations.announce(catalogueChanges.menu(vendor.id));
    }
  });

  it("refuses a product whose required options are missing, naming the group", async () => {
    const vendors = await openRestaurants(t.app, 6);
    const found = vendors
      .flatMap((v) => v.products.map((p) => ({ vendor: v, product: p })))
      .find(({ product }) => product.componentGroups.some((g) => g.required));
    if (!found) throw new Error("the demo menus have a product with a required group");
    const { cartId, cookie } = await newCart(t.app);
    const answer = await callEndpoint(t.app, endpoints.carts.addProduct(cartId), cookie, {
      vendorId: found.vendor.id,
      productId: found.product.id,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.type).toBe("InvalidComponentsException");
    expect(answer.body.details[0].field).toMatch(/^group\./);
  });

  it("changes counts and comments, and drops the vendor cart with its last line", async () => {
    const [vendor] = await openRestaurants(t.app, 1);
    const simple = vendor?.products.find(plain) as MenuProduct;
    const { cartId, cookie } = await newCart(t.app);
    const added = await callEndpoint(t.app, endpoints.carts.addProduct(cartId), cookie, {
      vendorId: vendor?.id,
      productId: simple.id,
    });
    const vendorCart = added.body.cart.vendorCarts[0];
    const line = vendorCart.items[0];
    const change = endpoints.carts.changeProduct(vendorCart.vendorCartId, line.cartProductId);

    const changed = await callEndpoint(t.app, change, cookie, { count: 4, comment: "No onions, please" });
    expect(changed.body.cart.vendorCarts[0].items[0]).toMatchObject({
      count: 4,
      comment: "No onions, please",
    });
    expect((await callEndpoint(t.app, change, cookie, { count: 100 })).status).toBe(400);
    expect((await callEndpoint(t.app, change, "visitor=stranger", { count: 1 })).status).toBe(404);

    const removed = await callEndpoint(
      t.app,
      endpoints.carts.removeLines(vendorCart.vendorCartId, line.cartProductId),
      cookie,
    );
    expect(removed.status).toBe(200);
    expect(removed.body.cart.vendorCarts).toEqual([]);
    expect(removed.body.cart.prices.finalTotal).toBe(0);
  });

  it("removes a product's lines by the spec's product id, and one line by its cart product id", async () => {
    // As in a shop that has taken many orders, lines are numbered far from the products.
    await t.database.db.execute(sql`select setval(pg_get_serial_sequence('cart_items', 'id'), 100000)`);
    const optional = (p: MenuProduct) =>
      p.componentGroups.length > 0 &&
      p.componentGroups.every((g) => !g.required) &&
      p.componentGroups.some((g) => g.components.some((c) => c.available));
    const vendor = (await openRestaurants(t.app, 5)).find(
      (v) => v.products.some(optional) && v.products.some(plain),
    );
    const withOptions = vendor?.products.find(optional);
    const dish = vendor?.products.find(plain);
    if (!vendor || !withOptions || !dish)
      throw new Error("a demo restaurant has a dish with optional extras");
    const extra = withOptions.componentGroups.flatMap((g) => g.components).find((c) => c.available);
    const { cartId, cookie } = await newCart(t.app);
    const add = (body: object) =>
      callEndpoint(t.app, endpoints.carts.addProduct(cartId), cookie, { vendorId: vendor.id, ...body });
    await add({ productId: withOptions.id });
    await add({ productId: withOptions.id, components: [{ id: extra?.id, count: 1 }] });
    const added = await add({ productId: dish.id });
    const { vendorCartId, items } = added.body.cart.vendorCarts[0];
    expect(items.map((i: { productId: number }) => i.productId)).toEqual([
      withOptions.id,
      withOptions.id,
      dish.id,
    ]);
    const products = (answer: typeof added) =>
      answer.body.cart.vendorCarts.flatMap((v: { items: Array<{ productId: number }> }) =>
        v.items.map((i) => i.productId),
      );

    const bySpec = await callEndpoint(
      t.app,
      endpoints.carts.removeLines(vendorCartId, withOptions.id),
      cookie,
    );
    expect(bySpec.status).toBe(200);
    expect(products(bySpec)).toEqual([dish.id]);

    const gone = await callEndpoint(t.app, endpoints.carts.removeLines(vendorCartId, withOptions.id), cookie);
    expect(gone.status).toBe(404);
    expect(gone.body.type).toBe("CartProductNotFoundException");
    const stranger = await callEndpoint(
      t.app,
      endpoints.carts.removeLines(vendorCartId, dish.id),
      "visitor=x",
    );
    expect(stranger.status).toBe(404);

    const byLine = await callEndpoint(
      t.app,
      endpoints.carts.removeLines(vendorCartId, items[2].cartProductId),
      cookie,
    );
    expect(byLine.status).toBe(200);
    expect(byLine.body.cart.vendorCarts).toEqual([]);
  });

  it("does not guess when the id is a line and the product of another line", async () => {
    const [vendor] = await openRestaurants(t.app, 1);
    const [first, second] = (vendor?.products ?? []).filter(plain);
    if (!vendor || !first || !second) throw new Error("the demo restaurant has two plain dishes");
    const { cartId, cookie } = await newCart(t.app);
    await callEndpoint(t.app, endpoints.carts.addProduct(cartId), cookie, {
      vendorId: vendor.id,
      productId: first.id,
    });
    const added = await callEndpoint(t.app, endpoints.carts.addProduct(cartId), cookie, {
      vendorId: vendor.id,
      productId: second.id,
    });
    const { vendorCartId, items } = added.body.cart.vendorCarts[0];
    const [lineOfFirst, lineOfSecond] = items.map((i: { cartProductId: number }) => i.cartProductId);
    // A product since taken off the menu may carry any id, the id of another line among them.
    await t.database.db
      .update(cartItems)
      .set({ productId: lineOfFirst })
      .where(eq(cartItems.id, lineOfSecond));
    const guessed = await callEndpoint(t.app, endpoints.carts.removeLines(vendorCartId, lineOfFirst), cookie);
    expect(guessed.status).toBe(409);
    expect(guessed.body).toMatchObject({
      type: "AmbiguousCartProductException",
      details: [{ field: "idType" }],
    });
    expect(
      (await callEndpoint(t.app, endpoints.carts.get(cartId), cookie)).body.cart.vendorCarts[0].items,
    ).toHaveLength(2);

    const asProduct = await callEndpoint(
      t.app,
      endpoints.carts.removeLines(vendorCartId, lineOfFirst, "PRODUCT"),
      cookie,
    );
    expect(
      asProduct.body.cart.vendorCarts[0].items.map((i: { cartProductId: number }) => i.cartProductId),
    ).toEqual([lineOfFirst]);
    const asLine = await callEndpoint(
      t.app,
      endpoints.carts.removeProduct(vendorCartId, lineOfFirst),
      cookie,
    );
    expect(asLine.body.cart.vendorCarts).toEqual([]);
  });

  it("holds at most three vendors", async () => {
    const found = await openRestaurants(t.app, 4);
    expect(found).toHaveLength(4);
    const { cartId, cookie } = await newCart(t.app);
    const answers = [];
    for (const vendor of found) {
      answers.push(
        await callEndpoint(t.app, endpoints.carts.addProduct(cartId), cookie, {
          vendorId: vendor.id,
          productId: (vendor.products.find(plain) as MenuProduct).id,
        }),
      );
    }
    expect(answers.slice(0, 3).map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[3]?.status).toBe(400);
    expect(answers[3]?.body.type).toBe("CartVendorsMaxLimitException");
    const cart = (await callEndpoint(t.app, endpoints.carts.get(cartId), cookie)).body.cart;
    expect(cart.vendorCarts).toHaveLength(3);

    const cleared = await callEndpoint(t.app, endpoints.carts.clear(cartId), cookie);
    expect(cleared.body.cart.vendorCarts).toEqual([]);
  });
});
