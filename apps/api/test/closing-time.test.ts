import { endpoints } from "@storefront/domain/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callEndpoint, type MenuProduct, newCart, plain } from "./cart-helpers.ts";
import { get, signInCustomer, startTestApp, type TestApp } from "./harness.ts";
import { apiPath } from "./paths.ts";

// Tuesday 24 November 2026 in Riga (UTC+2). The breakfast place opens 07:00–15:00.
const rigaTime = (time: string) => new Date(`2026-11-24T${time}:00+02:00`);
let now = rigaTime("12:00");
let t: TestApp;
let session: string;
let breakfast: { id: number; cookingMax: number; dish: { id: number }; count: number };

beforeAll(async () => {
  t = await startTestApp({ clock: () => now });
  ({ cookie: session } = await signInCustomer(t.app));
  const { body } = await get(t.app, apiPath(endpoints.localities.vendors("riga", "size=100")));
  const vendor = body.content.find(
    (v: { workingHours: { intervals: Array<{ from: string }> } }) =>
      v.workingHours.intervals[0]?.from === "07:00",
  );
  const menu = await get(t.app, apiPath(endpoints.vendors.catalogue(vendor.id)));
  const dish = menu.body.sections
    .flatMap((s: { products: MenuProduct[] }) => s.products)
    .find((p: MenuProduct) => p.available && plain(p));
  breakfast = {
    id: vendor.id,
    cookingMax: vendor.cookingTimeRange.end,
    dish,
    // Enough of it for the minimum order.
    count: Math.max(1, Math.ceil(vendor.minOrderPrice / dish.price)),
  };
});
afterAll(() => t.close());

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** A cart of the breakfast place's dish, for delivery in central Riga. */
async function breakfastCart() {
  const { cartId, cookie } = await newCart(t.app, session);
  const added = await callEndpoint(t.app, endpoints.carts.addProduct(cartId), cookie, {
    vendorId: breakfast.id,
    productId: breakfast.dish.id,
    count: breakfast.count,
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return { cartId, cookie };
}

describe("an order as soon as possible near closing time", () => {
  it("is taken at noon, when the kitchen has hours to spare", async () => {
    now = rigaTime("12:00");
    const { cartId, cookie } = await breakfastCart();
    const { body } = await callEndpoint(t.app, endpoints.carts.get(cartId), cookie);
    expect(body.validateCartResult).toMatchObject({ status: "SUCCESS", closingBeforeArrival: [] });
  });

  it("is refused when it would arrive after closing, and says when, with what the customer can have instead", async () => {
    now = rigaTime("14:35");
    const { cartId, cookie } = await breakfastCart();
    const { body } = await callEndpoint(t.app, endpoints.carts.get(cartId), cookie);
    const vendorCart = body.cart.vendorCarts[0];
    const arrivesAt = minutesOf("14:35") + vendorCart.maxEstimatedDeliveryDuration;
    expect(arrivesAt).toBeGreaterThan(minutesOf("15:00"));
    expect(body.validateCartResult.status).toBe("VALIDATION_FAILED");
    const [notice] = body.validateCartResult.closingBeforeArrival;
    expect(notice).toMatchObject({ vendorCartId: vendorCart.vendorCartId, closesAt: "15:00" });
    expect(minutesOf(notice.arrivesAt)).toBe(arrivesAt);
    // Cooked by 15:00, it can still be picked up; delivered, the first slot it can meet is tomorrow.
    const readyAt = minutesOf("14:35") + breakfast.cookingMax;
    expect(notice.takeawayReadyAt).toBe(readyAt <= minutesOf("15:00") ? clockOf(readyAt) : null);
    expect(notice.nextSlot).toMatch(/^2026-11-25T\d\d:\d\d:00$/);

    const placed = await callEndpoint(t.app, endpoints.customer.placeOrder(), cookie, { cartId });
    expect(placed.status).toBe(400);
    expect(placed.body.type).toBe("CartValidationException");

    // The customer takes the first slot the checkout offers: the order goes through for that time.
    const later = await callEndpoint(t.app, endpoints.carts.update(cartId), cookie, {
      preorderDateTime: notice.nextSlot,
    });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    expect(later.body.validateCartResult).toMatchObject({ status: "SUCCESS", closingBeforeArrival: [] });
    const scheduled = await callEndpoint(t.app, endpoints.customer.placeOrder(), cookie, { cartId });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(201);
    expect(scheduled.body.preorderDateTime).toBe(notice.nextSlot);
  });

  it("can be picked up instead while the kitchen can still finish it", async () => {
    now = rigaTime("14:35");
    const { cartId, cookie } = await breakfastCart();
    const { body } = await callEndpoint(t.app, endpoints.carts.get(cartId), cookie);
    const [notice] = body.validateCartResult.closingBeforeArrival;
    expect(notice.takeawayReadyAt).not.toBeNull();
    const pickUp = await callEndpoint(t.app, endpoints.carts.update(cartId), cookie, {
      receiptType: "TAKEAWAY",
    });
    expect(pickUp.body.validateCartResult).toMatchObject({ status: "SUCCESS", closingBeforeArrival: [] });

    // Five minutes before closing not even a pickup can be cooked in time; it says so for the takeaway.
    now = rigaTime("14:55");
    const late = await callEndpoint(t.app, endpoints.carts.get(cartId), cookie);
    expect(late.body.validateCartResult.closingBeforeArrival).toEqual([
      expect.objectContaining({ closesAt: "15:00", takeawayReadyAt: null }),
    ]);
  });

  it("offers no slot after closing time for a delivery", async () => {
    now = rigaTime("12:00");
    const { cartId, cookie } = await breakfastCart();
    const slots = await callEndpoint(t.app, endpoints.carts.deliverySlots(cartId), cookie);
    expect(slots.status).toBe(200);
    const today = slots.body.days.find((day: { date: string }) => day.date === "2026-11-24");
    expect(today.times.at(-1)).toBe("15:00");
  });
});

describe("the vendor list and page before closing time", () => {
  const listed = async (query = "") => {
    const { body } = await get(t.app, apiPath(endpoints.localities.vendors("riga", `size=100${query}`)));
    return body.content.find((v: { id: number }) => v.id === breakfast.id);
  };

  it("say when a vendor open now closes before an order placed now could arrive", async () => {
    now = rigaTime("12:00");
    expect(await listed()).toMatchObject({ working: true, closesBeforeArrivalAt: null });

    now = rigaTime("14:35");
    const vendor = await listed();
    expect(minutesOf("14:35") + vendor.maxEstimatedDeliveryDuration).toBeGreaterThan(minutesOf("15:00"));
    expect(vendor).toMatchObject({ working: true, closesBeforeArrivalAt: "15:00" });
    expect(
      (await get(t.app, apiPath(endpoints.vendors.detail(breakfast.id)))).body.closesBeforeArrivalAt,
    ).toBe("15:00");
    // For a preorder time the question does not arise: that time is checked as a slot.
    expect((await listed("&preorderDateTime=2026-11-25T10:00:00")).closesBeforeArrivalAt).toBeNull();

    // Closed, the list says so already.
    now = rigaTime("15:30");
    expect(await listed()).toMatchObject({ working: false, closesBeforeArrivalAt: null });
  });
});

describe("a cart whose kitchen is closed now", () => {
  it("is offered the first time the kitchen can deliver it with every dish sold, a lunch offer at lunch", async () => {
    // Tuesday lunchtime: a restaurant's lunch offer (sold 12:00–16:00) goes into the cart.
    now = rigaTime("13:00");
    const { body: list } = await get(t.app, apiPath(endpoints.localities.vendors("riga", "size=100")));
    let lunch: { vendorId: number; dishId: number } | null = null;
    for (const vendor of list.content as Array<{ id: number; receiptTypes: string[] }>) {
      if (!vendor.receiptTypes.includes("DELIVERY")) continue;
      const menu = await get(t.app, apiPath(endpoints.vendors.catalogue(vendor.id)));
      const section = menu.body.sections.find(
        (s: { workingHours: { intervals: Array<{ from: string }> } | null }) =>
          s.workingHours?.intervals[0]?.from === "12:00",
      );
      const dish = section?.products.find((p: MenuProduct) => p.available && plain(p));
      if (dish) lunch = { vendorId: vendor.id, dishId: dish.id };
      if (lunch) break;
    }
    if (!lunch) throw new Error("no lunch offer in Riga");
    const { cartId, cookie } = await newCart(t.app, session);
    const added = await callEndpoint(t.app, endpoints.carts.addProduct(cartId), cookie, {
      vendorId: lunch.vendorId,
      productId: lunch.dishId,
      count: 3,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);

    // Wednesday 03:00: the kitchen is closed. Its first slots of the morning would not bring lunch.
    now = new Date("2026-11-25T03:00:00+02:00");
    const { body } = await callEndpoint(t.app, endpoints.carts.get(cartId), cookie);
    expect(body.validateCartResult.invalidVendors).toEqual([
      expect.objectContaining({
        status: "VENDOR_INVALID_DELIVERY_INTERVAL",
        nextSlot: "2026-11-25T12:00:00",
      }),
    ]);
    const slots = await callEndpoint(t.app, endpoints.carts.deliverySlots(cartId), cookie);
    expect(slots.body.days[0].times[0] < "12:00").toBe(true);

    // Taking it, the cart goes through for lunchtime.
    const later = await callEndpoint(t.app, endpoints.carts.update(cartId), cookie, {
      preorderDateTime: "2026-11-25T12:00:00",
    });
    expect(later.body.validateCartResult).toMatchObject({ status: "SUCCESS", invalidVendors: [] });
  });
});
