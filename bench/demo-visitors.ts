// The visitors the bench's pages need, set up through the public API of a demo-mode storefront as
// the browser tests do (e2e/tests/api-orders.ts): a visitor with a filled cart, and a signed-in
// customer with a placed order. Each answers the cookies a browser would then send.

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

async function call<T>(
  base: string,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown } = {},
) {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...headers,
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

/** The Riga vendors in the order the locality page lists them. */
export async function rigaVendors(base: string): Promise<Vendor[]> {
  return (await call<{ content: Vendor[] }>(base, "GET", "/public/localities/riga/vendors?size=100")).body
    .content;
}

/** An open Riga restaurant that delivers, with a dish that needs no options, and how many reach its minimum. */
async function orderableDish(base: string) {
  for (const vendor of await rigaVendors(base)) {
    if (!vendor.working || vendor.vendorType !== "RESTAURANT" || !vendor.receiptTypes.includes("DELIVERY"))
      continue;
    const menu = (
      await call<{ sections: Array<{ products: Product[] }> }>(base, "GET", `/vendors/${vendor.id}/catalogue`)
    ).body;
    const dish = menu.sections
      .flatMap((section) => section.products)
      .find((product) => product.available && product.componentGroups.length === 0);
    if (dish) return { vendor, dish, count: Math.max(1, Math.ceil(vendor.minOrderPrice / dish.price)) };
  }
  throw new Error("no open restaurant in Riga");
}

/** A cart started in Riga and filled with a dish, owned by `cookie` or by a new visitor cookie. */
async function filledCart(base: string, cookie?: string) {
  const created = await call<{ cartId: string }>(base, "POST", "/carts", {
    cookie,
    body: { localityCode: "riga", location: RIGA },
  });
  const owner = cookie ?? cookieFrom(created.setCookie, "visitor");
  const { vendor, dish, count } = await orderableDish(base);
  await call(base, "POST", `/carts/${created.body.cartId}/products`, {
    cookie: owner,
    body: { vendorId: vendor.id, productId: dish.id, count },
  });
  return { cartId: created.body.cartId, owner };
}

/** An anonymous visitor's cookies with a filled cart: the visitor token and the cart the page reads. */
export async function visitorWithCart(base: string): Promise<string> {
  const { cartId, owner } = await filledCart(base);
  return `${owner}; cartId=${cartId}`;
}

/**
 * A customer signed in through the demo SMS flow (the code read from the demo outbox) who placed a
 * cash order: the session cookie and the order's id.
 */
export async function customerWithOrder(base: string): Promise<{ cookie: string; orderId: number }> {
  const phone = `3712${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
  await call(base, "POST", `/customer/auth/sendPhoneConfirmation?phone=${phone}`);
  const outbox = await call<Array<{ code: string }>>(
    base,
    "GET",
    `/dev/outbox?to=${encodeURIComponent(`+${phone}`)}`,
  );
  const login = await call(base, "POST", "/customer/auth/login", {
    body: { phone, token: outbox.body[0]!.code },
  });
  const cookie = cookieFrom(login.setCookie, "session");
  await call(base, "PATCH", "/customer/me", { cookie, body: { name: "Bench" } });
  const { cartId } = await filledCart(base, cookie);
  await call(base, "PUT", `/carts/${cartId}`, { cookie, body: { paymentType: "CASH" } });
  const order = await call<{ id: number }>(base, "POST", "/customer/me/orders", { cookie, body: { cartId } });
  return { cookie, orderId: order.body.id };
}
