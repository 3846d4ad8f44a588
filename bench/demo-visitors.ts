// The visitors the bench's pages need, set up through the public API of a demo-mode storefront as
// the browser tests do (e2e/tests/api-orders.ts): a visitor with a filled cart, and a signed-in
// customer with a placed order. Each answers the cookies a browser would then send. The steps are
// exported for the soak (bench/soak.ts), whose shoppers take them one request at a time across
// several processes.

import { consoleEndpoints, courierEndpoints } from "@storefront/domain/contract";

const headers = { "X-Partner-Code": "demo", "Accept-Language": "en" };
const RIGA = { latitude: 56.9496, longitude: 24.1052, formattedAddress: "Brīvības iela 1, Rīga" };

interface Vendor {
  id: number;
  name: string;
  working: boolean;
  vendorType: string;
  receiptTypes: string[];
  minOrderPrice: number;
}
interface Product {
  id: number;
  price: number;
  available: boolean;
  componentGroups: unknown[];
}

/** A dish that can be ordered as it is, and how many of it reach its vendor's minimum order. */
export interface OrderableDish {
  vendor: Vendor;
  dish: Product;
  count: number;
}

/**
 * Where a visitor's requests go: one storefront (its address), or a visit whose `base` names the
 * server of each next request (several processes taken in turn) and whose `headers` every request
 * carries besides the storefront's own (X-Forwarded-For, as a proxy in front would add it).
 */
export type Target = string | { base(): string; headers?: Record<string, string> };

const baseOf = (target: Target) => (typeof target === "string" ? target : target.base());
const headersOf = (target: Target) => (typeof target === "string" ? {} : (target.headers ?? {}));

/** One API request (the storefront's headers, JSON in and out); any answer but 2xx throws with its body. */
export async function call<T>(
  target: Target,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown } = {},
) {
  const response = await fetch(`${baseOf(target)}/api${path}`, {
    method,
    headers: {
      ...headers,
      ...headersOf(target),
      ...(options.cookie ? { Cookie: options.cookie } : {}),
      ...(options.body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return { body: (text ? JSON.parse(text) : null) as T, setCookie: response.headers.getSetCookie() };
}

/** `name=value` of the named cookie among the Set-Cookie headers. */
function cookieFrom(setCookie: string[], name: string): string {
  const found = setCookie.find((header) => header.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie set`);
  return found.split(";")[0]!;
}

/**
 * A visitor's cookies (`a=1; b=2`, as the functions here give them) as a browser's cookies for the
 * storefront at `url`: set in a fresh context before a first visit (CDP's and Puppeteer's shape).
 */
export function browserCookies(header: string, url: string) {
  return header
    .split(";")
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const [name = "", ...value] = pair.split("=");
      return { name, value: value.join("="), url, path: "/", httpOnly: true };
    });
}

/** The Riga vendors in the order the locality page lists them. */
export async function rigaVendors(target: Target): Promise<Vendor[]> {
  return (await call<{ content: Vendor[] }>(target, "GET", "/public/localities/riga/vendors?size=100")).body
    .content;
}

/** A vendor's menu, as the vendor page reads it. */
export async function vendorCatalogue(target: Target, vendorId: number) {
  return (
    await call<{ sections: Array<{ products: Product[] }> }>(target, "GET", `/vendors/${vendorId}/catalogue`)
  ).body;
}

/** Each open Riga restaurant that delivers, with its first dish that needs no options, in the list's order. */
export async function* orderableDishes(target: Target): AsyncGenerator<OrderableDish> {
  for (const vendor of await rigaVendors(target)) {
    if (!vendor.working || vendor.vendorType !== "RESTAURANT" || !vendor.receiptTypes.includes("DELIVERY"))
      continue;
    const dish = (await vendorCatalogue(target, vendor.id)).sections
      .flatMap((section) => section.products)
      .find((product) => product.available && product.componentGroups.length === 0);
    if (dish) yield { vendor, dish, count: Math.max(1, Math.ceil(vendor.minOrderPrice / dish.price)) };
  }
}

async function orderableDish(target: Target): Promise<OrderableDish> {
  for await (const found of orderableDishes(target)) return found;
  throw new Error("no open restaurant in Riga");
}

/** A cart started in Riga, owned by `cookie` or by a new visitor cookie (the answer's `owner`). */
export async function startCart(target: Target, cookie?: string) {
  const created = await call<{ cartId: string }>(target, "POST", "/carts", {
    cookie,
    body: { localityCode: "riga", location: RIGA },
  });
  return { cartId: created.body.cartId, owner: cookie ?? cookieFrom(created.setCookie, "visitor") };
}

export async function addToCart(
  target: Target,
  cart: { cartId: string; owner: string },
  choice: OrderableDish,
) {
  await call(target, "POST", `/carts/${cart.cartId}/products`, {
    cookie: cart.owner,
    body: { vendorId: choice.vendor.id, productId: choice.dish.id, count: choice.count },
  });
}

/** A cart started in Riga and filled with a dish, owned by `cookie` or by a new visitor cookie. */
async function filledCart(target: Target, cookie?: string) {
  const cart = await startCart(target, cookie);
  await addToCart(target, cart, await orderableDish(target));
  return cart;
}

/** An anonymous visitor's cookies with a filled cart: the visitor token and the cart the page reads. */
export async function visitorWithCart(base: string): Promise<string> {
  const { cartId, owner } = await filledCart(base);
  return `${owner}; cartId=${cartId}`;
}

/**
 * Signs a customer in through the demo SMS flow (the code read from the demo outbox) and gives them
 * a name, as the sign-in dialog asks: the session cookie.
 */
export async function signIn(target: Target, phone: string): Promise<string> {
  await call(target, "POST", `/customer/auth/sendPhoneConfirmation?phone=${phone}`);
  const outbox = await call<Array<{ code: string }>>(
    target,
    "GET",
    `/dev/outbox?to=${encodeURIComponent(`+${phone}`)}`,
  );
  const login = await call(target, "POST", "/customer/auth/login", {
    body: { phone, token: outbox.body[0]!.code },
  });
  const cookie = cookieFrom(login.setCookie, "session");
  await call(target, "PATCH", "/customer/me", { cookie, body: { name: "Bench" } });
  return cookie;
}

/** Pays the cart in cash and places it (a customer's cookies: it takes over their anonymous cart): the order's id. */
export async function placeCashOrder(target: Target, cookie: string, cartId: string): Promise<number> {
  await call(target, "PUT", `/carts/${cartId}`, { cookie, body: { paymentType: "CASH" } });
  return (await call<{ id: number }>(target, "POST", "/customer/me/orders", { cookie, body: { cartId } }))
    .body.id;
}

/** A customer signed in through the demo SMS flow who placed a cash order: the session cookie and the order's id. */
export async function customerWithOrder(base: string): Promise<{ cookie: string; orderId: number }> {
  const phone = `3712${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
  const cookie = await signIn(base, phone);
  // The first restaurant whose order can be placed now: late at night one that closes before the
  // food would arrive asks for another time, and the next is tried.
  for await (const choice of orderableDishes(base)) {
    const cart = await startCart(base, cookie);
    await addToCart(base, cart, choice);
    const { body } = await call<{ validateCartResult: { status: string } }>(
      base,
      "GET",
      `/carts/${cart.cartId}`,
      {
        cookie,
      },
    );
    if (body.validateCartResult.status === "SUCCESS")
      return { cookie, orderId: await placeCashOrder(base, cookie, cart.cartId) };
  }
  throw new Error("no Riga restaurant takes an order now");
}

/** A console member signed in with their password (the demo's staff password): their session cookie. */
export async function consoleMember(base: string, email: string, password: string): Promise<string> {
  const signIn = consoleEndpoints.signIn();
  const answer = await call(base, signIn.method, `/console${signIn.path}`, { body: { email, password } });
  return cookieFrom(answer.setCookie, "console_session");
}

/**
 * A courier the dispatcher adds, signed in to the courier app through the demo SMS flow (the code
 * read from the demo outbox), off shift: the courier app's session cookie.
 */
export async function courierSignedIn(base: string, dispatcherCookie: string): Promise<string> {
  const phone = `3712${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
  const add = consoleEndpoints.addCourier();
  await call(base, add.method, `/console${add.path}`, {
    cookie: dispatcherCookie,
    body: { name: "Bench courier", phone: `+${phone}` },
  });
  const ask = courierEndpoints.sendPhoneConfirmation(phone);
  await call(base, ask.method, `/courier${ask.path}`);
  const outbox = await call<Array<{ code: string }>>(
    base,
    "GET",
    `/dev/outbox?to=${encodeURIComponent(`+${phone}`)}`,
  );
  const login = courierEndpoints.login();
  const answer = await call(base, login.method, `/courier${login.path}`, {
    body: { phone, token: outbox.body[0]!.code },
  });
  return cookieFrom(answer.setCookie, "courier_session");
}
