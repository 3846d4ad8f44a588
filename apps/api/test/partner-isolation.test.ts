import { consoleEndpoints, endpoints } from "@storefront/domain/contract";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentPages, localities, partners, products, vendors } from "../src/db/schema.ts";
import { addPartnerHost } from "../src/partners/partner-hosts.ts";
import { SECOND_BRAND_HOST } from "../src/seed/second-brand.ts";
import { type Locality, NOW, placeOrderIn } from "./completed-orders.ts";
import { consoleCall, consoleEndpointCall, staffSession } from "./console-helpers.ts";
import { signInCustomer, startTestApp, type TestApp } from "./harness.ts";
import { apiPath, consolePath } from "./paths.ts";
import { track } from "./tracking-helpers.ts";
import { ensureWebBuild } from "./web-build.ts";

/**
 * Two active partners on one deployment, each on its own host, as the seed makes them: the demo
 * (Dostavka: Riga, Kyiv, Baghdad) and Verde (Lisbon). From each side, every storefront operation of
 * the API, the storefront's pages, the tracking socket, the console's lists and the reports are asked
 * for that side's own things and for the other's: no answer shows anything of the other partner, and
 * the other's things are not found. (Customer and console routes aimed at another member's things
 * of the same partner are account-isolation.test.ts's and console-isolation.test.ts's.)
 */

type Side = "demo" | "verde";
const SIDES: readonly Side[] = ["demo", "verde"];
const HOSTS: Record<Side, string> = { demo: "dostavka.example", verde: SECOND_BRAND_HOST };
const other = (side: Side): Side => (side === "demo" ? "verde" : "demo");

/** One partner's things, found in the seed or made before the tests. */
interface Things {
  code: string;
  city: string;
  point: { latitude: number; longitude: number };
  vendorId: number;
  productId: number;
  pageId: number;
  pageSlug: string;
  orderId: number;
  /** A customer of this partner, signed in: their session cookie. */
  customer: string;
  /** This partner's owner in the console: their session cookie. */
  owner: string;
  /** What only this partner's answers hold: its vendors' names, official name, support e-mail, cities. */
  marks: string[];
}

let t: TestApp;
const of = {} as Record<Side, Things>;

/** The marks of the other side that a text shows. */
const leaks = (text: string, side: Side) => of[other(side)].marks.filter((mark) => text.includes(mark));
/** Whether a text shows something of this side (a row that shows nothing proves nothing). */
const showsOwn = (text: string, side: Side) => of[side].marks.some((mark) => text.includes(mark));

/** A storefront call from a side's pages: its partner code, host and, when given, a session. */
function storefront(side: Side, method: "GET" | "POST", url: string, payload?: object, cookie?: string) {
  return t.app.inject({
    method,
    url,
    headers: { "x-partner-code": of[side].code, host: HOSTS[side], ...(cookie ? { cookie } : {}) },
    ...(payload ? { payload } : {}),
  });
}

/** A storefront operation: the call for a side's own things, and the same aimed at the other's. */
interface Row {
  operation: string;
  own: (mine: Things) => string;
  theirs?: (their: Things, mine: Things) => string;
  /** What the other's thing answers from this side: not found, as a thing no one has. */
  refused?: number;
  method?: "GET" | "POST";
  body?: (target: Things) => object;
  /** The row's answer names no partner's thing (a blank list is fine). */
  mayBeBlank?: true;
  session?: true;
}

/** A city's part of the storefront API, by the part's name in the path. */
const localityPart = (city: string, part: "params" | "banners" | "categories" | "vendors") =>
  apiPath(part === "vendors" ? endpoints.localities.vendors(city, "") : endpoints.localities[part](city));

const ROWS: Row[] = [
  { operation: "GET /api/public/localities", own: () => apiPath(endpoints.localities.list()) },
  {
    operation: "GET /api/public/localities/nearest",
    own: (mine) => apiPath(endpoints.localities.nearest(mine.point)),
    // From the other partner's city, the nearest is still one of this side's.
    theirs: (their) => apiPath(endpoints.localities.nearest(their.point)),
    refused: 200,
  },
  ...(["params", "banners", "categories", "vendors"] as const).map(
    (part): Row => ({
      operation: `GET /api/public/localities/{code}/${part}`,
      own: (mine) => localityPart(mine.city, part),
      theirs: (their) => localityPart(their.city, part),
      refused: 404,
      ...(part === "categories" || part === "banners" ? { mayBeBlank: true as const } : {}),
    }),
  ),
  {
    operation: "GET /api/public/localities/{code}/search",
    own: (mine) => apiPath(endpoints.localities.searchResults(mine.city, { q: "pizza" })),
    theirs: (their) => apiPath(endpoints.localities.searchResults(their.city, { q: "pizza" })),
    refused: 404,
    mayBeBlank: true,
  },
  {
    operation: "GET /api/vendors/{id}",
    own: (mine) => apiPath(endpoints.vendors.detail(mine.vendorId)),
    theirs: (their) => apiPath(endpoints.vendors.detail(their.vendorId)),
    refused: 404,
  },
  {
    operation: "GET /api/vendors/{id}/catalogue",
    own: (mine) => apiPath(endpoints.vendors.catalogue(mine.vendorId)),
    theirs: (their) => apiPath(endpoints.vendors.catalogue(their.vendorId)),
    refused: 404,
    mayBeBlank: true,
  },
  {
    operation: "GET /api/products/{id}",
    own: (mine) => apiPath(endpoints.products.get(mine.productId)),
    theirs: (their) => apiPath(endpoints.products.get(their.productId)),
    refused: 404,
    mayBeBlank: true,
  },
  { operation: "GET /api/content-pages", own: () => apiPath(endpoints.contentPages()), mayBeBlank: true },
  {
    operation: "GET /api/content-pages/{id}",
    own: (mine) => apiPath(endpoints.contentPage(String(mine.pageId))),
    theirs: (their) => apiPath(endpoints.contentPage(String(their.pageId))),
    refused: 404,
    mayBeBlank: true,
  },
  {
    operation: "GET /api/delivery-check",
    own: (mine) => apiPath(endpoints.deliveryCheck(mine.point)),
    theirs: (their) => apiPath(endpoints.deliveryCheck(their.point)),
    refused: 200,
    mayBeBlank: true,
  },
  {
    operation: "GET /api/customer/supported-payment-methods",
    own: (mine) => apiPath(endpoints.supportedPaymentMethods(mine.city)),
    theirs: (their) => apiPath(endpoints.supportedPaymentMethods(their.city)),
    refused: 404,
    mayBeBlank: true,
  },
  {
    operation: "POST /api/carts",
    method: "POST",
    own: () => apiPath(endpoints.carts.create()),
    theirs: () => apiPath(endpoints.carts.create()),
    body: (target) => ({ localityCode: target.city, location: target.point }),
    refused: 404,
    mayBeBlank: true,
  },
  {
    operation: "GET /api/customer/me/orders",
    own: () => apiPath(endpoints.customer.orders()),
    session: true,
  },
  {
    operation: "GET /api/customer/me/orders/{id}",
    own: (mine) => apiPath(endpoints.customer.order(mine.orderId)),
    theirs: (their) => apiPath(endpoints.customer.order(their.orderId)),
    refused: 404,
    session: true,
  },
  {
    operation: "GET /api/customer/me/orders/{id}/invoice",
    own: (mine) => apiPath(endpoints.customer.invoiceLink(mine.orderId)),
    theirs: (their) => apiPath(endpoints.customer.invoiceLink(their.orderId)),
    refused: 404,
    session: true,
    mayBeBlank: true,
  },
];

/** Documented operations outside the table, and where each is held to its partner. */
const ELSEWHERE: Array<[prefix: string, why: string]> = [
  ["/api/console/", "console-isolation.test.ts (and the console's lists below)"],
  ["/api/ops/", "ops keys name their partner: ops.test.ts"],
  ["/api/dev/", "demo mode only: production-start.test.ts"],
  ["/api/admin/", "the deployment operator's, across partners, with SUPER_ADMIN_KEY: admin-partners.test.ts"],
  ["/api/customer/", "a session of one partner is a stranger to the other: account-isolation.test.ts"],
  ["/api/courier/", "a courier's session is their partner's, their jobs theirs: courier-app.test.ts's table"],
  ["/api/carts/", "a cart belongs to its visitor and partner: carts.test.ts, account-isolation.test.ts"],
  ["/api/invoices/", "a signed link to one order: invoices.test.ts"],
  ["/api/delivery-photos/", "a signed link to one order's photo at the door: courier-app.test.ts"],
  ["/api/group-orders/", "a group order's link opens it on its own partner only: group-orders.test.ts"],
  ["/api/sandbox/", "the card page of one payment session: payments.test.ts"],
  ["/api/partners/", "each partner's own public icon and preview, named by its code"],
  ["/api/public/geocoding/", "an address lookup that holds no partner's data"],
  ["/api/public/analytics/", "write-only events"],
  ["/api/public/web-push/", "the installation's one VAPID public key, the same for every partner"],
  ["/api/health", "no partner's data"],
  ["/api/ready", "no partner's data"],
];

/** The storefront's pages on a side's host: its own things, and the other's things asked there. */
const PAGES: Array<{ name: string; own: (mine: Things) => string; theirs?: (their: Things) => string }> = [
  { name: "a city's vendors", own: (mine) => `/en/${mine.city}`, theirs: (their) => `/en/${their.city}` },
  {
    name: "a vendor's menu",
    own: (mine) => `/en/${mine.city}/vendor/${mine.vendorId}`,
    theirs: (their) => `/en/${their.city}/vendor/${their.vendorId}`,
  },
  { name: "a content page", own: (mine) => `/en/cms/${mine.pageSlug}` },
  { name: "the cart", own: () => "/en/cart" },
  { name: "support", own: () => "/en/support" },
  { name: "the customer's orders", own: () => "/en/menu/orders" },
  {
    name: "an order's status",
    own: (mine) => `/en/menu/orders/${mine.orderId}/status`,
    theirs: (their) => `/en/menu/orders/${their.orderId}/status`,
  },
];

/** A side's things from the seed, an order placed by a customer of its own, and its owner. */
async function thingsOf(side: Side): Promise<Things> {
  const { db } = t.database;
  const [partner] = await db.select().from(partners).where(eq(partners.code, side));
  if (!partner) throw new Error(`the seed makes the ${side} partner`);
  const cities = await db.select().from(localities).where(eq(localities.partnerId, partner.id));
  const city = cities.find((one) => one.code === partner.defaultLocalityCode) ?? cities[0];
  if (!city) throw new Error(`${side} has a city`);
  const ownVendors = await db.select().from(vendors).where(eq(vendors.partnerId, partner.id));
  const inCity = ownVendors.filter((vendor) => vendor.localityId === city.id);
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      inArray(
        products.vendorId,
        inCity.map((vendor) => vendor.id),
      ),
    )
    .limit(1);
  const [page] = await db
    .select()
    .from(contentPages)
    .where(and(eq(contentPages.partnerId, partner.id), eq(contentPages.slug, "about")));
  const headers = { "x-partner-code": side };
  const { cookie } = await signInCustomer(t.app, side);
  const order = await placeOrderIn(t, cookie, { locality: city.code as Locality, headers });
  const owner = await staffSession(t, "OWNER", `owner@${side}-isolation.example`, { partner: side });
  return {
    code: side,
    city: city.code,
    point: { latitude: city.centerLatitude, longitude: city.centerLongitude },
    vendorId: inCity[0]?.id ?? 0,
    productId: product?.id ?? 0,
    pageId: page?.id ?? 0,
    pageSlug: page?.slug ?? "about",
    orderId: order.id,
    customer: cookie,
    owner,
    marks: [
      // Names of two words or more: a one-word name ("Svaigi") is also a word of the other's menus.
      ...ownVendors.map((vendor) => vendor.name).filter((name) => name.includes(" ")),
      partner.publicInfo.partnerOfficialName,
      partner.contacts.email,
      // A city's code as JSON names it, and as the pages' links have it.
      ...cities.flatMap((one) => [`"${one.code}"`, `/${one.code}`]),
    ],
  };
}

beforeAll(async () => {
  t = await startTestApp({ now: NOW, webBuildDir: await ensureWebBuild() });
  const [demo] = await t.database.db.select().from(partners).where(eq(partners.code, "demo"));
  // The demo on a host of its own too: a host recorded for no one is then a plain 404.
  await addPartnerHost(t.database.db, (demo as { id: number }).id, HOSTS.demo);
  t.app.services.partnerHosts.forget();
  for (const side of SIDES) of[side] = await thingsOf(side);
  // Each side's marks are its own: no vendor name or address is the other's too.
  for (const side of SIDES)
    expect(of[side].marks.filter((mark) => of[other(side)].marks.includes(mark))).toEqual([]);
});
afterAll(() => t.close());

describe.each(SIDES)("from %s's side", (side) => {
  it.each(ROWS)("$operation shows none of the other partner's things", async (row) => {
    const mine = of[side];
    const answer = await storefront(
      side,
      row.method ?? "GET",
      row.own(mine),
      row.body?.(mine),
      row.session ? mine.customer : undefined,
    );
    expect(answer.statusCode, answer.body).toBeLessThan(300);
    expect(leaks(answer.body, side)).toEqual([]);
    if (!row.mayBeBlank)
      expect(showsOwn(answer.body, side), `${row.operation} shows ${side}'s own`).toBe(true);
  });

  it.each(ROWS.filter((row) => row.theirs))(
    "$operation aimed at the other partner's thing does not find it",
    async (row) => {
      const mine = of[side];
      const their = of[other(side)];
      const answer = await storefront(
        side,
        row.method ?? "GET",
        row.theirs?.(their, mine) ?? "",
        row.body?.(their),
        row.session ? mine.customer : undefined,
      );
      expect(answer.statusCode, answer.body).toBe(row.refused);
      expect(leaks(answer.body, side)).toEqual([]);
    },
  );

  it("does not take the other partner's customer: their session is a stranger here", async () => {
    const answer = await storefront(
      side,
      "GET",
      apiPath(endpoints.customer.orders()),
      undefined,
      of[other(side)].customer,
    );
    expect(answer.statusCode).toBe(401);
  });

  it.each(PAGES)("shows $name on its host without the other partner's things", async (page) => {
    const mine = of[side];
    const answer = await t.app.inject({
      method: "GET",
      url: page.own(mine),
      headers: { host: HOSTS[side], cookie: mine.customer },
    });
    expect(answer.statusCode, page.own(mine)).toBe(200);
    expect(leaks(answer.body, side)).toEqual([]);
    if (page.theirs) {
      const theirs = await t.app.inject({
        method: "GET",
        url: page.theirs(of[other(side)]),
        headers: { host: HOSTS[side], cookie: mine.customer },
      });
      expect(theirs.statusCode, page.theirs(of[other(side)])).toBe(404);
      expect(leaks(theirs.body, side)).toEqual([]);
    }
  });

  it("follows its own order on the tracking socket, and not the other partner's", async () => {
    const own = await track(t.app, of[side].orderId, { cookie: of[side].customer });
    await own.next((message) => message.type === "ORDER_STATUS_UPDATE");
    own.socket.terminate();
    await expect(track(t.app, of[other(side)].orderId, { cookie: of[side].customer })).rejects.toThrow(/404/);
  });

  it("lists only its own things in every console list of its owner", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const lists = Object.entries<Record<string, unknown>>(document.paths)
      .filter(
        ([path, methods]) => path.startsWith("/api/console/") && !path.includes("{") && "get" in methods,
      )
      .map(([path]) => path);
    expect(lists.length).toBeGreaterThan(8);
    for (const path of lists) {
      const answer = await consoleCall(t, of[side].owner, "GET", path);
      expect(answer.status, path).toBeLessThan(500);
      expect(leaks(JSON.stringify(answer.body), side), path).toEqual([]);
    }
  });

  it("does not find the other partner's vendor, menu, order, city or page in its console", async () => {
    const their = of[other(side)];
    for (const path of [
      consoleEndpoints.vendor(their.vendorId),
      consoleEndpoints.menu(their.vendorId),
      consoleEndpoints.order(their.orderId),
      consoleEndpoints.citySettings(their.city),
      consoleEndpoints.page(their.pageId),
    ].map(consolePath)) {
      const answer = await consoleCall(t, of[side].owner, "GET", path);
      expect(answer.status, path).toBe(404);
      expect(leaks(JSON.stringify(answer.body), side), path).toEqual([]);
    }
  });

  it("reports its own city's orders and none of the other partner's", async () => {
    const week = { from: "2026-11-17", to: "2026-11-23" };
    const own = await consoleEndpointCall(
      t,
      of[side].owner,
      consoleEndpoints.reports({ ...week, localityCode: of[side].city }),
    );
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.totals.orders).toBeGreaterThan(0);
    expect(leaks(JSON.stringify(own.body), side)).toEqual([]);
    const theirs = await consoleEndpointCall(
      t,
      of[side].owner,
      consoleEndpoints.reports({ ...week, localityCode: of[other(side)].city }),
    );
    expect(theirs.status).toBe(404);
  });
});

describe("the table", () => {
  it("names every storefront operation of the API, or where it is held to its partner", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const documented = Object.entries<Record<string, unknown>>(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const named = new Set(ROWS.map((row) => row.operation));
    const unheld = documented.filter(
      (operation) =>
        !named.has(operation) && !ELSEWHERE.some(([prefix]) => operation.split(" ")[1]?.startsWith(prefix)),
    );
    expect(unheld, "storefront operations without a row").toEqual([]);
    expect(
      [...named].filter((operation) => !documented.includes(operation)),
      "rows of no operation",
    ).toEqual([]);
  });
});
