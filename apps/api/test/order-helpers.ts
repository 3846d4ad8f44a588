import { type Endpoint, endpoints, type HttpMethod, opsEndpoints } from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { hashToken } from "../src/accounts/sessions.ts";
import { opsApiKeys, orders, partners, users } from "../src/db/schema.ts";
import { SUSPENDED_PARTNER } from "../src/seed/partner.ts";
import {
  type Answer,
  callEndpoint,
  type MenuProduct,
  newCart,
  type OpenVendor,
  openRestaurants,
  plain,
} from "./cart-helpers.ts";
import { DEMO_SECRETS, signInCustomer, type TestApp } from "./harness.ts";
import { apiPath, opsPath } from "./paths.ts";
import type { Injects } from "./remote-app.ts";

/** The customer's orders (GET lists them, POST places one), for the tests that call it by hand. */
export const ORDERS = apiPath(endpoints.customer.placeOrder());

/** An open restaurant of Riga and two plain dishes of it, the first alone over its minimum order. */
export async function orderingKit(
  t: TestApp,
): Promise<{ restaurant: OpenVendor; dishes: [MenuProduct, MenuProduct] }> {
  for (const restaurant of await openRestaurants(t.app, 5)) {
    const big = restaurant.products.find((p) => plain(p) && p.price >= restaurant.minOrderPrice);
    const other = restaurant.products.find((p) => plain(p) && p.id !== big?.id);
    if (big && other) return { restaurant, dishes: [big, other] };
  }
  throw new Error("the demo has an open restaurant with two plain dishes, one over its minimum");
}

/** A signed-in customer: their session cookie and user id. */
export async function customer(t: TestApp): Promise<{ session: string; userId: number }> {
  const { cookie, phone } = await signInCustomer(t.app);
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  return { session: cookie, userId: (user as { id: number }).id };
}

/**
 * Places an order of the given lines (a cash one waits for approval; an online one stays CREATED
 * until paid) and answers its JSON.
 */
export async function placeOrder(
  app: Injects,
  session: string,
  vendorId: number,
  lines: Array<{
    productId: number;
    /** Another vendor's product in the same cart (an order of several vendors); `vendorId` otherwise. */
    vendorId?: number;
    count?: number;
    components?: Array<{ id: number; count: number }>;
    comment?: string;
  }>,
  options: { online?: boolean; contactless?: boolean } = {},
) {
  const { cartId, cookie } = await newCart(app, session);
  for (const line of lines) {
    const added = await callEndpoint(app, endpoints.carts.addProduct(cartId), cookie, { vendorId, ...line });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
  }
  if (options.online)
    await callEndpoint(app, endpoints.carts.update(cartId), cookie, { paymentType: "ONLINE" });
  if (options.contactless)
    await callEndpoint(app, endpoints.carts.update(cartId), cookie, {
      deliveryInstructions: { contactless: true },
    });
  const placed = await callEndpoint(app, endpoints.customer.placeOrder(), cookie, { cartId });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body;
}

/** Sets an order's columns as if payments or earlier moves had happened. */
export async function setOrder(t: TestApp, orderId: number, fields: Partial<typeof orders.$inferInsert>) {
  await t.database.db.update(orders).set(fields).where(eq(orders.id, orderId));
}

/** Adds an active partner of its own (a copy of the demo's settings), for keys that must find nothing. */
export async function addPartner(t: TestApp, code: string): Promise<void> {
  await t.database.db.insert(partners).values({ ...SUSPENDED_PARTNER, code, name: code, status: "ACTIVE" });
}

/** Adds an ops API key to a partner; answers its plain value. */
export async function addOpsKey(
  t: TestApp,
  key: { role: "VENDOR" | "COURIER" | "DISPATCH"; vendorId?: number; partnerCode?: string },
): Promise<string> {
  const [partner] = await t.database.db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.code, key.partnerCode ?? "demo"));
  const plainKey = `test-${key.role.toLowerCase()}-${Math.random().toString(36).slice(2)}`;
  await t.database.db.insert(opsApiKeys).values({
    partnerId: (partner as { id: number }).id,
    keyHash: hashToken(plainKey),
    role: key.role,
    vendorId: key.vendorId ?? null,
    name: `test ${key.role}`,
  });
  return plainKey;
}

/** A call of the ops API with an X-Api-Key (and no partner code: the key names the partner). */
export async function ops(
  app: Injects,
  key: string | null,
  method: HttpMethod,
  url: string,
  payload?: object,
): Promise<Answer> {
  const response = await app.inject({
    method,
    url,
    headers: key === null ? {} : { "x-api-key": key },
    ...(payload === undefined ? {} : { payload }),
  });
  return { status: response.statusCode, body: response.json(), cookie: null };
}

/** One call of a contract endpoint of the ops API (`opsEndpoints`), as `ops` makes it. */
export function opsEndpointCall(app: Injects, key: string | null, endpoint: Endpoint, payload?: object) {
  return ops(app, key, endpoint.method, opsPath(endpoint), payload);
}

/** A new customer's cash order of an open Riga restaurant's plain dish over its minimum: the customer and the order. */
export async function cashOrderInRiga(t: TestApp, options: { contactless?: boolean } = {}) {
  const [kitchen] = (await openRestaurants(t.app, 1)) as [OpenVendor];
  const dish =
    kitchen.products.find((p) => plain(p) && p.price >= kitchen.minOrderPrice) ?? kitchen.products[0];
  const buyer = await customer(t);
  const order = await placeOrder(
    t.app,
    buyer.session,
    kitchen.id,
    [{ productId: (dish as { id: number }).id }],
    options,
  );
  return { buyer, order };
}

/** Drives an order to COMPLETED through the ops API with the demo's dispatch key, as the dispatcher does. */
export async function deliverThroughOps(app: Injects, orderId: number): Promise<void> {
  for (const action of ["accept", "preparing", "ready", "complete"] as const) {
    const moved = await opsEndpointCall(
      app,
      DEMO_SECRETS.opsKeys.dispatch,
      opsEndpoints.moveOrder(orderId, action),
    );
    expect(moved.status, `${action}: ${JSON.stringify(moved.body)}`).toBe(200);
  }
}
