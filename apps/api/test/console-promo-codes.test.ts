import { consoleEndpoints, type Endpoint, endpoints } from "@storefront/domain/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callEndpoint,
  type MenuProduct,
  newCart,
  type OpenVendor,
  openRestaurants,
  plain,
} from "./cart-helpers.ts";
import { consoleEndpointCall, staffSession } from "./console-helpers.ts";
import { startTestApp, type TestApp } from "./harness.ts";
import { addPartner, customer } from "./order-helpers.ts";

const NOW = new Date("2026-11-23T12:00:00Z");

let t: TestApp;
/** Two open restaurants of Riga, each with a plain dish over its minimum order. */
let kitchens: Array<{ vendor: OpenVendor; dish: MenuProduct }>;
const staff: Record<"owner" | "manager" | "dispatcher" | "kitchen" | "otherOwner", string> = {
  owner: "",
  manager: "",
  dispatcher: "",
  kitchen: "",
  otherOwner: "",
};

/** A customer's cart in Riga holding a dish of each kitchen given, and the cookie to send with it. */
async function cartOf(session: string, ...fromKitchens: Array<(typeof kitchens)[number]>) {
  const { cartId, cookie } = await newCart(t.app, session);
  for (const { vendor, dish } of fromKitchens) {
    const added = await callEndpoint(t.app, endpoints.carts.addProduct(cartId), cookie, {
      vendorId: vendor.id,
      productId: dish.id,
      count: 2,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
  }
  return { cartId, cookie };
}

async function apply(cart: { cartId: string; cookie: string }, code: string) {
  return callEndpoint(t.app, endpoints.carts.applyPromoCode(cart.cartId), cart.cookie, { code });
}

const newCode = (fields: object) => ({
  localityCode: "riga",
  type: "FIXED",
  value: 2,
  ...fields,
});

const consoleCall = (cookie: string, endpoint: Endpoint, payload?: object) =>
  consoleEndpointCall(t, cookie, endpoint, payload);

beforeAll(async () => {
  t = await startTestApp({ now: NOW });
  kitchens = [];
  for (const vendor of await openRestaurants(t.app, 6)) {
    const dish = vendor.products.find((p) => plain(p) && p.price >= vendor.minOrderPrice);
    if (dish) kitchens.push({ vendor, dish });
    if (kitchens.length === 2) break;
  }
  expect(kitchens).toHaveLength(2);
  staff.owner = await staffSession(t, "OWNER", "owner@promo.example");
  staff.manager = await staffSession(t, "MANAGER", "manager@promo.example");
  staff.dispatcher = await staffSession(t, "DISPATCHER", "dispatch@promo.example");
  staff.kitchen = await staffSession(t, "VENDOR_STAFF", "kitchen@promo.example", {
    vendorIds: [kitchens[0]?.vendor.id as number],
  });
  await addPartner(t, "other");
  staff.otherOwner = await staffSession(t, "OWNER", "owner@other-promo.example", { partner: "other" });
});

afterAll(async () => {
  await t?.close();
});

describe("who runs promo codes", () => {
  it.each([
    { who: "owner", list: 200, create: 201 },
    { who: "manager", list: 200, create: 201 },
    { who: "dispatcher", list: 403, create: 403 },
    { who: "kitchen", list: 403, create: 403 },
  ] as const)("the $who: list $list, create $create", async ({ who, list, create }) => {
    expect((await consoleCall(staff[who], consoleEndpoints.promoCodes(null))).status).toBe(list);
    const made = await consoleCall(
      staff[who],
      consoleEndpoints.addPromoCode(),
      newCode({ code: `BY${who}` }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(create);
  });

  it("answers 401 without a session, and a customer's session opens nothing", async () => {
    const buyer = await customer(t);
    expect((await consoleCall("", consoleEndpoints.promoCodes(null))).status).toBe(401);
    expect((await consoleCall(buyer.session, consoleEndpoints.promoCodes(null))).status).toBe(401);
  });

  it("keeps each partner's codes its own", async () => {
    const mine = await consoleCall(staff.manager, consoleEndpoints.addPromoCode(), newCode({ code: "OURS" }));
    expect(mine.status).toBe(201);
    const theirs = await consoleCall(staff.otherOwner, consoleEndpoints.promoCodes(null));
    expect(theirs.body.promoCodes.map((p: { code: string }) => p.code)).not.toContain("OURS");
    // Another partner's code is as unknown as none, and its localities are not theirs to use.
    const changed = await consoleCall(staff.otherOwner, consoleEndpoints.changePromoCode(mine.body.id), {
      value: 50,
    });
    expect(changed.status).toBe(404);
    const there = await consoleCall(
      staff.otherOwner,
      consoleEndpoints.addPromoCode(),
      newCode({ code: "STOLEN" }),
    );
    expect(there.status).toBe(400);
    expect(there.body.details[0].field).toBe("localityCode");
    const vendorOfOthers = await consoleCall(
      staff.manager,
      consoleEndpoints.addPromoCode(),
      newCode({ code: "NOSUCH", vendorId: 999_999 }),
    );
    expect(vendorOfOthers.status).toBe(400);
    expect(vendorOfOthers.body.details[0].field).toBe("vendorId");
  });
});

describe("a promo code's terms", () => {
  it.each([
    {
      name: "a percentage over 100",
      fields: { type: "PERCENT", value: 150 },
      field: "value",
      code: "PERCENT_RANGE",
    },
    { name: "a fraction of a cent", fields: { value: 2.005 }, field: "value", code: "NOT_WHOLE_MINOR_UNITS" },
    { name: "nothing off", fields: { value: 0 }, field: "value", code: "VALUE_REQUIRED" },
    {
      name: "a cap on a fixed amount",
      fields: { maxDiscount: 3 },
      field: "maxDiscount",
      code: "CAP_ONLY_FOR_PERCENT",
    },
    {
      name: "an end before the start",
      fields: { validFrom: "2026-12-08T00:00:00Z", validUntil: "2026-12-01T00:00:00Z" },
      field: "validUntil",
      code: "VALIDITY_ORDER",
    },
  ])("refuses $name (400 naming $field)", async ({ fields, field, code }) => {
    const refused = await consoleCall(
      staff.manager,
      consoleEndpoints.addPromoCode(),
      newCode({ code: "REFUSED", ...fields }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errorCode: code, details: [{ field }] });
  });

  it("refuses a code of other characters, and a second code of one name in a locality (409)", async () => {
    const spaced = await consoleCall(
      staff.manager,
      consoleEndpoints.addPromoCode(),
      newCode({ code: "TWO WORDS" }),
    );
    expect(spaced.status).toBe(400);
    expect(spaced.body.details[0].field).toBe("code");
    expect(
      (await consoleCall(staff.manager, consoleEndpoints.addPromoCode(), newCode({ code: "twice" }))).status,
    ).toBe(201);
    const again = await consoleCall(
      staff.manager,
      consoleEndpoints.addPromoCode(),
      newCode({ code: "TWICE" }),
    );
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ type: "PromoCodeExistsException", details: [{ field: "code" }] });
  });
});

describe("a code made in the console, in customers' carts", () => {
  it("takes its amount off a cart of its vendor only, as often per customer as it allows", async () => {
    const [mine, other] = kitchens as [(typeof kitchens)[number], (typeof kitchens)[number]];
    const made = await consoleCall(
      staff.manager,
      consoleEndpoints.addPromoCode(),
      newCode({ code: "kitchen2", value: 2.5, vendorId: mine.vendor.id, maxUsesPerCustomer: 2 }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      code: "KITCHEN2",
      value: 2.5,
      currencyCode: "EUR",
      vendor: { id: mine.vendor.id },
      uses: 0,
      customers: 0,
    });

    const buyer = await customer(t);
    const elsewhere = await apply(await cartOf(buyer.session, other), "KITCHEN2");
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.errorCode).toBe("DOES_NOT_APPLY");
    for (let order = 0; order < 2; order++) {
      const cart = await cartOf(buyer.session, mine);
      const applied = await apply(cart, "kitchen2");
      expect(applied.status, JSON.stringify(applied.body)).toBe(200);
      expect(applied.body.cart.prices.discounts).toEqual([
        { type: "PROMOCODE", promoType: "FIXED", discountTotal: 2.5 },
      ]);
      expect(
        (await callEndpoint(t.app, endpoints.customer.placeOrder(), cart.cookie, { cartId: cart.cartId }))
          .status,
      ).toBe(201);
    }
    const third = await apply(await cartOf(buyer.session, mine), "KITCHEN2");
    expect(third.body.errorCode).toBe("UTILIZED");

    const listed = await consoleCall(staff.manager, consoleEndpoints.promoCodes("riga"));
    expect(listed.body.promoCodes.find((p: { code: string }) => p.code === "KITCHEN2")).toMatchObject({
      uses: 2,
      customers: 1,
    });
  });

  it("stops a code for everyone once its uses in all are spent", async () => {
    const [kitchen] = kitchens as [(typeof kitchens)[number]];
    await consoleCall(
      staff.owner,
      consoleEndpoints.addPromoCode(),
      newCode({ code: "ONLYONE", type: "PERCENT", value: 10, maxDiscount: 3, maxUses: 1 }),
    );
    const first = await customer(t);
    const cart = await cartOf(first.session, kitchen);
    expect((await apply(cart, "ONLYONE")).status).toBe(200);
    expect(
      (await callEndpoint(t.app, endpoints.customer.placeOrder(), cart.cookie, { cartId: cart.cartId }))
        .status,
    ).toBe(201);
    const second = await customer(t);
    expect((await apply(await cartOf(second.session, kitchen), "ONLYONE")).body.errorCode).toBe("UTILIZED");
  });

  it("ends a code when its end is set to now, and the audit log keeps what it was", async () => {
    const [kitchen] = kitchens as [(typeof kitchens)[number]];
    const made = await consoleCall(
      staff.manager,
      consoleEndpoints.addPromoCode(),
      newCode({
        code: "SHORTLIVED",
        type: "FREE_DELIVERY",
        value: 0,
        description: { en: "Free delivery today" },
      }),
    );
    const buyer = await customer(t);
    expect((await apply(await cartOf(buyer.session, kitchen), "SHORTLIVED")).status).toBe(200);
    const ended = await consoleCall(staff.manager, consoleEndpoints.changePromoCode(made.body.id), {
      validUntil: new Date(NOW.getTime() - 60_000).toISOString(),
    });
    expect(ended.status).toBe(200);
    expect((await apply(await cartOf(buyer.session, kitchen), "SHORTLIVED")).body.errorCode).toBe("OUTDATED");

    const { body } = await consoleCall(staff.owner, consoleEndpoints.audit(50, null));
    const entries = body.entries.filter((entry: { entity: string; entityId: number }) => {
      return entry.entity === "promo-code" && entry.entityId === made.body.id;
    });
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual([
      "promo-code.update",
      "promo-code.create",
    ]);
    expect(entries[0]).toMatchObject({
      staffName: "MANAGER manager@promo.example",
      before: { validUntil: null },
      after: { validUntil: "2026-11-23T11:59:00.000Z", type: "FREE_DELIVERY" },
    });
  });

  it("checks a change with the terms that stay: a percentage needs its percent", async () => {
    const made = await consoleCall(
      staff.manager,
      consoleEndpoints.addPromoCode(),
      newCode({ code: "SWITCH" }),
    );
    const noPercent = await consoleCall(staff.manager, consoleEndpoints.changePromoCode(made.body.id), {
      type: "PERCENT",
    });
    expect(noPercent.status).toBe(400);
    expect(noPercent.body.details[0].field).toBe("value");
    const switched = await consoleCall(staff.manager, consoleEndpoints.changePromoCode(made.body.id), {
      type: "PERCENT",
      value: 15,
    });
    expect(switched.body).toMatchObject({ type: "PERCENT", value: 15, maxDiscount: null });
  });
});
