import { type Endpoint, endpoints } from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { orderStatusChanges, orders } from "../src/db/schema.ts";
import { callEndpoint, type MenuProduct } from "./cart-helpers.ts";
import { get, type TestApp } from "./harness.ts";
import { apiPath } from "./paths.ts";

/** Monday 14:00 in Riga, 15:00 in Baghdad and Kyiv: most vendors are open. */
export const NOW = new Date("2026-11-23T12:00:00Z");

/** A point inside each demo locality's delivery zone. */
export const POINTS = {
  riga: { latitude: 56.9496, longitude: 24.1052, formattedAddress: "Brīvības iela 1, Rīga" },
  baghdad: { latitude: 33.3152, longitude: 44.3661, formattedAddress: "شارع أبي نؤاس 27، بغداد" },
  kyiv: { latitude: 50.4501, longitude: 30.5234, formattedAddress: "вулиця Хрещатик, 1, Київ" },
  // Verde's city (send its partner code in the headers).
  lisboa: { latitude: 38.7223, longitude: -9.1393, formattedAddress: "Rua Augusta 1, Lisboa" },
} as const;
export type Locality = keyof typeof POINTS;

export interface OrderOptions {
  locality?: Locality;
  /** Headers of every call, e.g. Accept-Language. */
  headers?: Record<string, string>;
  receiptType?: "DELIVERY" | "TAKEAWAY";
  promoCode?: string;
  tipAmount?: number;
  /** The least the items should cost (a promo code's minimum). */
  atLeast?: number;
}

/** An open restaurant of the locality that delivers and hands over, and a dish without options. */
async function findDish(t: TestApp, locality: Locality, headers: Record<string, string>) {
  const { body } = await get(t.app, apiPath(endpoints.localities.vendors(locality, "size=100")), headers);
  for (const vendor of body.content) {
    const both = vendor.receiptTypes.includes("DELIVERY") && vendor.receiptTypes.includes("TAKEAWAY");
    if (!vendor.working || vendor.vendorType !== "RESTAURANT" || !both) continue;
    const menu = await get(t.app, apiPath(endpoints.vendors.catalogue(vendor.id)), headers);
    const dishes = menu.body.sections.flatMap((s: { products: MenuProduct[] }) => s.products);
    const dish = dishes.find((p: MenuProduct) => p.available && p.componentGroups.length === 0);
    if (dish)
      return {
        vendor: vendor as { id: number; name: string; minOrderPrice: number },
        dish: dish as MenuProduct,
      };
  }
  throw new Error(`the demo has an open restaurant in ${locality}`);
}

/** Places a cash order through the API, as a customer does, and answers its JSON. */
export async function placeOrderIn(t: TestApp, session: string, options: OrderOptions = {}) {
  const locality = options.locality ?? "riga";
  const headers = options.headers ?? {};
  const { vendor, dish } = await findDish(t, locality, headers);
  const cart = await callEndpoint(
    t.app,
    endpoints.carts.create(),
    session,
    { localityCode: locality, location: POINTS[locality] },
    headers,
  );
  expect(cart.status, JSON.stringify(cart.body)).toBe(201);
  const cookie = [session, cart.cookie].filter(Boolean).join("; ");
  const cartId = cart.body.cartId as string;
  const count = Math.max(1, Math.ceil(Math.max(vendor.minOrderPrice, options.atLeast ?? 0) / dish.price));
  const steps: Array<[endpoint: Endpoint, body: object]> = [
    [endpoints.carts.addProduct(cartId), { vendorId: vendor.id, productId: dish.id, count }],
  ];
  if (options.receiptType) steps.push([endpoints.carts.update(cartId), { receiptType: options.receiptType }]);
  if (options.promoCode) steps.push([endpoints.carts.applyPromoCode(cartId), { code: options.promoCode }]);
  if (options.tipAmount) steps.push([endpoints.carts.tip(cartId), { tipAmount: options.tipAmount }]);
  for (const [endpoint, body] of steps) {
    const answer = await callEndpoint(t.app, endpoint, cookie, body, headers);
    expect(answer.status, `${apiPath(endpoint)}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  }
  const placed = await callEndpoint(t.app, endpoints.customer.placeOrder(), cookie, { cartId }, headers);
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body;
}

/** Marks an order COMPLETED at a time, as the ops API would (it is not used here: it is another module's). */
export async function completeOrder(
  t: TestApp,
  orderId: number,
  at: Date,
  courierName: string | null = null,
) {
  await t.database.db.update(orders).set({ status: "COMPLETED", courierName }).where(eq(orders.id, orderId));
  await t.database.db
    .insert(orderStatusChanges)
    .values({ orderId, status: "COMPLETED", actor: "DISPATCH", at });
}
