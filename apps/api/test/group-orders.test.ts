import { GROUP_GUESTS_MAX, GROUP_JOINS_PER_HOUR } from "@storefront/domain";
import { endpoints } from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { orders, partners, vendors } from "../src/db/schema.ts";
import { renderInvoicePdf } from "../src/invoices/invoice-pdf.ts";
import { loadInvoice } from "../src/invoices/invoices.ts";
import {
  type Answer,
  call,
  callEndpoint,
  cents,
  type MenuProduct,
  newCart,
  RIGA_POINT,
} from "./cart-helpers.ts";
import { DEMO, startTestApp, type TestApp } from "./harness.ts";
import { customer, orderingKit } from "./order-helpers.ts";
import { apiPath } from "./paths.ts";
import { pdfLines, readPdfText } from "./pdf-reader.ts";

let t: TestApp;
let host: { session: string; userId: number };
let kit: Awaited<ReturnType<typeof orderingKit>>;
let otherVendorDish: { vendorId: number; productId: number };

beforeAll(async () => {
  // Midday in Riga: the demo's restaurants are open whatever the hour the suite runs.
  t = await startTestApp({ now: new Date("2026-11-27T11:00:00Z") });
  host = await customer(t);
  kit = await orderingKit(t);
  const { body } = await callEndpoint(t.app, endpoints.localities.vendors("riga", "size=100"), null);
  const other = body.content.find(
    (v: { id: number; working: boolean }) => v.working && v.id !== kit.restaurant.id,
  );
  const menu = await callEndpoint(t.app, endpoints.vendors.catalogue(other.id), null);
  const dish = menu.body.sections
    .flatMap((s: { products: MenuProduct[] }) => s.products)
    .find((p: MenuProduct) => p.available && p.componentGroups.length === 0);
  otherVendorDish = { vendorId: other.id, productId: dish.id };
});
afterAll(() => t.close());

async function startGroup(session = host.session): Promise<string> {
  const started = await callEndpoint(t.app, endpoints.customer.startGroupOrder(), session, {
    vendorId: kit.restaurant.id,
    location: RIGA_POINT,
    name: "Anna",
  });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return started.body.token;
}

/** Someone who opens the link without signing in and joins: their visitor cookie is who they are. */
async function guestJoins(token: string, name: string): Promise<{ cookie: string; answer: Answer }> {
  const answer = await callEndpoint(t.app, endpoints.groupOrders.join(token), null, { name });
  return { cookie: answer.cookie as string, answer };
}

const addDish = (token: string, cookie: string, product: MenuProduct, count = 1) =>
  callEndpoint(t.app, endpoints.groupOrders.addItem(token), cookie, {
    vendorId: kit.restaurant.id,
    productId: product.id,
    count,
  });

describe("a group order filled by three people and checked out once by the host", () => {
  let token: string;
  let bea: string;
  let carl: { session: string; userId: number };
  let ownCartId: string;

  it("is started by a signed-in host from a vendor, apart from the host's own cart", async () => {
    const own = await newCart(t.app, host.session);
    ownCartId = own.cartId;
    const added = await callEndpoint(t.app, endpoints.carts.addProduct(ownCartId), own.cookie, {
      vendorId: kit.restaurant.id,
      productId: kit.dishes[1].id,
    });
    expect(added.status).toBe(200);

    token = await startGroup();
    const seen = await callEndpoint(t.app, endpoints.groupOrders.get(token), host.session);
    expect(seen.body).toMatchObject({
      status: "OPEN",
      vendorId: kit.restaurant.id,
      guestsMax: GROUP_GUESTS_MAX,
      members: [{ name: "Anna", host: true, done: false, items: [] }],
      you: { host: true },
      orderId: null,
    });
    expect(seen.body.cartId).toMatch(/^[0-9a-f-]{36}$/);
    // Starting again for the same vendor gives the same group back.
    expect(await startGroup()).toBe(token);
    // While the group is open, the host's cart is still their own.
    const mine = await callEndpoint(t.app, endpoints.customer.cart(), host.session);
    expect(mine.body.cart.cartId).toBe(ownCartId);
  });

  it("needs a signed-in host", async () => {
    const anonymous = await callEndpoint(t.app, endpoints.customer.startGroupOrder(), null, {
      vendorId: kit.restaurant.id,
      location: RIGA_POINT,
    });
    expect(anonymous.status).toBe(401);
  });

  it("shows names and items to whoever has the link, and never the address or the cart", async () => {
    const stranger = await callEndpoint(t.app, endpoints.groupOrders.get(token), null);
    expect(stranger.status).toBe(200);
    expect(stranger.body.you).toBeNull();
    expect(stranger.body.cartId).toBeNull();
    expect(JSON.stringify(stranger.body)).not.toContain(RIGA_POINT.formattedAddress);
  });

  it("is unknown to a stranger without the link", async () => {
    const guessed = await callEndpoint(t.app, endpoints.groupOrders.get("A".repeat(22)), null);
    expect(guessed.status).toBe(404);
    const joined = await callEndpoint(t.app, endpoints.groupOrders.join("A".repeat(22)), null, {
      name: "Eve",
    });
    expect(joined.status).toBe(404);
    expect((await call(t.app, "GET", "/api/group-orders/not a link", null)).status).toBe(400);
  });

  it("takes guests under their name, signed in or not; a guest must join before adding", async () => {
    const before = await callEndpoint(t.app, endpoints.groupOrders.addItem(token), null, {
      vendorId: kit.restaurant.id,
      productId: kit.dishes[0].id,
    });
    expect(before.status).toBe(403);
    expect(before.body.type).toBe("NotGroupMemberException");

    const empty = await callEndpoint(t.app, endpoints.groupOrders.join(token), null, { name: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body.details[0].field).toBe("name");

    const joined = await guestJoins(token, "  Bea ");
    bea = joined.cookie;
    expect(joined.answer.status).toBe(200);
    expect(joined.answer.body.you).toMatchObject({ host: false });
    expect(joined.answer.body.cartId).toBeNull();

    carl = await customer(t);
    const carlJoined = await callEndpoint(t.app, endpoints.groupOrders.join(token), carl.session, {
      name: "Carl",
    });
    expect(carlJoined.status).toBe(200);
    expect(carlJoined.body.members.map((m: { name: string }) => m.name)).toEqual(["Anna", "Bea", "Carl"]);
  });

  it("keeps each person's items apart, even the same dish, and prices each person's share", async () => {
    const [big, small] = kit.dishes;
    expect((await addDish(token, bea, small, 2)).status).toBe(200);
    expect((await addDish(token, carl.session, big)).status).toBe(200);
    const hostAdded = await addDish(token, host.session, small);
    expect(hostAdded.status).toBe(200);

    const [anna, b, c] = hostAdded.body.members;
    expect(anna.items).toMatchObject([{ productId: small.id, count: 1, person: "Anna" }]);
    expect(b.items).toMatchObject([{ productId: small.id, count: 2, person: "Bea" }]);
    expect(c.items).toMatchObject([{ productId: big.id, count: 1, person: "Carl" }]);
    expect(cents(b.subtotal)).toBe(cents(small.price) * 2);
    expect(cents(c.subtotal)).toBe(cents(big.price));
    expect(b.itemsCount).toBe(2);
    const shares = hostAdded.body.members.reduce(
      (sum: number, m: { subtotal: number }) => sum + cents(m.subtotal),
      0,
    );
    expect(shares).toBe(cents(hostAdded.body.itemsTotal));
  });

  it("takes only the group's vendor, through the group and not the cart API", async () => {
    const elsewhere = await callEndpoint(t.app, endpoints.groupOrders.addItem(token), bea, otherVendorDish);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.details[0].field).toBe("vendorId");
    const { body } = await callEndpoint(t.app, endpoints.groupOrders.get(token), host.session);
    const direct = await callEndpoint(t.app, endpoints.carts.addProduct(body.cartId), host.session, {
      vendorId: kit.restaurant.id,
      productId: kit.dishes[0].id,
    });
    expect(direct.status).toBe(409);
    expect(direct.body.type).toBe("GroupOrderCartException");
  });

  it("lets a guest change their own items and nobody else's; the host removes any", async () => {
    const { body } = await callEndpoint(t.app, endpoints.groupOrders.get(token), bea);
    const [, beaLine, carlLine] = body.members.map(
      (m: { items: Array<{ cartProductId: number }> }) => m.items[0],
    );
    const notHers = await callEndpoint(
      t.app,
      endpoints.groupOrders.setItemCount(token, carlLine.cartProductId),
      bea,
      {
        count: 0,
      },
    );
    expect(notHers.status).toBe(403);
    const hers = await callEndpoint(
      t.app,
      endpoints.groupOrders.setItemCount(token, beaLine.cartProductId),
      bea,
      { count: 3 },
    );
    expect(hers.status).toBe(200);
    expect(hers.body.members[1].items[0].count).toBe(3);

    const extra = await addDish(token, carl.session, kit.dishes[1]);
    const carlExtra = extra.body.members[2].items.find(
      (i: { productId: number }) => i.productId === kit.dishes[1].id,
    );
    const removed = await callEndpoint(
      t.app,
      endpoints.groupOrders.setItemCount(token, carlExtra.cartProductId),
      host.session,
      {
        count: 0,
      },
    );
    expect(removed.status).toBe(200);
    expect(removed.body.members[2].items).toHaveLength(1);
  });

  it("shows who is done; adding again means not done yet", async () => {
    const done = await callEndpoint(t.app, endpoints.groupOrders.markMe(token), bea, { done: true });
    expect(done.body.members[1].done).toBe(true);
    await addDish(token, bea, kit.dishes[1]);
    const { body } = await callEndpoint(t.app, endpoints.groupOrders.get(token), bea);
    expect(body.members[1].done).toBe(false);
    await callEndpoint(t.app, endpoints.groupOrders.markMe(token), bea, { done: true });
    await callEndpoint(t.app, endpoints.groupOrders.markMe(token), carl.session, { done: true });
  });

  it("is locked by the host only, and checked out only when locked", async () => {
    const byGuest = await callEndpoint(t.app, endpoints.groupOrders.status(token), bea, { status: "LOCKED" });
    expect(byGuest.status).toBe(403);
    expect(byGuest.body.type).toBe("NotGroupHostException");

    const { body } = await callEndpoint(t.app, endpoints.groupOrders.get(token), host.session);
    const early = await callEndpoint(t.app, endpoints.customer.placeOrder(), host.session, {
      cartId: body.cartId,
    });
    expect(early.status).toBe(409);
    expect(early.body.type).toBe("GroupOrderOpenException");

    const locked = await callEndpoint(t.app, endpoints.groupOrders.status(token), host.session, {
      status: "LOCKED",
    });
    expect(locked.body.status).toBe("LOCKED");
    const late = await addDish(token, bea, kit.dishes[0]);
    expect(late.status).toBe(409);
    expect(late.body.type).toBe("GroupOrderClosedException");
    const joinLate = await guestJoins(token, "Dan");
    expect(joinLate.answer.status).toBe(409);
  });

  it("is the host's cart while locked, with each line labelled by person; a guest cannot check it out", async () => {
    const mine = await callEndpoint(t.app, endpoints.customer.cart(), host.session);
    const { body } = await callEndpoint(t.app, endpoints.groupOrders.get(token), host.session);
    expect(mine.body.cart.cartId).toBe(body.cartId);
    const people = mine.body.cart.vendorCarts[0].items.map((i: { person: string }) => i.person);
    expect(new Set(people)).toEqual(new Set(["Anna", "Bea", "Carl"]));

    const byGuest = await callEndpoint(t.app, endpoints.customer.placeOrder(), carl.session, {
      cartId: body.cartId,
    });
    expect(byGuest.status).toBe(404);
  });

  it("becomes one order for everyone, placed once, with the items by person on the order and the invoice", async () => {
    const { body } = await callEndpoint(t.app, endpoints.groupOrders.get(token), host.session);
    const first = await callEndpoint(t.app, endpoints.customer.placeOrder(), host.session, {
      cartId: body.cartId,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await callEndpoint(t.app, endpoints.customer.placeOrder(), host.session, {
      cartId: body.cartId,
    });
    expect(again.body.id).toBe(first.body.id);
    const made = await t.database.db.select().from(orders).where(eq(orders.cartId, body.cartId));
    expect(made).toHaveLength(1);
    expect(cents(first.body.prices.cartTotal)).toBe(cents(body.itemsTotal));

    const items = first.body.vendorCarts[0].items;
    expect(items.map((i: { person: string }) => i.person).sort()).toEqual(["Anna", "Bea", "Carl"]);

    const after = await callEndpoint(t.app, endpoints.groupOrders.get(token), host.session);
    expect(after.body).toMatchObject({ status: "ORDERED", orderId: first.body.id });
    expect((await callEndpoint(t.app, endpoints.groupOrders.get(token), bea)).body.orderId).toBeNull();
    // The host's own cart is theirs again.
    const mine = await callEndpoint(t.app, endpoints.customer.cart(), host.session);
    expect(mine.body.cart.cartId).toBe(ownCartId);

    const [partner] = await t.database.db.select().from(partners).where(eq(partners.code, "demo"));
    if (!partner) throw new Error("the demo partner is seeded");
    const invoice = await loadInvoice(t.database.db, {
      partner,
      userId: host.userId,
      orderId: first.body.id,
      requested: "en",
    });
    const lines = pdfLines(readPdfText(await renderInvoicePdf(invoice, { compress: false })));
    for (const name of ["Anna", "Bea", "Carl"]) expect(lines).toContain(`For ${name}`);
  });
});

describe("a group order across partners", () => {
  it("opens only on its own partner's storefront, and starts only from its own partner's vendors", async () => {
    const token = await startGroup();
    const verde = { "x-partner-code": "verde" };
    expect((await callEndpoint(t.app, endpoints.groupOrders.get(token), null, undefined, verde)).status).toBe(
      404,
    );
    const joined = await callEndpoint(t.app, endpoints.groupOrders.join(token), null, { name: "Eve" }, verde);
    expect(joined.status).toBe(404);

    const [theirs] = await t.database.db
      .select({ id: vendors.id })
      .from(vendors)
      .innerJoin(partners, eq(partners.id, vendors.partnerId))
      .where(eq(partners.code, "verde"))
      .limit(1);
    const started = await callEndpoint(t.app, endpoints.customer.startGroupOrder(), host.session, {
      vendorId: theirs?.id,
      location: RIGA_POINT,
    });
    expect(started.status).toBe(404);
  });
});

describe("the limits of a group order", () => {
  it(`takes ${GROUP_GUESTS_MAX} guests besides the host, and no more`, async () => {
    const other = await customer(t);
    const token = await startGroup(other.session);
    for (let i = 1; i <= GROUP_GUESTS_MAX; i += 1) {
      const { answer } = await guestJoins(token, `Guest ${i}`);
      expect(answer.status).toBe(200);
    }
    const { answer } = await guestJoins(token, "One too many");
    expect(answer.status).toBe(409);
    expect(answer.body.type).toBe("GroupOrderFullException");
  });

  it("can be called off by its host, and by nobody else", async () => {
    const other = await customer(t);
    const token = await startGroup(other.session);
    const { cookie } = await guestJoins(token, "Bea");
    expect((await callEndpoint(t.app, endpoints.groupOrders.cancel(token), cookie)).status).toBe(403);
    expect((await callEndpoint(t.app, endpoints.groupOrders.cancel(token), other.session)).status).toBe(204);
    expect((await callEndpoint(t.app, endpoints.groupOrders.get(token), cookie)).status).toBe(404);
  });

  it("stays as it is once locked: a guest cannot rename themselves, the host can until it is ordered", async () => {
    const other = await customer(t);
    const token = await startGroup(other.session);
    const { cookie } = await guestJoins(token, "Bea");
    await addDish(token, cookie, kit.dishes[0]);
    const locked = await callEndpoint(t.app, endpoints.groupOrders.status(token), other.session, {
      status: "LOCKED",
    });
    expect(locked.body.status).toBe("LOCKED");

    const renamed = await callEndpoint(t.app, endpoints.groupOrders.join(token), cookie, { name: "Mallory" });
    expect(renamed.status).toBe(409);
    expect(renamed.body.type).toBe("GroupOrderClosedException");
    const hostRenamed = await callEndpoint(t.app, endpoints.groupOrders.join(token), other.session, {
      name: "Ann",
    });
    expect(hostRenamed.status).toBe(200);
    const { body } = await callEndpoint(t.app, endpoints.groupOrders.get(token), other.session);
    expect(body.members.map((m: { name: string }) => m.name)).toEqual(["Ann", "Bea"]);

    const placed = await callEndpoint(t.app, endpoints.customer.placeOrder(), other.session, {
      cartId: body.cartId,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    for (const [who, name] of [
      [cookie, "Mallory"],
      [other.session, "Anna"],
    ] as const) {
      const late = await callEndpoint(t.app, endpoints.groupOrders.join(token), who, { name });
      expect(late.status).toBe(409);
      expect(late.body.type).toBe("GroupOrderClosedException");
    }
    const after = await callEndpoint(t.app, endpoints.groupOrders.get(token), other.session);
    expect(after.body.members.map((m: { name: string }) => m.name)).toEqual(["Ann", "Bea"]);
  });
});

/** A join (or rename) by the link from a network address of its own; answers the status and the wait. */
async function joinFrom(address: string, token: string, name: string, cookie: string | null = null) {
  const response = await t.app.inject({
    method: "POST",
    url: apiPath(endpoints.groupOrders.join(token)),
    remoteAddress: address,
    headers: { ...DEMO, ...(cookie ? { cookie } : {}) },
    payload: { name },
  });
  const visitor = [response.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("visitor="));
  return {
    status: response.statusCode,
    body: response.json(),
    retryAfter: response.headers["retry-after"],
    cookie: visitor ? (visitor.split(";")[0] as string) : cookie,
  };
}

describe("how often a group's link may be used", () => {
  it(`takes ${GROUP_JOINS_PER_HOUR.group} joins and renames an hour for one group, from any addresses`, async () => {
    const token = await startGroup((await customer(t)).session);
    const first = await joinFrom("203.0.113.1", token, "Bea");
    expect(first.status).toBe(200);
    for (let i = 2; i <= GROUP_JOINS_PER_HOUR.group; i += 1) {
      const renamed = await joinFrom(`203.0.113.${i}`, token, `Bea ${i}`, first.cookie);
      expect(renamed.status).toBe(200);
    }
    const flooded = await joinFrom("203.0.113.200", token, "Mallory");
    expect(flooded.status).toBe(429);
    expect(flooded.body).toMatchObject({ status: 429, type: "TooManyRequestsException" });
    expect(Number(flooded.retryAfter)).toBeGreaterThan(0);
    const { body } = await callEndpoint(t.app, endpoints.groupOrders.get(token), first.cookie);
    expect(body.members.map((m: { name: string }) => m.name)).toEqual([
      "Anna",
      `Bea ${GROUP_JOINS_PER_HOUR.group}`,
    ]);
    // Another group's link still works from the same address.
    const other = await startGroup((await customer(t)).session);
    expect((await joinFrom("203.0.113.200", other, "Carl")).status).toBe(200);
  });

  it(`takes ${GROUP_JOINS_PER_HOUR.address} joins and renames an hour from one address (an IPv6 /64 is one), across groups`, async () => {
    const tokens = [
      await startGroup((await customer(t)).session),
      await startGroup((await customer(t)).session),
    ];
    let cookie: string | null = null;
    for (let i = 1; i <= GROUP_JOINS_PER_HOUR.address; i += 1) {
      const joined = await joinFrom(
        `2001:db8:7::${i.toString(16)}`,
        tokens[i % 2] as string,
        `Dan ${i}`,
        cookie,
      );
      expect(joined.status).toBe(200);
      cookie = joined.cookie;
    }
    const fresh = await startGroup((await customer(t)).session);
    const flooded = await joinFrom("2001:db8:7:0:abcd::1", fresh, "Dan");
    expect(flooded.status).toBe(429);
    expect(flooded.body.type).toBe("TooManyRequestsException");
    expect(Number(flooded.retryAfter)).toBeGreaterThan(0);
    expect((await joinFrom("2001:db8:8::1", fresh, "Eve")).status).toBe(200);
  });
});

describe("a group order in the native app", () => {
  it("gives a guest without a cookie the visitor token that is them in the group, and nobody else's", async () => {
    const other = await customer(t);
    const token = await startGroup(other.session);
    const app = { "x-platform": "android" };
    const joined = await callEndpoint(t.app, endpoints.groupOrders.join(token), null, { name: "Dace" }, app);
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    const visitorToken = joined.body.visitorToken as string;
    expect(visitorToken).toMatch(/^[\w-]{20,}$/);
    // The app keeps it and sends it as a header (no cookie): it adds under her name.
    const asDace = { ...app, "x-visitor-token": visitorToken };
    const added = await callEndpoint(
      t.app,
      endpoints.groupOrders.addItem(token),
      null,
      { vendorId: kit.restaurant.id, productId: kit.dishes[0].id },
      asDace,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const dace = added.body.members.find((m: { name: string }) => m.name === "Dace");
    expect(dace.items).toHaveLength(1);
    expect(added.body.you).toMatchObject({ memberId: dace.memberId, host: false });
    // A browser gets the cookie, not the token in the answer; a joined member is not issued another.
    expect((await guestJoins(token, "Edgars")).answer.body.visitorToken).toBeUndefined();
    const again = await callEndpoint(
      t.app,
      endpoints.groupOrders.join(token),
      null,
      { name: "Dace K." },
      asDace,
    );
    expect(again.body.visitorToken).toBeUndefined();
  });
});

describe("a group order's live feed", () => {
  type Listening = { on(event: "message", listener: (data: Buffer) => void): void };
  type Sockets = typeof t.app & {
    injectWS(
      path: string,
      context: { headers: Record<string, string> },
      options?: { onInit(socket: Listening): void },
    ): Promise<Listening & { terminate(): void }>;
  };
  /** A page following the group: what it heard, from READY on. */
  const follow = async (token: string, headers: Record<string, string> = {}) => {
    const heard: string[] = [];
    const socket = await (t.app as Sockets).injectWS(
      apiPath(endpoints.groupOrders.live(token)),
      { headers },
      { onInit: (ws) => ws.on("message", (data) => heard.push(JSON.parse(data.toString()).type)) },
    );
    await vi.waitFor(() => expect(heard).toContain("READY"));
    return { socket, heard };
  };

  it("tells the group's open pages each change, up to the order, and nobody else's", async () => {
    const other = await customer(t);
    const token = await startGroup(other.session);
    const elsewhere = await startGroup();
    const page = await follow(token);
    const stranger = await follow(elsewhere);
    try {
      const changes = () => page.heard.filter((type) => type === "GROUP_CHANGED").length;
      const { cookie } = await guestJoins(token, "Bea");
      await vi.waitFor(() => expect(changes()).toBe(1));
      await addDish(token, cookie, kit.dishes[0]);
      await vi.waitFor(() => expect(changes()).toBe(2));
      await addDish(token, other.session, kit.dishes[1]);
      await vi.waitFor(() => expect(changes()).toBe(3));
      const locked = await callEndpoint(t.app, endpoints.groupOrders.status(token), other.session, {
        status: "LOCKED",
      });
      await vi.waitFor(() => expect(changes()).toBe(4));
      const ordered = await callEndpoint(t.app, endpoints.customer.placeOrder(), other.session, {
        cartId: locked.body.cartId,
      });
      expect(ordered.status, JSON.stringify(ordered.body)).toBe(201);
      await vi.waitFor(() => expect(changes()).toBe(5));
      expect(stranger.heard).toEqual(["READY"]);
    } finally {
      page.socket.terminate();
      stranger.socket.terminate();
    }
  });

  it("opens for a working link from the storefront's own pages only", async () => {
    const refused = (token: string, headers: Record<string, string> = {}) =>
      (t.app as Sockets).injectWS(apiPath(endpoints.groupOrders.live(token)), { headers }).then(
        () => "opened",
        (error: Error) => error.message,
      );
    expect(await refused("A".repeat(22))).toMatch(/404/);
    expect(await refused(await startGroup(), { origin: "https://evil.example" })).toMatch(/403/);
  });
});
