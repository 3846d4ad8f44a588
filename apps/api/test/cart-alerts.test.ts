import { endpoints, opsEndpoints } from "@storefront/domain/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callEndpoint, type MenuProduct, newCart, openRestaurants, plain } from "./cart-helpers.ts";
import { DEMO_SECRETS, get, startTestApp, type TestApp } from "./harness.ts";
import { apiPath, opsPath } from "./paths.ts";

/** Monday 14:00 in Riga: most vendors are open. */
const NOW = new Date("2026-11-23T12:00:00Z");
const KYIV = { lat: 50.4501, lng: 30.5234 };
const RIGA = { lat: 56.9496, lng: 24.1052 };
/** The Baltic Sea: no locality's zone. */
const SEA = { lat: 57.5, lng: 20.0 };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ now: NOW });
});
afterAll(() => t.close());

const check = (point: { lat: number; lng: number }, cookie: string | null, cartId?: string) =>
  callEndpoint(t.app, endpoints.deliveryCheck({ latitude: point.lat, longitude: point.lng }, cartId), cookie);

describe("a vendor that takes no orders", () => {
  it("refuses products with VendorClosedException, and its list shows it without hours", async () => {
    const list = await get(t.app, apiPath(endpoints.localities.vendors("riga", "size=100")));
    const closed = list.body.content.find(
      (v: { working: boolean; timeAvailability: { nextAvailableAt: string | null } }) =>
        !v.working && v.timeAvailability.nextAvailableAt === null,
    );
    expect(closed).toBeDefined();
    const menu = await get(t.app, apiPath(endpoints.vendors.catalogue(closed.id)));
    const product = menu.body.sections
      .flatMap((s: { products: MenuProduct[] }) => s.products)
      .find((p: MenuProduct) => p.available && plain(p));
    const { cartId, cookie } = await newCart(t.app);
    const added = await callEndpoint(t.app, endpoints.carts.addProduct(cartId), cookie, {
      vendorId: closed.id,
      productId: product.id,
      count: 1,
      components: [],
    });
    expect(added.status).toBe(400);
    expect(added.body.type).toBe("VendorClosedException");
    const cart = await callEndpoint(t.app, endpoints.carts.get(cartId), cookie);
    expect(cart.body.cart.vendorCarts).toEqual([]);
  });
});

describe("the delivery check of a picked point", () => {
  it("says INVALID_LOCATION outside every zone and OK inside one, with its locality", async () => {
    expect((await check(SEA, null)).body).toEqual({ status: "INVALID_LOCATION", localityCode: null });
    expect((await check(KYIV, null)).body).toEqual({ status: "OK", localityCode: "kyiv" });
  });

  it("says INVALID_VENDOR_LOCATION when the cart's vendors are in another locality", async () => {
    const { cartId, cookie } = await newCart(t.app);
    // An empty cart is simply started again elsewhere.
    expect((await check(KYIV, cookie, cartId)).body.status).toBe("OK");
    const [restaurant] = await openRestaurants(t.app, 1);
    const dish = restaurant?.products.find(plain) as MenuProduct;
    const added = await callEndpoint(t.app, endpoints.carts.addProduct(cartId), cookie, {
      vendorId: restaurant?.id,
      productId: dish.id,
      count: 1,
      components: [],
    });
    expect(added.status).toBe(200);
    expect((await check(KYIV, cookie, cartId)).body).toEqual({
      status: "INVALID_VENDOR_LOCATION",
      localityCode: "kyiv",
    });
    expect((await check(RIGA, cookie, cartId)).body.status).toBe("OK");
    expect((await check(SEA, cookie, cartId)).body.status).toBe("INVALID_LOCATION");
  });

  it("reads only the caller's own cart", async () => {
    const { cartId } = await newCart(t.app);
    const stranger = await check(RIGA, "visitor=someone-else", cartId);
    expect(stranger.status).toBe(404);
    expect(stranger.body.type).toBe("CartNotFoundException");
  });
});

describe("the partner's own invalid cash amount text", () => {
  const params = (lang: string) =>
    get(t.app, apiPath(endpoints.localities.params("riga")), { "accept-language": lang });
  const put = (key: string, body: unknown) =>
    t.app.inject({
      method: "PUT",
      url: opsPath(opsEndpoints.alertTexts()),
      headers: { "x-api-key": key },
      payload: body as object,
    });

  it("is null until the operator sets it, then shows in the languages set only", async () => {
    expect((await params("en")).body.alertTexts).toEqual({ invalidCashAmount: null });
    const texts = {
      invalidCashAmount: { en: "Cash only up to €50: remove some items", ar: "نقدًا حتى 50 يورو فقط" },
    };
    const set = await put(DEMO_SECRETS.opsKeys.dispatch, texts);
    expect(set.statusCode).toBe(200);
    expect((await params("en")).body.alertTexts.invalidCashAmount).toBe(texts.invalidCashAmount.en);
    expect((await params("ar")).body.alertTexts.invalidCashAmount).toBe(texts.invalidCashAmount.ar);
    expect((await params("lv")).body.alertTexts.invalidCashAmount).toBeNull();
    // The rest of the settings stay as they were.
    expect((await params("en")).body.theme.brandColour).toBe("#f97316");
  });

  it("is the operator's alone: a courier key is refused, no key is 401", async () => {
    expect((await put(DEMO_SECRETS.opsKeys.courier, { invalidCashAmount: { en: "x" } })).statusCode).toBe(
      403,
    );
    expect((await put("", { invalidCashAmount: { en: "x" } })).statusCode).toBe(401);
  });
});
