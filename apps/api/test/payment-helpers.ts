import { endpoints } from "@storefront/domain/contract";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import {
  callEndpoint,
  type MenuProduct,
  newCart,
  type OpenVendor,
  openRestaurants,
  plain,
} from "./cart-helpers.ts";

export const SANDBOX = {
  authorised: "4242 4242 4242 4242",
  declined: "4000 0000 0000 0002",
} as const;

/** An open restaurant of Riga and a plain dish that alone reaches its minimum order. */
export async function findDish(app: FastifyInstance): Promise<{ restaurant: OpenVendor; dish: MenuProduct }> {
  const [restaurant] = await openRestaurants(app, 1);
  const dish = restaurant?.products.find((p) => plain(p) && p.price >= restaurant.minOrderPrice);
  if (!restaurant || !dish) throw new Error("the demo has an open restaurant with a dish over its minimum");
  return { restaurant, dish };
}

/** Places an order of the customer's (their session cookie) paid online or in cash; answers the order. */
export async function placeOrder(
  app: FastifyInstance,
  session: string,
  menu: { restaurant: OpenVendor; dish: MenuProduct },
  paymentType: "ONLINE" | "CASH" = "ONLINE",
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely and assert on them
): Promise<any> {
  const { cartId, cookie } = await newCart(app, session);
  const added = await callEndpoint(app, endpoints.carts.addProduct(cartId), cookie, {
    vendorId: menu.restaurant.id,
    productId: menu.dish.id,
    count: 1,
  });
  expect(added.status).toBe(200);
  expect((await callEndpoint(app, endpoints.carts.update(cartId), cookie, { paymentType })).status).toBe(200);
  const placed = await callEndpoint(app, endpoints.customer.placeOrder(), cookie, { cartId });
  expect(placed.status).toBe(201);
  return placed.body;
}

export interface CardInput {
  cardNumber?: string;
  expiry?: string;
  cvc?: string;
  name?: string;
  saveCard?: boolean;
}

/** Submits the sandbox card page as the browser's form post does. */
export async function submitCard(app: FastifyInstance, pageUrl: string, card: CardInput) {
  const form = new URLSearchParams({
    cardNumber: card.cardNumber ?? SANDBOX.authorised,
    expiry: card.expiry ?? "12/30",
    cvc: card.cvc ?? "123",
    name: card.name ?? "Ada Lovelace",
    ...(card.saveCard ? { saveCard: "on" } : {}),
  });
  return app.inject({
    method: "POST",
    url: pageUrl,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: form.toString(),
  });
}

/** Where a 303 goes, with its query read. */
export function redirectOf(response: { statusCode: number; headers: Record<string, unknown> }) {
  expect(response.statusCode).toBe(303);
  const location = String(response.headers.location);
  const url = new URL(location, "http://shop.test");
  return { location, path: url.pathname, query: Object.fromEntries(url.searchParams), hash: url.hash };
}
