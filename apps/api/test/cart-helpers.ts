import { type Endpoint, endpoints } from "@storefront/domain/contract";
import { expect } from "vitest";
import { DEMO, get } from "./harness.ts";
import { apiPath } from "./paths.ts";
import type { Injects } from "./remote-app.ts";

/** A point in central Riga, inside the delivery zone. */
export const RIGA_POINT = {
  latitude: 56.9496,
  longitude: 24.1052,
  formattedAddress: "Brīvības iela 1, Rīga",
};

// biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely and assert on them
export type Answer = { status: number; body: any; cookie: string | null };

/** One request with the demo partner's header and a Cookie header; answers the visitor cookie it set, if any. */
export async function call(
  app: Injects,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  cookie: string | null,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await app.inject({
    method,
    url,
    headers: { ...DEMO, ...(cookie ? { cookie } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  const setCookie = response.headers["set-cookie"];
  const visitor = [setCookie ?? []].flat().find((c) => c.startsWith("visitor="));
  return {
    status: response.statusCode,
    body: response.body ? response.json() : null,
    cookie: visitor ? (visitor.split(";")[0] as string) : null,
  };
}

/** One call of a contract endpoint (`@storefront/domain/contract` endpoints), as `call` makes it. */
export function callEndpoint(
  app: Injects,
  endpoint: Endpoint,
  cookie: string | null,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return call(app, endpoint.method, apiPath(endpoint), cookie, payload, headers);
}

export interface MenuProduct {
  id: number;
  price: number;
  componentGroups: Array<{
    id: number;
    required: boolean;
    multiSelection: boolean;
    maxCount: number;
    components: Array<{ id: number; price: number; available: boolean }>;
  }>;
  available: boolean;
}

export interface OpenVendor {
  id: number;
  minOrderPrice: number;
  products: MenuProduct[];
}

/** A product that goes into the cart without choosing options. */
export const plain = (p: MenuProduct) => p.componentGroups.length === 0;

/**
 * Open vendors of Riga of one type that deliver, with their available products, as a customer finds
 * them: open now and still open when an order placed now arrives, whatever the hour the test runs.
 */
export async function openVendors(
  app: Injects,
  vendorType: "RESTAURANT" | "STORE",
  count: number,
): Promise<OpenVendor[]> {
  const { body } = await get(app, apiPath(endpoints.localities.vendors("riga", "size=100")));
  const open = body.content.filter(
    (v: {
      working: boolean;
      closesBeforeArrivalAt: string | null;
      vendorType: string;
      receiptTypes: string[];
    }) =>
      v.working &&
      v.closesBeforeArrivalAt === null &&
      v.vendorType === vendorType &&
      v.receiptTypes.includes("DELIVERY"),
  );
  const result: OpenVendor[] = [];
  for (const vendor of open.slice(0, count)) {
    const menu = await get(app, apiPath(endpoints.vendors.catalogue(vendor.id)));
    const items = menu.body.sections.flatMap((s: { products: MenuProduct[] }) => s.products);
    result.push({
      id: vendor.id,
      minOrderPrice: vendor.minOrderPrice,
      products: items.filter((p: MenuProduct) => p.available),
    });
  }
  return result;
}

/** Open restaurants of Riga with their menus, as a customer would find them. */
export function openRestaurants(app: Injects, count: number): Promise<OpenVendor[]> {
  return openVendors(app, "RESTAURANT", count);
}

/**
 * A plain dish of an open vendor of Riga that alone reaches the vendor's minimum order: a
 * restaurant's, or at the hours when none is open (a test on the wall clock), the all-night store's.
 */
export async function dishOverMinimum(
  app: Injects,
): Promise<{ vendorId: number; productId: number; price: number }> {
  for (const vendorType of ["RESTAURANT", "STORE"] as const) {
    for (const vendor of await openVendors(app, vendorType, 5)) {
      const dish = vendor.products.find((p) => plain(p) && p.price >= vendor.minOrderPrice);
      if (dish) return { vendorId: vendor.id, productId: dish.id, price: dish.price };
    }
  }
  throw new Error("the demo has an open vendor with a dish over its minimum order");
}

/**
 * Starts a cart in Riga. The cookie it answers is the one to send from then on: the visitor cookie
 * the API issued, joined to the caller's own cookie (a session) when there was one.
 */
export async function newCart(app: Injects, cookie: string | null = null, location: object = RIGA_POINT) {
  const created = await callEndpoint(app, endpoints.carts.create(), cookie, {
    localityCode: "riga",
    location,
  });
  expect(created.status).toBe(201);
  const cookies = [cookie, created.cookie].filter((c): c is string => Boolean(c));
  return { cartId: created.body.cartId as string, cookie: cookies.join("; ") };
}

/** Sums the parts of the price as the customer reads them. */
export function expectTotalsAddUp(cart: {
  prices: {
    cartTotal: number;
    deliveryTotal: number;
    tipAmount: number;
    finalTotal: number;
    fees: Array<{ amount: number }>;
    taxes: Array<{ amount: number; included: boolean }>;
    discounts: Array<{ discountTotal: number }>;
  };
  price: number;
}) {
  const p = cart.prices;
  const sum =
    cents(p.cartTotal) +
    cents(p.deliveryTotal) +
    p.fees.reduce((s, f) => s + cents(f.amount), 0) +
    p.taxes.filter((x) => !x.included).reduce((s, x) => s + cents(x.amount), 0) +
    cents(p.tipAmount) -
    p.discounts.reduce((s, d) => s + cents(d.discountTotal), 0);
  expect(cents(p.finalTotal)).toBe(sum);
  expect(cart.price).toBe(p.finalTotal);
}

/** An amount in euros as whole cents, so sums compare exactly. */
export function cents(amount: number): number {
  return Math.round(amount * 100);
}
