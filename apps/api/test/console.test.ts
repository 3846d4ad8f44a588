import type { StaffRole } from "@storefront/domain";
import {
  consoleEndpoints,
  devEndpoints,
  type Endpoint,
  endpoints,
  opsEndpoints,
} from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { inviteOwner } from "../src/console/owner-invitation.ts";
import { courierOffers, couriers, partners } from "../src/db/schema.ts";
import { DEMO_STAFF } from "../src/seed/demo-staff.ts";
import { startDeliverySimulator } from "../src/simulator/delivery-simulator.ts";
import {
  callEndpoint,
  type MenuProduct,
  newCart,
  type OpenVendor,
  openRestaurants,
  plain,
} from "./cart-helpers.ts";
import {
  consoleCall as consoleCallOf,
  consoleEndpointCall,
  STAFF_PASSWORD,
  staffSession,
} from "./console-helpers.ts";
import { DEMO_SECRETS, startTestApp, type TestApp } from "./harness.ts";
import { addPartner, customer, ops, placeOrder, setOrder } from "./order-helpers.ts";
import { consolePath, devPath, opsPath } from "./paths.ts";

const NOW = new Date("2026-11-23T12:00:00Z");
const PASSWORD = STAFF_PASSWORD;

type Sockets = FastifyInstance & {
  injectWS(
    path: string,
    context: { headers: Record<string, string> },
    options?: { onInit(socket: Listening): void },
  ): Promise<Listening & { terminate(): void }>;
};
type Listening = { on(event: "message", listener: (data: Buffer) => void): void };

let t: TestApp;
/** Two open restaurants of Riga, each with a plain dish over its minimum order. */
let kitchens: Array<{ vendor: OpenVendor; dish: MenuProduct }>;
/** Session cookies by who holds them. */
const staff: Record<"owner" | "dispatcher" | "kitchenA" | "kitchenB" | "otherOwner", string> = {
  owner: "",
  dispatcher: "",
  kitchenA: "",
  kitchenB: "",
  otherOwner: "",
};
let buyer: { session: string; userId: number };

async function signIn(email: string, password = PASSWORD, remoteAddress = "10.9.0.1") {
  const response = await t.app.inject({
    method: consoleEndpoints.signIn().method,
    url: consolePath(consoleEndpoints.signIn()),
    payload: { email, password },
    remoteAddress,
  });
  const cookie = [response.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("console_session="));
  return {
    status: response.statusCode,
    body: response.json(),
    cookie: cookie?.split(";")[0] ?? "",
    raw: cookie,
  };
}

/** One call of a console endpoint with a member's cookie on this file's app. */
const consoleCall = (cookie: string, endpoint: Endpoint, payload?: object) =>
  consoleEndpointCall(t, cookie, endpoint, payload);

/** A member of the demo partner (or of another), signed in: their cookie. */
const addStaff = (role: StaffRole, email: string, options: { vendorIds?: number[]; partner?: string } = {}) =>
  staffSession(t, role, email, options);

async function orderFrom(kitchen: (typeof kitchens)[number]) {
  return placeOrder(t.app, buyer.session, kitchen.vendor.id, [{ productId: kitchen.dish.id }]);
}

beforeAll(async () => {
  t = await startTestApp({ now: NOW });
  kitchens = [];
  for (const vendor of await openRestaurants(t.app, 6)) {
    const dish = vendor.products.find((p) => plain(p) && p.price >= vendor.minOrderPrice);
    if (dish) kitchens.push({ vendor, dish });
    if (kitchens.length === 2) break;
  }
  expect(kitchens).toHaveLength(2);
  const [a, b] = kitchens as [(typeof kitchens)[number], (typeof kitchens)[number]];
  staff.owner = await addStaff("OWNER", "owner@test.example");
  staff.dispatcher = await addStaff("DISPATCHER", "dispatch@test.example");
  staff.kitchenA = await addStaff("VENDOR_STAFF", "kitchen-a@test.example", { vendorIds: [a.vendor.id] });
  staff.kitchenB = await addStaff("VENDOR_STAFF", "kitchen-b@test.example", { vendorIds: [b.vendor.id] });
  await addPartner(t, "other");
  staff.otherOwner = await addStaff("OWNER", "owner@other.example", { partner: "other" });
  buyer = await customer(t);
});

afterAll(async () => {
  await t?.close();
});

describe("signing in to the console", () => {
  it("opens a session of its own, in an HttpOnly, SameSite=Strict cookie for the console's API only", async () => {
    const signedIn = await signIn("Owner@Test.Example");
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({
      email: "owner@test.example",
      role: "OWNER",
      partner: { code: "demo" },
    });
    expect(signedIn.raw).toMatch(/HttpOnly/);
    expect(signedIn.raw).toMatch(/SameSite=Strict/);
    expect(signedIn.raw).toMatch(/Path=\/api\/console/);
    const me = await consoleCall(signedIn.cookie, consoleEndpoints.me());
    expect(me.body.permissions).toContain("audit.read");
    expect(me.body.vendors.length).toBeGreaterThan(10);
    // Every city of the partner, with the clock its orders' times are read on.
    expect(
      me.body.localities.map((city: { code: string; names: { ar: string }; timeZone: string }) => [
        city.code,
        city.names.ar,
        city.timeZone,
      ]),
    ).toEqual([
      ["riga", "ريغا", "Europe/Riga"],
      ["kyiv", "كييف", "Europe/Kyiv"],
      ["baghdad", "بغداد", "Asia/Baghdad"],
    ]);
  });

  it("names the vendors' cities in the language the member reads the console in", async () => {
    const member = await addStaff("MANAGER", "arabic.reader@test.example");
    const cityNames = (vendors: Array<{ localityCode: string; localityName: string }>) =>
      Object.fromEntries(vendors.map((vendor) => [vendor.localityCode, vendor.localityName]));
    const chosen = await consoleCall(member, consoleEndpoints.setLocale(), { locale: "ar" });
    expect(cityNames(chosen.body.vendors)).toEqual({ riga: "ريغا", kyiv: "كييف", baghdad: "بغداد" });
    await consoleCall(member, consoleEndpoints.setLocale(), { locale: null });
    // No choice and no browser language: each city in its own.
    const own = await consoleCall(member, consoleEndpoints.me());
    expect(cityNames(own.body.vendors)).toEqual({ riga: "Rīga", kyiv: "Київ", baghdad: "بغداد" });
  });

  it("answers a wrong password and an unknown e-mail alike", async () => {
    const wrong = await signIn("dispatch@test.example", "not the password");
    const unknown = await signIn("nobody@test.example");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
    expect(wrong.cookie).toBe("");
  });

  it("locks an account after five wrong passwords, even against the right one", async () => {
    await addStaff("MANAGER", "guessed@test.example");
    for (let i = 0; i < 5; i += 1)
      expect((await signIn("guessed@test.example", `guess ${i}`)).status).toBe(401);
    const locked = await signIn("guessed@test.example");
    expect(locked.status).toBe(429);
    expect(locked.body.type).toBe("AccountLockedException");
  });

  it("keeps customers' and staff's sessions apart, and signs out", async () => {
    expect((await consoleCall(buyer.session, consoleEndpoints.me())).status).toBe(401);
    const member = await addStaff("MANAGER", "leaving@test.example");
    const asCustomer = await callEndpoint(t.app, endpoints.customer.me(), member);
    expect(asCustomer.status).toBe(401);
    expect((await consoleCall(member, consoleEndpoints.signOut())).status).toBe(204);
    expect((await consoleCall(member, consoleEndpoints.me())).status).toBe(401);
  });

  it("seeds one demo account per role, with the installation's password", async () => {
    for (const member of DEMO_STAFF) {
      const signedIn = await signIn(member.email, DEMO_SECRETS.staffPassword);
      expect(signedIn.status, member.email).toBe(200);
      expect(signedIn.body.role).toBe(member.role);
    }
    const vendor = await signIn("vendor@dostavka.example", DEMO_SECRETS.staffPassword);
    expect(vendor.body.vendors.map((v: { name: string }) => v.name)).toEqual(["Комора 24"]);
    // Vendor staff's cities are their vendors' only.
    expect(vendor.body.localities).toEqual([
      { code: "kyiv", names: expect.objectContaining({ uk: "Київ" }), timeZone: "Europe/Kyiv" },
    ]);
  });
});

describe("who sees and moves an order", () => {
  it.each([
    ["owner", 200, true],
    ["dispatcher", 200, true],
    ["kitchenA", 200, true],
    ["kitchenB", 404, false],
    ["otherOwner", 404, false],
  ] as const)("%s: reading it answers %i, listed %s", async (who, status, listed) => {
    const order = await orderFrom(kitchens[0] as (typeof kitchens)[number]);
    expect((await consoleCall(staff[who], consoleEndpoints.order(order.id))).status).toBe(status);
    const list = await consoleCall(staff[who], consoleEndpoints.orders({ status: "ACTIVE", size: 100 }));
    expect(list.body.content.some((o: { id: number }) => o.id === order.id)).toBe(listed);
    if (!listed) {
      const moved = await consoleCall(staff[who], consoleEndpoints.moveOrder(order.id, "accept"), {
        preparationMinutes: 15,
      });
      expect(moved.status).toBe(404);
    }
  });

  it("filters by the day an order was placed on its locality's calendar", async () => {
    const order = await orderFrom(kitchens[0] as (typeof kitchens)[number]);
    // 22:30 UTC on the 23rd is half past midnight on the 24th in Riga (UTC+2 in November).
    await setOrder(t, order.id, { createdAt: new Date("2026-11-23T22:30:00Z") });
    const onDay = async (date: string) =>
      (await consoleCall(staff.owner, consoleEndpoints.orders({ date, size: 100 }))).body.content.some(
        (listed: { id: number }) => listed.id === order.id,
      );
    expect(await onDay("2026-11-24")).toBe(true);
    expect(await onDay("2026-11-23")).toBe(false);
  });

  it("lets the vendor accept with a preparation time, and the customer sees it preparing", async () => {
    const order = await orderFrom(kitchens[0] as (typeof kitchens)[number]);
    const missing = await consoleCall(staff.kitchenA, consoleEndpoints.moveOrder(order.id, "accept"), {});
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([expect.objectContaining({ field: "preparationMinutes" })]);
    const accepted = await consoleCall(staff.kitchenA, consoleEndpoints.moveOrder(order.id, "accept"), {
      preparationMinutes: 25,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      status: "APPROVED",
      preparationMinutes: 25,
      actions: ["preparing", "cancel"],
    });
    expect(accepted.body.history.at(-1)).toMatchObject({
      status: "APPROVED",
      actor: "VENDOR",
      staffName: "VENDOR_STAFF kitchen-a@test.example",
    });
    const seen = await callEndpoint(t.app, endpoints.customer.order(order.id), buyer.session);
    expect(seen.body.displayStatus).toBe("PREPARING");
    // Pressed twice (two tablets): the second is refused by the status rules.
    const again = await consoleCall(staff.kitchenA, consoleEndpoints.moveOrder(order.id, "accept"), {
      preparationMinutes: 25,
    });
    expect(again.status).toBe(400);
    expect(again.body.type).toBe("OrderStatusTransitionException");
  });

  it("keeps each role to its moves: a dispatcher does not cook, a kitchen does not deliver", async () => {
    const order = await orderFrom(kitchens[0] as (typeof kitchens)[number]);
    const byDispatcher = await consoleCall(staff.dispatcher, consoleEndpoints.moveOrder(order.id, "accept"), {
      preparationMinutes: 10,
    });
    expect(byDispatcher.status).toBe(400);
    for (const action of ["accept", "preparing", "ready"])
      expect(
        (
          await consoleCall(staff.kitchenA, consoleEndpoints.moveOrder(order.id, action), {
            preparationMinutes: 10,
          })
        ).status,
      ).toBe(200);
    const delivering = await consoleCall(
      staff.kitchenA,
      consoleEndpoints.moveOrder(order.id, "on-delivery"),
      {},
    );
    expect(delivering.status).toBe(400);
    // A delivery order is not completed before it has arrived, even by dispatch.
    const early = await consoleCall(staff.dispatcher, consoleEndpoints.moveOrder(order.id, "complete"), {});
    expect(early.status).toBe(400);
    for (const action of ["on-delivery", "arrived", "complete"])
      expect(
        (await consoleCall(staff.dispatcher, consoleEndpoints.moveOrder(order.id, action), {})).status,
      ).toBe(200);
    const seen = await callEndpoint(t.app, endpoints.customer.order(order.id), buyer.session);
    expect(seen.body.status).toBe("COMPLETED");
  });

  it("declines with a reason, kept in the order's history", async () => {
    const order = await orderFrom(kitchens[0] as (typeof kitchens)[number]);
    const bare = await consoleCall(staff.kitchenA, consoleEndpoints.moveOrder(order.id, "decline"), {});
    expect(bare.body.details).toEqual([expect.objectContaining({ field: "reason" })]);
    const declined = await consoleCall(staff.kitchenA, consoleEndpoints.moveOrder(order.id, "decline"), {
      reason: "Out of mozzarella",
    });
    expect(declined.body.status).toBe("DECLINED");
    expect(declined.body.history.at(-1)).toMatchObject({ status: "DECLINED", note: "Out of mozzarella" });
    const log = await consoleCall(staff.owner, consoleEndpoints.audit(20, null));
    expect(log.body.entries.find((entry: { entityId: number }) => entry.entityId === order.id)).toMatchObject(
      {
        action: "order.decline",
        entity: "order",
        staffName: "VENDOR_STAFF kitchen-a@test.example",
        before: { status: "WAITING_APPROVAL" },
        after: { status: "DECLINED", reason: "Out of mozzarella" },
      },
    );
  });

  it("lets a dispatcher assign a courier of the partner's list, whose name the customer sees", async () => {
    const order = await orderFrom(kitchens[0] as (typeof kitchens)[number]);
    const { body } = await consoleCall(staff.dispatcher, consoleEndpoints.couriers());
    const courier = body.couriers[0];
    expect((await consoleCall(staff.kitchenA, consoleEndpoints.couriers())).status).toBe(403);
    const byKitchen = await consoleCall(staff.kitchenA, consoleEndpoints.assignCourier(order.id), {
      courierId: courier.id,
    });
    expect(byKitchen.status).toBe(403);
    const unknown = await consoleCall(staff.dispatcher, consoleEndpoints.assignCourier(order.id), {
      courierId: 999_999,
    });
    expect(unknown.status).toBe(400);
    const assigned = await consoleCall(staff.dispatcher, consoleEndpoints.assignCourier(order.id), {
      courierId: courier.id,
    });
    expect(assigned.body.courier).toEqual({ name: courier.name, phone: courier.phone });
    const seen = await callEndpoint(t.app, endpoints.customer.order(order.id), buyer.session);
    expect(seen.body.courier.name).toBe(courier.name);
  });
});

describe("menus", () => {
  /** The first product of the kitchen's menu, as the customer's catalogue shows it. */
  const storefrontProduct = async (vendorId: number, productId: number) => {
    const menu = await callEndpoint(t.app, endpoints.vendors.catalogue(vendorId), null);
    return menu.body.sections
      .flatMap((section: { products: Array<{ id: number }> }) => section.products)
      .find((product: { id: number }) => product.id === productId);
  };

  it("lets a manager change a price, seen on the storefront's next read and kept in the audit log", async () => {
    const { vendor, dish } = kitchens[1] as (typeof kitchens)[number];
    const manager = await addStaff("MANAGER", "menus@test.example");
    const menu = await consoleCallOf(t, manager, "GET", consolePath(consoleEndpoints.menu(vendor.id)));
    expect(menu.status).toBe(200);
    const listed = menu.body.sections.flatMap(
      (section: { products: Array<{ id: number }> }) => section.products,
    );
    expect(listed.some((product: { id: number }) => product.id === dish.id)).toBe(true);
    expect((await storefrontProduct(vendor.id, dish.id)).price).toBe(dish.price);

    const price = dish.price + 1.5;
    const changed = await consoleCall(manager, consoleEndpoints.changeProduct(dish.id), { price });
    expect(changed.status).toBe(200);
    expect((await storefrontProduct(vendor.id, dish.id)).price).toBe(price);

    const hidden = await consoleCall(manager, consoleEndpoints.changeProduct(dish.id), {
      visible: false,
    });
    expect(hidden.body.visible).toBe(false);
    expect(await storefrontProduct(vendor.id, dish.id)).toBeUndefined();
    await consoleCall(manager, consoleEndpoints.changeProduct(dish.id), {
      visible: true,
      price: dish.price,
    });

    expect((await consoleCallOf(t, manager, "GET", consolePath(consoleEndpoints.audit()))).status).toBe(403);
    const log = await consoleCall(staff.owner, consoleEndpoints.audit(10, null));
    const priceChange = log.body.entries.find(
      (entry: { before: { price: number }; after: { price: number } }) =>
        entry.before.price === dish.price && entry.after.price === price,
    );
    expect(priceChange).toMatchObject({
      staffName: "MANAGER menus@test.example",
      action: "product.update",
      entity: "product",
      entityId: dish.id,
      before: { price: dish.price },
      after: { price },
    });
  });

  it.each([
    ["kitchenA edits its own vendor's product", "kitchenA", 0, 200],
    ["kitchenB cannot see vendor A's product", "kitchenB", 0, 404],
    ["a dispatcher does not edit menus", "dispatcher", 0, 403],
    ["another partner's owner cannot see it", "otherOwner", 0, 404],
  ] as const)("%s", async (_name, who, kitchen, status) => {
    const { vendor, dish } = kitchens[kitchen] as (typeof kitchens)[number];
    const changed = await consoleCall(staff[who], consoleEndpoints.changeProduct(dish.id), {
      available: true,
    });
    expect(changed.status).toBe(status);
    const menu = await consoleCallOf(t, staff[who], "GET", consolePath(consoleEndpoints.menu(vendor.id)));
    expect(menu.status).toBe(status);
  });

  it("refuses a discount at or above the price, naming the field", async () => {
    const { dish } = kitchens[0] as (typeof kitchens)[number];
    const refused = await consoleCall(staff.kitchenA, consoleEndpoints.changeProduct(dish.id), {
      discountPrice: dish.price,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([expect.objectContaining({ field: "discountPrice" })]);
  });
});

describe("vendors", () => {
  const publicVendor = async (vendorId: number) =>
    (await callEndpoint(t.app, endpoints.vendors.detail(vendorId), null)).body;

  it("lets vendor staff change their minimum order and hours, seen on the storefront's next read and audited", async () => {
    const { vendor } = kitchens[0] as (typeof kitchens)[number];
    const before = await consoleCallOf(
      t,
      staff.kitchenA,
      "GET",
      consolePath(consoleEndpoints.vendor(vendor.id)),
    );
    expect(before.status).toBe(200);
    expect((await publicVendor(vendor.id)).working).toBe(true);
    const changed = await consoleCall(staff.kitchenA, consoleEndpoints.updateVendor(vendor.id), {
      minOrderPrice: before.body.minOrderPrice + 2,
      workingHours: [],
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ minOrderPrice: before.body.minOrderPrice + 2, workingHours: [] });
    const seen = await publicVendor(vendor.id);
    expect(seen.minOrderPrice).toBe(before.body.minOrderPrice + 2);
    expect(seen.working).toBe(false);
    const log = await consoleCall(staff.owner, consoleEndpoints.audit(5, null));
    expect(log.body.entries.find((entry: { entity: string }) => entry.entity === "vendor")).toMatchObject({
      action: "vendor.update",
      entityId: vendor.id,
      before: { minOrderPrice: before.body.minOrderPrice },
      after: { minOrderPrice: before.body.minOrderPrice + 2, workingHours: [] },
    });
    await consoleCall(staff.kitchenA, consoleEndpoints.updateVendor(vendor.id), {
      minOrderPrice: before.body.minOrderPrice,
      workingHours: before.body.workingHours,
    });
    expect((await publicVendor(vendor.id)).working).toBe(true);
  });

  it("closes a vendor for a while: the storefront shows it closed until the closure ends, and no order is taken", async () => {
    const { vendor, dish } = kitchens[0] as (typeof kitchens)[number];
    // Now is 14:00 in Riga on Monday 2026-11-23: closed from 13:00 until Tuesday 18:00.
    const closure = { from: "2026-11-23T13:00", until: "2026-11-24T18:00", note: "Burst pipe" };
    const past = { from: "2026-11-20T10:00", until: "2026-11-20T12:00" };
    const changed = await consoleCall(staff.kitchenA, consoleEndpoints.updateVendor(vendor.id), {
      closures: [closure, past],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // The one that is over is dropped.
    expect(changed.body.closures).toEqual([closure]);
    const seen = await publicVendor(vendor.id);
    expect(seen.working).toBe(false);
    expect(seen.timeAvailability.available).toBe(false);
    expect(seen.timeAvailability.nextAvailableAt >= "2026-11-24T18:00:00").toBe(true);
    const listed = (await callEndpoint(t.app, endpoints.localities.vendors("riga", "size=100"), null)).body
      .content;
    expect(listed.find((one: { id: number }) => one.id === vendor.id).working).toBe(false);
    // A cart of its dish does not go to checkout; its preorder slots start after the closure.
    const { cartId, cookie } = await newCart(t.app, buyer.session);
    await callEndpoint(t.app, endpoints.carts.addProduct(cartId), cookie, {
      vendorId: vendor.id,
      productId: dish.id,
    });
    const cart = await callEndpoint(t.app, endpoints.carts.get(cartId), cookie);
    expect(cart.body.validateCartResult.status).not.toBe("SUCCESS");
    const slots = await callEndpoint(t.app, endpoints.carts.deliverySlots(cartId), cookie);
    const first = slots.body.days[0];
    expect(first ? `${first.date}T${first.times[0]}` >= "2026-11-24T18:00" : true).toBe(true);
    const placed = await callEndpoint(t.app, endpoints.customer.placeOrder(), cookie, { cartId });
    expect(placed.status).toBe(400);

    expect(
      (await consoleCall(staff.kitchenA, consoleEndpoints.updateVendor(vendor.id), { closures: [] })).status,
    ).toBe(200);
    expect((await publicVendor(vendor.id)).working).toBe(true);
  });

  it.each([
    ["kitchenB", 404],
    ["dispatcher", 403],
    ["otherOwner", 404],
    ["owner", 200],
  ] as const)("%s changing vendor A answers %i", async (who, status) => {
    const { vendor } = kitchens[0] as (typeof kitchens)[number];
    const answer = await consoleCall(staff[who], consoleEndpoints.updateVendor(vendor.id), {
      cookingMinutesMax: 60,
    });
    expect(answer.status).toBe(status);
  });

  it.each([
    [{ minOrderPrice: 1.234 }, "minOrderPrice"],
    [{ cookingMinutesMin: 90, cookingMinutesMax: 30 }, "cookingMinutesMax"],
    [{ receiptTypes: [] }, "receiptTypes"],
    [{ workingHours: [{ day: "MONDAY", from: "10:00", until: "10:00" }] }, "workingHours"],
    [{ workingHours: [{ day: "MONDAY", from: "25:00", until: "10:00" }] }, "workingHours.0.from"],
    [{ closures: [{ from: "2026-12-24T18:00", until: "2026-12-24T10:00" }] }, "closures.0"],
    [{ closures: [{ from: "2026-12-24", until: "2026-12-25T10:00" }] }, "closures.0.from"],
  ])("refuses %o, naming %s", async (change, field) => {
    const { vendor } = kitchens[0] as (typeof kitchens)[number];
    const answer = await consoleCall(staff.kitchenA, consoleEndpoints.updateVendor(vendor.id), change);
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([expect.objectContaining({ field })]);
  });
});

describe("staff invitations and passwords", () => {
  /** The one-time link of the newest e-mail to the address, from the demo outbox. */
  const linkSentTo = async (email: string) => {
    const outbox = await t.app.inject({ method: "GET", url: devPath(devEndpoints.outbox({ to: email })) });
    const [newest] = outbox.json() as Array<{ channel: string; subject: string; text: string }>;
    return newest ? { ...newest, token: /\?token=([\w-]+)/.exec(newest.text)?.[1] ?? "" } : null;
  };
  const setPassword = (token: string, password: string) =>
    t.app.inject({
      method: consoleEndpoints.password().method,
      url: consolePath(consoleEndpoints.password()),
      payload: { token, password },
    });

  it("lets the owner invite vendor staff, who choose a password from the e-mailed link and see their vendor only", async () => {
    const { vendor } = kitchens[0] as (typeof kitchens)[number];
    const invite = {
      email: "new.cook@test.example",
      name: "New Cook",
      role: "VENDOR_STAFF",
      vendorIds: [vendor.id],
    };
    expect((await consoleCall(staff.dispatcher, consoleEndpoints.inviteStaff(), invite)).status).toBe(403);
    const invited = await consoleCall(staff.owner, consoleEndpoints.inviteStaff(), {
      ...invite,
      locale: "lv",
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({
      email: "new.cook@test.example",
      invited: true,
      vendors: [{ id: vendor.id }],
    });
    expect((await consoleCall(staff.owner, consoleEndpoints.inviteStaff(), invite)).status).toBe(409);

    const mail = await linkSentTo("new.cook@test.example");
    expect(mail?.channel).toBe("EMAIL");
    expect(mail?.text).toContain("/console/lv/password?token=");
    expect((await signIn("new.cook@test.example", "")).status).toBe(400);
    expect((await signIn("new.cook@test.example", "anything at all")).status).toBe(401);

    expect((await setPassword(mail?.token ?? "", "short")).statusCode).toBe(400);
    expect((await setPassword(mail?.token ?? "", "a long kitchen password")).statusCode).toBe(200);
    expect((await setPassword(mail?.token ?? "", "another long password")).statusCode).toBe(400);
    const cook = await signIn("new.cook@test.example", "a long kitchen password");
    expect(cook.status).toBe(200);
    expect(cook.body.vendors.map((v: { id: number }) => v.id)).toEqual([vendor.id]);
    const listed = await consoleCall(staff.owner, consoleEndpoints.staff());
    expect(
      listed.body.staff.find((m: { email: string }) => m.email === "new.cook@test.example").invited,
    ).toBe(false);
  });

  it.each([
    ["vendor staff without a vendor", { role: "VENDOR_STAFF", vendorIds: [] }, "vendorIds"],
    ["a vendor of another partner", { role: "VENDOR_STAFF", vendorIds: [999_999] }, "vendorIds"],
    ["a bad e-mail", { role: "MANAGER", email: "not-an-email" }, "email"],
  ] as const)("refuses an invitation of %s, naming the field", async (_name, change, field) => {
    const answer = await consoleCall(staff.owner, consoleEndpoints.inviteStaff(), {
      email: "someone@test.example",
      name: "Someone",
      ...change,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([expect.objectContaining({ field })]);
  });

  it("resets a forgotten password by e-mail, ends the old sessions, and tells nobody which e-mails exist", async () => {
    const member = await addStaff("MANAGER", "forgetful@test.example");
    const ask = (email: string) =>
      t.app.inject({
        method: consoleEndpoints.passwordReset().method,
        url: consolePath(consoleEndpoints.passwordReset()),
        payload: { email },
      });
    expect((await ask("nobody-here@test.example")).statusCode).toBe(204);
    expect(await linkSentTo("nobody-here@test.example")).toBeNull();
    expect((await ask("forgetful@test.example")).statusCode).toBe(204);
    const mail = await linkSentTo("forgetful@test.example");
    expect(mail?.subject).toContain("Dostavka Demo");
    expect((await setPassword(mail?.token ?? "", "a brand new password")).statusCode).toBe(200);
    expect((await consoleCall(member, consoleEndpoints.me())).status).toBe(401);
    expect((await signIn("forgetful@test.example")).status).toBe(401);
    expect((await signIn("forgetful@test.example", "a brand new password")).status).toBe(200);
  });

  it("lets the operator invite a partner's first owner, who sets a password from the link", async () => {
    const [other] = await t.database.db.select().from(partners).where(eq(partners.code, "other"));
    const partnerId = (other as { id: number }).id;
    const invited = await inviteOwner(t.database.db, {
      partnerId,
      email: "first@other.example",
      name: "First",
      now: NOW,
    });
    expect(
      await inviteOwner(t.database.db, { partnerId, email: "First@Other.example", name: "Again", now: NOW }),
    ).toBeNull();
    expect((await setPassword(invited?.token ?? "", "the owner's own password")).statusCode).toBe(200);
    const owner = await signIn("first@other.example", "the owner's own password");
    expect(owner.body).toMatchObject({ role: "OWNER", partner: { code: "other" } });
  });

  it("invites another partner's console account as any new e-mail: that partner learns nothing, the account stays its owner's", async () => {
    await addStaff("MANAGER", "taken@test.example");
    const invite = (email: string) =>
      consoleCall(staff.otherOwner, consoleEndpoints.inviteStaff(), { email, name: "Sam", role: "MANAGER" });
    const fresh = await invite("nobody-yet@test.example");
    const taken = await invite("Taken@test.example");
    // The same answer and the same line on the staff list as for an e-mail nobody has.
    expect(taken.status).toBe(fresh.status);
    const apart = ({ id: _id, email: _email, ...rest }: Record<string, unknown>) => rest;
    expect(apart(taken.body)).toEqual(apart(fresh.body));
    const { body } = await consoleCall(staff.otherOwner, consoleEndpoints.staff());
    const line = (email: string) => apart(body.staff.find((m: { email: string }) => m.email === email));
    expect(line("taken@test.example")).toEqual(line("nobody-yet@test.example"));

    // The person is told, without a link and without a word of the partner whose account it is.
    const mail = await linkSentTo("taken@test.example");
    expect(mail?.subject).toBe("Your invitation to the other console");
    expect(mail?.text).toContain("already has a console account of another brand");
    expect(mail?.text).not.toMatch(/token=|Dostavka/);
    expect((await linkSentTo("nobody-yet@test.example"))?.token).not.toBe("");
    // The account is still its owner's, with its password, and their partner's alone.
    const signedIn = await signIn("taken@test.example");
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.partner.code).toBe("demo");
    // Its own partner's invitation again is still refused: that partner sees its own staff.
    const again = await consoleCall(staff.owner, consoleEndpoints.inviteStaff(), {
      email: "taken@test.example",
      name: "Sam",
      role: "MANAGER",
    });
    expect(again.status).toBe(409);
  });

  it("lets two partners invite one e-mail: the invitation taken up first is its account, the other is refused", async () => {
    const invite = (cookie: string) =>
      consoleCall(cookie, consoleEndpoints.inviteStaff(), {
        email: "wanted@test.example",
        name: "Wu",
        role: "MANAGER",
      });
    expect((await invite(staff.owner)).status).toBe(201);
    const toDemo = await linkSentTo("wanted@test.example");
    expect((await invite(staff.otherOwner)).status).toBe(201);
    const toOther = await linkSentTo("wanted@test.example");
    expect(toOther?.token).not.toBe(toDemo?.token);

    expect((await setPassword(toOther?.token ?? "", "the other brand's password")).statusCode).toBe(200);
    const refused = await setPassword(toDemo?.token ?? "", "the demo brand's password");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().type).toBe("StaffExistsException");
    expect((await signIn("wanted@test.example", "the demo brand's password")).status).toBe(401);
    const signedIn = await signIn("wanted@test.example", "the other brand's password");
    expect(signedIn.body.partner.code).toBe("other");
  });

  it("sends one member at most three reset links an hour", async () => {
    await addStaff("MANAGER", "flooded@test.example");
    for (let i = 0; i < 5; i += 1)
      await t.app.inject({
        method: consoleEndpoints.passwordReset().method,
        url: consolePath(consoleEndpoints.passwordReset()),
        payload: { email: "flooded@test.example" },
      });
    const outbox = await t.app.inject({
      method: "GET",
      url: devPath(devEndpoints.outbox({ to: "flooded@test.example" })),
    });
    expect(outbox.json()).toHaveLength(3);
  });
});

describe("the live board", () => {
  it("tells a vendor's staff of their new and moved orders, and no other vendor's or partner's staff", async () => {
    const listen = async (cookie: string) => {
      const messages: Array<Record<string, unknown>> = [];
      // Heard from the first message on: the feed says READY as soon as it opens.
      const socket = await (t.app as Sockets).injectWS(
        consolePath(consoleEndpoints.live()),
        { headers: { cookie } },
        { onInit: (ws) => ws.on("message", (data) => messages.push(JSON.parse(data.toString()))) },
      );
      await vi.waitFor(() => messages.find((m) => m.type === "READY") ?? Promise.reject());
      return { socket, messages };
    };
    const a = await listen(staff.kitchenA);
    const b = await listen(staff.kitchenB);
    const other = await listen(staff.otherOwner);
    try {
      const order = await orderFrom(kitchens[0] as (typeof kitchens)[number]);
      await vi.waitFor(
        () =>
          a.messages.find((m) => m.orderId === order.id && m.status === "WAITING_APPROVAL") ??
          Promise.reject(),
      );
      await consoleCall(staff.kitchenA, consoleEndpoints.moveOrder(order.id, "accept"), {
        preparationMinutes: 15,
      });
      await vi.waitFor(
        () => a.messages.find((m) => m.orderId === order.id && m.status === "APPROVED") ?? Promise.reject(),
      );
      expect(b.messages.filter((m) => m.orderId === order.id)).toEqual([]);
      expect(other.messages.filter((m) => m.orderId === order.id)).toEqual([]);
    } finally {
      a.socket.terminate();
      b.socket.terminate();
      other.socket.terminate();
    }
  });

  it("refuses the feed without a console session", async () => {
    const response = await t.app.inject({ method: "GET", url: consolePath(consoleEndpoints.live()) });
    expect(response.statusCode).toBe(401);
  });
});

describe("the demo's simulator", () => {
  it("leaves the orders of a vendor with console staff to them", async () => {
    const kitchen = kitchens[0] as (typeof kitchens)[number];
    const staffed = await t.app.inject({
      method: opsEndpoints.consoleVendors().method,
      url: opsPath(opsEndpoints.consoleVendors()),
      headers: { "x-api-key": DEMO_SECRETS.opsKeys.dispatch },
    });
    expect(staffed.json().vendorIds).toContain(kitchen.vendor.id);
    const order = await orderFrom(kitchen);
    const simulator = startDeliverySimulator({
      app: t.app,
      apiKey: DEMO_SECRETS.opsKeys.dispatch,
      speed: 1_000_000,
      now: () => new Date(NOW.getTime() + 3_600_000),
      intervalMs: null,
    });
    await simulator.tick();
    simulator.stop();
    const seen = await callEndpoint(t.app, endpoints.customer.order(order.id), buyer.session);
    expect(seen.body.status).toBe("WAITING_APPROVAL");

    // Its staff cook it; automatic dispatch offers it to the simulator's couriers, who let it go to
    // the partner's people: it waits for a person or the dispatcher.
    for (const move of ["accept", "preparing", "ready"] as const)
      await ops(
        t.app,
        DEMO_SECRETS.opsKeys.dispatch,
        "POST",
        opsPath(opsEndpoints.moveOrder(order.id, move)),
      );
    // A look at the app's own time, when the offers are open.
    const couriersLook = startDeliverySimulator({
      app: t.app,
      apiKey: DEMO_SECRETS.opsKeys.dispatch,
      speed: 1,
      now: () => NOW,
      intervalMs: null,
    });
    for (let look = 0; look < 5; look++) await couriersLook.tick();
    couriersLook.stop();
    const offers = await t.app.services.db
      .select({ answer: courierOffers.answer, simulated: couriers.simulated })
      .from(courierOffers)
      .innerJoin(couriers, eq(couriers.id, courierOffers.courierId))
      .where(eq(courierOffers.orderId, order.id));
    expect(offers.length).toBeGreaterThan(0);
    expect(offers).toEqual(offers.map(() => ({ answer: "DECLINED", simulated: true })));
    const waiting = await callEndpoint(t.app, endpoints.customer.order(order.id), buyer.session);
    expect(waiting.body).toMatchObject({ status: "READY", courier: null });
  });
});
