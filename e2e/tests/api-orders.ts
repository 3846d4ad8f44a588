import { expect, type Page } from "@playwright/test";
import { demoSecrets } from "../server-data.ts";
import { newPhone } from "./customer.ts";
import { orderableNow } from "./orderable.ts";

/** What the storefront sends the API, for tests that set the stage through it. */
export const apiHeaders = { "X-Partner-Code": "demo", "Accept-Language": "en" };
const RIGA = { latitude: 56.9496, longitude: 24.1052, formattedAddress: "Brīvības iela 1, Rīga" };

/**
 * A customer signed in through the API (the SMS code from the demo outbox), as the sign-in modal
 * does; the browser keeps the session. The modal itself is tested in sign-in.spec.ts. With a null
 * name the customer has not given one yet.
 */
export async function signInQuickly(page: Page, range: number, name: string | null = "Anna") {
  const headers = apiHeaders;
  const phone = newPhone(range).replace(/\D/g, "");
  const sent = await page.request.post(`/api/customer/auth/sendPhoneConfirmation?phone=${phone}`, {
    headers,
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const outbox = await (
    await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(`+${phone}`)}`)
  ).json();
  const code = outbox[0].code;
  const login = await page.request.post("/api/customer/auth/login", {
    headers,
    data: { phone, token: code },
  });
  expect(login.status(), await login.text()).toBe(200);
  if (name === null) return;
  const named = await page.request.patch("/api/customer/me", { headers, data: { name } });
  expect(named.status(), await named.text()).toBe(200);
}

/**
 * Carts of the open Riga restaurants that deliver, one at a time as the caller asks for the next:
 * each holds enough of a plain dish for the restaurant's minimum.
 */
export function openRestaurantCarts(page: Page) {
  return openVendorCarts(page, "RESTAURANT");
}

/** Carts of the open Riga vendors of a type (restaurants, stores) that deliver, as openRestaurantCarts. */
export async function* openVendorCarts(page: Page, vendorType: "RESTAURANT" | "STORE") {
  const headers = apiHeaders;
  const vendors = await (
    await page.request.get("/api/public/localities/riga/vendors?size=100", { headers })
  ).json();
  // The quickest kitchens first: tests that follow an order to the door wait for its cooking.
  const quickestFirst = [...vendors.content].sort(
    (a: { cookingTimeRange: { end: number } }, b: { cookingTimeRange: { end: number } }) =>
      a.cookingTimeRange.end - b.cookingTimeRange.end,
  );
  for (const vendor of quickestFirst) {
    if (
      !orderableNow(vendor) ||
      vendor.vendorType !== vendorType ||
      !vendor.receiptTypes.includes("DELIVERY")
    )
      continue;
    const menu = await (await page.request.get(`/api/vendors/${vendor.id}/catalogue`, { headers })).json();
    const dish = menu.sections
      .flatMap(
        (s: { products: Array<{ available: boolean; componentGroups: unknown[]; price: number }> }) =>
          s.products,
      )
      .find(
        (p: { available: boolean; componentGroups: unknown[] }) =>
          p.available && p.componentGroups.length === 0,
      );
    if (!dish) continue;
    const { cartId } = await (
      await page.request.post("/api/carts", { headers, data: { localityCode: "riga", location: RIGA } })
    ).json();
    const count = Math.max(1, Math.ceil(vendor.minOrderPrice / dish.price));
    await page.request.post(`/api/carts/${cartId}/products`, {
      headers,
      data: { vendorId: vendor.id, productId: dish.id, count },
    });
    yield {
      cartId: cartId as string,
      vendorName: vendor.name as string,
      vendorId: vendor.id as number,
      dish: dish as { name: string; price: number },
    };
  }
}

/**
 * The browser's cart: an open Riga restaurant's (openRestaurantCarts' first), made through the API
 * and given to the browser as the storefront keeps it (the `cartId` cookie).
 */
export async function cartInBrowser(page: Page, baseURL: string) {
  const next = await openRestaurantCarts(page).next();
  if (next.done) throw new Error("no open restaurant in Riga");
  await page.context().addCookies([{ name: "cartId", value: next.value.cartId, url: baseURL }]);
  return next.value;
}

/**
 * An order of an open Riga restaurant's dish (enough for its minimum), placed through the API; for
 * the last delivery slot offered when `later` (it then waits, active, for days).
 */
export async function placeOrder(
  page: Page,
  paymentType: "CASH" | "ONLINE",
  options: { later?: boolean } = {},
) {
  const headers = apiHeaders;
  for await (const { cartId, vendorName } of openRestaurantCarts(page)) {
    await page.request.put(`/api/carts/${cartId}`, { headers, data: { paymentType } });
    if (options.later) {
      const { days } = await (
        await page.request.get(`/api/carts/${cartId}/delivery-slots`, { headers })
      ).json();
      const day = days.at(-1) as { date: string; times: string[] } | undefined;
      if (!day) continue;
      const later = { preorderDateTime: `${day.date}T${day.times.at(-1)}:00` };
      expect((await page.request.put(`/api/carts/${cartId}`, { headers, data: later })).status()).toBe(200);
      // A dish sold at some hours only (breakfast) may not be sold at that time: another restaurant.
      const cart = await (await page.request.get(`/api/carts/${cartId}`, { headers })).json();
      if (cart.validateCartResult.status !== "SUCCESS") continue;
    }
    const placed = await page.request.post("/api/customer/me/orders", { headers, data: { cartId } });
    expect(placed.status()).toBe(201);
    return { order: await placed.json(), vendorName };
  }
  throw new Error("no open restaurant in Riga");
}

/** A delivery point inside each demo city's zone. */
const CITY_POINTS = {
  riga: RIGA,
  kyiv: { latitude: 50.4585, longitude: 30.4955, formattedAddress: "вулиця Дмитрівська 50, Київ" },
  baghdad: { latitude: 33.3152, longitude: 44.3661, formattedAddress: "شارع الرشيد، بغداد" },
};

/** A product of a vendor's catalogue, as the API answers it. */
interface CatalogueProduct {
  id: number;
  name: string;
  available: boolean;
  componentGroups: Array<{ components: Array<{ id: number; name: string }> }>;
}

/**
 * The browser's cart, made through the API: one of a product of the named vendor (its first plain
 * one, or the one named, with the options chosen), whether or not the vendor is open now (a closed
 * vendor's cart waits for its hours).
 */
export async function vendorCartInBrowser(
  page: Page,
  baseURL: string,
  localityCode: keyof typeof CITY_POINTS,
  vendorName: string,
  chosen: { product: string; options: (product: CatalogueProduct) => number[] } | null = null,
) {
  const headers = apiHeaders;
  const vendors = await (
    await page.request.get(`/api/public/localities/${localityCode}/vendors?size=100`, { headers })
  ).json();
  const vendor = vendors.content.find((v: { name: string }) => v.name === vendorName);
  const menu = await (await page.request.get(`/api/vendors/${vendor.id}/catalogue`, { headers })).json();
  const product: CatalogueProduct = menu.sections
    .flatMap((s: { products: CatalogueProduct[] }) => s.products)
    .find((p: CatalogueProduct) =>
      chosen ? p.name === chosen.product : p.available && p.componentGroups.length === 0,
    );
  const { cartId } = await (
    await page.request.post("/api/carts", {
      headers,
      data: { localityCode, location: CITY_POINTS[localityCode] },
    })
  ).json();
  const components = (chosen?.options(product) ?? []).map((id) => ({ id, count: 1 }));
  const added = await page.request.post(`/api/carts/${cartId}/products`, {
    headers,
    data: { vendorId: vendor.id, productId: product.id, count: 1, components },
  });
  expect(added.status(), await added.text()).toBe(200);
  await page.context().addCookies([{ name: "cartId", value: cartId, url: baseURL }]);
  return { vendorId: vendor.id as number, product };
}

/**
 * A cash delivery order placed through the API in a city: of the named vendor, else of the first
 * that takes one now (each city has a store open round the clock), its dearest plain product enough
 * for the vendor's minimum.
 */
export async function placeOrderIn(
  page: Page,
  localityCode: keyof typeof CITY_POINTS,
  options: { vendor?: string; contactless?: boolean } = {},
): Promise<{ id: number; createdAt: string; localityCode: string }> {
  const headers = apiHeaders;
  const vendors = await (
    await page.request.get(`/api/public/localities/${localityCode}/vendors?size=100`, { headers })
  ).json();
  for (const vendor of vendors.content) {
    if (options.vendor ? vendor.name !== options.vendor : !orderableNow(vendor, localityCode)) continue;
    if (!vendor.receiptTypes.includes("DELIVERY")) continue;
    const menu = await (await page.request.get(`/api/vendors/${vendor.id}/catalogue`, { headers })).json();
    const item = menu.sections
      .flatMap(
        (s: {
          products: Array<{ id: number; price: number; available: boolean; componentGroups: unknown[] }>;
        }) => s.products,
      )
      .filter(
        (p: { available: boolean; componentGroups: unknown[] }) =>
          p.available && p.componentGroups.length === 0,
      )
      .sort((a: { price: number }, b: { price: number }) => b.price - a.price)[0];
    if (!item) continue;
    const { cartId } = await (
      await page.request.post("/api/carts", {
        headers,
        data: { localityCode, location: CITY_POINTS[localityCode] },
      })
    ).json();
    const count = Math.max(1, Math.ceil(vendor.minOrderPrice / item.price));
    const added = await page.request.post(`/api/carts/${cartId}/products`, {
      headers,
      data: { vendorId: vendor.id, productId: item.id, count },
    });
    expect(added.status()).toBe(200);
    await page.request.put(`/api/carts/${cartId}`, {
      headers,
      data: {
        paymentType: "CASH",
        ...(options.contactless ? { deliveryInstructions: { contactless: true } } : {}),
      },
    });
    const placed = await page.request.post("/api/customer/me/orders", { headers, data: { cartId } });
    if (!options.vendor && placed.status() !== 201) continue;
    expect(placed.status(), await placed.text()).toBe(201);
    return placed.json();
  }
  throw new Error(`no vendor of ${localityCode} takes an order now`);
}

/**
 * A delivery order taken through to its end with the ops API, as the kitchen's and the courier's
 * devices move it (on a server without the simulator, its data folder, `dataDir`, holds its
 * dispatch key). The demo's simulated kitchen plays every vendor without staff of its own (all but
 * Комора 24) and may accept an order or start it in the moment between two of these moves, a
 * fraction of a second at the tests' speed: such a move is then already made. It cooks for seconds,
 * so the order must still be ready when asked here, and a kitchen that made neither move fails there.
 */
export async function completeOrder(page: Page, orderId: number, dataDir?: string) {
  const dispatch = { ...apiHeaders, "X-Api-Key": demoSecrets(dataDir).opsKeys.dispatch };
  const courier = await page.request.post(`/api/ops/orders/${orderId}/courier`, {
    headers: dispatch,
    data: { name: "Taras", phone: "+380 44 000 0000" },
  });
  expect(courier.status(), await courier.text()).toBe(200);
  for (const move of ["accept", "preparing", "ready", "on-delivery", "arrived", "complete"]) {
    const moved = await page.request.post(`/api/ops/orders/${orderId}/${move}`, { headers: dispatch });
    const answer = await moved.text();
    const madeBySimulator =
      (move === "accept" || move === "preparing") &&
      moved.status() === 400 &&
      JSON.parse(answer).type === "OrderStatusTransitionException";
    if (!madeBySimulator) expect(moved.status(), `${move}: ${answer}`).toBe(200);
  }
}
