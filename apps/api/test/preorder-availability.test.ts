import { randomUUID } from "node:crypto";
import { endpoints } from "@storefront/domain/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { get, startTestApp, type TestApp } from "./harness.ts";
import { apiPath } from "./paths.ts";

// Tuesday 24 November 2026, 19:00 in Riga (UTC+2); the customer orders for Wednesday 12:00.
const rigaTime = (dateTime: string) => new Date(`${dateTime}+02:00`);
let now = rigaTime("2026-11-24T19:00:00");
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock: () => now });
});
afterAll(() => t.close());

/** The storefront's query strings: the cart's time without its trailing Z, and the cart's id. */
const AT_NOON = "preorderDateTime=2026-11-25T12:00:00";
const CART = `cartId=${randomUUID()}`;

interface Availability {
  available: boolean;
  nextAvailableAt: string | null;
}
interface Vendor {
  id: number;
  working: boolean;
  timeAvailability: Availability;
  workingHours: { intervals: Array<{ day: string; from: string; until: string }> };
}
interface Section {
  id: number;
  timeAvailability: Availability;
  workingHours: { intervals: Array<{ from: string; until: string }> } | null;
  products: Array<{ id: number; available: boolean }>;
}

async function rigaVendors(query = ""): Promise<Vendor[]> {
  const { status, body } = await get(
    t.app,
    apiPath(endpoints.localities.vendors("riga", `size=100${query}`)),
  );
  expect(status).toBe(200);
  return body.content;
}
const openingAt = (from: string) => async () =>
  (await rigaVendors()).find((v) => v.workingHours.intervals[0]?.from === from) as Vendor;
/** The breakfast-and-lunch place, 07:00–15:00: closed at 19:00, open at noon. */
const daytimeVendor = openingAt("07:00");
/** The late-night kitchen, 18:00–04:00: open at 19:00, closed at noon. */
const eveningVendor = openingAt("18:00");

async function lunchMenu(): Promise<{ vendorId: number; section: Section }> {
  for (const vendor of await rigaVendors()) {
    const { body } = await get(t.app, apiPath(endpoints.vendors.catalogue(vendor.id)));
    const section = (body.sections as Section[]).find((s) => s.workingHours?.intervals[0]?.from === "12:00");
    if (section) return { vendorId: vendor.id, section };
  }
  throw new Error("no lunch section in Riga");
}

describe("availability at the cart's preorder time", () => {
  it("shows a vendor on its page as open at the chosen time, and closed without it", async () => {
    now = rigaTime("2026-11-24T19:00:00");
    const vendor = await daytimeVendor();
    const today = await get(t.app, apiPath(endpoints.vendors.detail(vendor.id)));
    expect(today.body.timeAvailability).toEqual({ available: false, nextAvailableAt: "2026-11-25T07:00:00" });

    const tomorrow = await get(t.app, apiPath(endpoints.vendors.detail(vendor.id, AT_NOON)));
    expect(tomorrow.status).toBe(200);
    expect(tomorrow.body.timeAvailability).toEqual({ available: true, nextAvailableAt: null });
    // `working` stays about the present (docs/decisions/0006-availability-and-working.md).
    expect(tomorrow.body.working).toBe(false);

    const evening = await eveningVendor();
    const eveningAtNoon = await get(t.app, apiPath(endpoints.vendors.detail(evening.id, AT_NOON)));
    expect(evening.timeAvailability.available).toBe(true);
    expect(eveningAtNoon.body.timeAvailability).toEqual({
      available: false,
      nextAvailableAt: "2026-11-25T18:00:00",
    });
  });

  it("sells a lunch section's dishes at the chosen noon, not at 19:00 today", async () => {
    now = rigaTime("2026-11-24T19:00:00");
    const { vendorId, section } = await lunchMenu();
    expect(section.timeAvailability.available).toBe(false);
    expect(section.products.every((p) => !p.available)).toBe(true);

    const { body } = await get(t.app, apiPath(endpoints.vendors.catalogue(vendorId, AT_NOON)));
    const atNoon = (body.sections as Section[]).find((s) => s.id === section.id) as Section;
    expect(atNoon.timeAvailability).toEqual({ available: true, nextAvailableAt: null });
    expect(atNoon.products.every((p) => p.available)).toBe(true);
    const dish = section.products[0]?.id as number;
    expect((await get(t.app, apiPath(endpoints.products.get(dish, AT_NOON)))).body.available).toBe(true);
    expect((await get(t.app, apiPath(endpoints.products.get(dish)))).body.available).toBe(false);
  });

  it("lists vendors open at the chosen time first, with that time's availability", async () => {
    now = rigaTime("2026-11-24T19:00:00");
    const daytime = await daytimeVendor();
    const evening = await eveningVendor();
    const list = await rigaVendors(`&${AT_NOON}&${CART}`);
    const position = (id: number) => list.findIndex((v) => v.id === id);
    expect(list.find((v) => v.id === daytime.id)?.timeAvailability.available).toBe(true);
    expect(list.find((v) => v.id === evening.id)?.timeAvailability.available).toBe(false);
    expect(position(daytime.id)).toBeLessThan(position(evening.id));
    // Open ones first: no vendor closed at noon comes before one open then.
    const firstClosed = list.findIndex((v) => !v.timeAvailability.available);
    expect(list.slice(firstClosed).every((v) => !v.timeAvailability.available)).toBe(true);

    const today = await rigaVendors(`&${CART}`);
    expect(today.findIndex((v) => v.id === evening.id)).toBeLessThan(
      today.findIndex((v) => v.id === daytime.id),
    );
  });
});

describe("the read cache and preorder times", () => {
  it("never answers one time with another time's availability, in the same minute", async () => {
    now = rigaTime("2026-11-24T19:00:10");
    const vendor = await daytimeVendor();
    const { vendorId, section } = await lunchMenu();
    const lunchAt = async (query: string) => {
      const { body } = await get(t.app, apiPath(endpoints.vendors.catalogue(vendorId, query)));
      return (body.sections as Section[]).find((s) => s.id === section.id)?.timeAvailability.available;
    };
    const vendorAt = async (query: string) =>
      (await get(t.app, apiPath(endpoints.vendors.detail(vendor.id, query)))).body.timeAvailability.available;
    const listedAt = async (query: string) =>
      (await rigaVendors(query)).find((v) => v.id === vendor.id)?.timeAvailability.available;

    // Each asked twice in turn, so every second answer could come from the cache.
    for (let round = 0; round < 2; round += 1) {
      expect(await lunchAt(`?${AT_NOON}`)).toBe(true);
      expect(await lunchAt("")).toBe(false);
      expect(await lunchAt("?preorderDateTime=2026-11-25T09:00:00")).toBe(false);
      expect(await vendorAt(`?${AT_NOON}`)).toBe(true);
      expect(await vendorAt("")).toBe(false);
      expect(await vendorAt("?preorderDateTime=2026-11-25T16:00:00")).toBe(false);
      expect(await listedAt(`&${AT_NOON}&${CART}`)).toBe(true);
      expect(await listedAt(`&${CART}`)).toBe(false);
      expect(await listedAt(`&preorderDateTime=2026-11-25T06:30:00&${CART}`)).toBe(false);
    }
    // The same minute written otherwise is the same time (a trailing Z is not a zone).
    expect(await vendorAt("?preorderDateTime=2026-11-25T12:00:00Z")).toBe(true);
    expect(await vendorAt("?preorderDateTime=2026-11-25T12:00")).toBe(true);
    expect(await vendorAt("?preorderDateTime=2026-11-25T06:59:59")).toBe(false);
  });

  it("keeps what depends on the clock right in a preorder answer as the minutes pass", async () => {
    const vendor = await daytimeVendor();
    now = rigaTime("2026-11-25T06:59:30");
    const before = await get(t.app, apiPath(endpoints.vendors.detail(vendor.id, AT_NOON)));
    expect(before.body).toMatchObject({ working: false, timeAvailability: { available: true } });
    now = rigaTime("2026-11-25T07:00:00");
    const after = await get(t.app, apiPath(endpoints.vendors.detail(vendor.id, AT_NOON)));
    expect(after.body).toMatchObject({ working: true, timeAvailability: { available: true } });
    now = rigaTime("2026-11-24T19:00:00");
  });
});
