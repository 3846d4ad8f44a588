import { endpoints } from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueChanges } from "../src/catalogue/catalogue-tags.ts";
import { vendors as vendorTable } from "../src/db/schema.ts";
import { get, startTestApp, type TestApp } from "./harness.ts";
import { apiPath } from "./paths.ts";

// Monday 23 November 2026, 14:00 in Riga.
const NOW = new Date("2026-11-23T12:00:00Z");
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ now: NOW });
});
afterAll(() => t.close());

interface Vendor {
  id: number;
  name: string;
  rating: number | null;
  working: boolean;
  timeAvailability: { available: boolean; nextAvailableAt: string | null };
  distanceToCustomer: number | null;
  deliveryPrice: number;
  maxEstimatedDeliveryDuration: number;
  minEstimatedDeliveryDuration: number;
  estimatedDeliveryDuration: string;
  categories: Array<{ id: number }>;
  receiptTypes: string[];
  workingHours: { intervals: Array<{ from: string; until: string }> };
  image: { basePath: string; variants: Array<{ w: number; h: number; n: string }> };
}

async function allVendors(code: string, query = ""): Promise<Vendor[]> {
  const { body } = await get(t.app, apiPath(endpoints.localities.vendors(code, `size=100${query}`)));
  return body.content;
}

describe("paging", () => {
  it("pages forty vendors by thirty", async () => {
    const first = await get(t.app, apiPath(endpoints.localities.vendors("riga", "")));
    const second = await get(t.app, apiPath(endpoints.localities.vendors("riga", "page=2")));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, size: 30, totalElements: 40, totalPages: 2 });
    expect(first.body.content).toHaveLength(30);
    expect(second.body.content).toHaveLength(10);
    const ids = [...first.body.content, ...second.body.content].map((v: Vendor) => v.id);
    expect(new Set(ids).size).toBe(40);
  });

  it("answers a page past the end with an empty list", async () => {
    const { status, body } = await get(t.app, apiPath(endpoints.localities.vendors("riga", "page=3")));
    expect(status).toBe(200);
    expect(body).toMatchObject({ content: [], totalElements: 40, totalPages: 2 });
  });

  it("puts vendors that are open now before closed ones", async () => {
    const list = await allVendors("riga");
    const firstClosed = list.findIndex((v) => !v.timeAvailability.available);
    expect(firstClosed).toBeGreaterThan(0);
    expect(list.slice(firstClosed).every((v) => !v.timeAvailability.available)).toBe(true);
  });
});

describe("a customer's point", () => {
  it("adds distance and the delivery price to that point", async () => {
    const near = await allVendors("riga", "&latitude=56.9496&longitude=24.1052");
    expect(near.every((v) => typeof v.distanceToCustomer === "number")).toBe(true);
    const withoutPoint = await allVendors("riga");
    expect(withoutPoint.every((v) => v.distanceToCustomer === null)).toBe(true);
  });

  it("charges more and takes longer for a customer farther away", async () => {
    const vendor = (await allVendors("riga")).find((v) => v.deliveryPrice > 0) as Vendor;
    const { body: detail } = await get(t.app, apiPath(endpoints.vendors.detail(vendor.id)));
    const at = (lat: number, lng: number) =>
      get(t.app, apiPath(endpoints.vendors.detail(vendor.id, `latitude=${lat}&longitude=${lng}`)));
    const next = await at(detail.latitude + 0.001, detail.longitude);
    // The farthest of a few points inside Riga's delivery zone (a point outside it is out of reach).
    const inside = [
      [56.99, 24.1],
      [56.91, 24.125],
      [56.95, 24.025],
      [56.955, 24.195],
    ] as const;
    const [lat, lng] = inside.reduce((a, b) =>
      Math.hypot(b[0] - detail.latitude, b[1] - detail.longitude) >
      Math.hypot(a[0] - detail.latitude, a[1] - detail.longitude)
        ? b
        : a,
    );
    const far = await at(lat, lng);
    expect(next.body.distanceToCustomer).toBeLessThan(0.5);
    expect(far.body.distanceToCustomer).toBeGreaterThan(4);
    expect(far.body.deliveryPrice).toBeGreaterThan(next.body.deliveryPrice);
    expect(far.body.maxEstimatedDeliveryDuration).toBeGreaterThan(next.body.maxEstimatedDeliveryDuration);
  });

  it("makes up no time or price for an address in another city, and says it is out of reach", async () => {
    const riga = "&latitude=56.9496&longitude=24.1052";
    const inKyiv = await allVendors("kyiv", "&latitude=50.4501&longitude=30.5234");
    expect(inKyiv.every((v) => (v as Vendor & { deliversToPoint: boolean }).deliversToPoint)).toBe(true);
    const fromRiga = await allVendors("kyiv", riga);
    const withoutPoint = await allVendors("kyiv");
    expect(fromRiga.map((v) => (v as Vendor & { deliversToPoint: boolean }).deliversToPoint)).toEqual(
      fromRiga.map(() => false),
    );
    // The figures are those without an address, not 2,800 minutes and a ride across the Baltic.
    const figures = (list: Vendor[]) =>
      list.map((v) => [v.id, v.distanceToCustomer, v.deliveryPrice, v.maxEstimatedDeliveryDuration]);
    expect(figures(fromRiga)).toEqual(figures(withoutPoint));
    const { body: detail } = await get(
      t.app,
      apiPath(endpoints.vendors.detail(fromRiga[0]?.id as number, riga.slice(1))),
    );
    expect(detail).toMatchObject({ deliversToPoint: false, distanceToCustomer: null });
  });
});

describe("filters", () => {
  it("finds a vendor by the name of a product on its menu", async () => {
    const vendor = (await allVendors("riga"))[5] as Vendor;
    const { body: catalogue } = await get(t.app, apiPath(endpoints.vendors.catalogue(vendor.id)));
    const productName: string = catalogue.sections[0].products[0].name;
    const found = await allVendors("riga", `&searchString=${encodeURIComponent(productName.toUpperCase())}`);
    expect(found.map((v) => v.id)).toContain(vendor.id);
  });

  it("finds vendors by their name and by category, and nothing for nonsense", async () => {
    const vendor = (await allVendors("kyiv"))[2] as Vendor;
    const byName = await allVendors("kyiv", `&searchString=${encodeURIComponent(vendor.name.slice(0, 6))}`);
    expect(byName.map((v) => v.id)).toContain(vendor.id);
    const nothing = await allVendors("kyiv", "&searchString=zzqxjv");
    expect(nothing).toEqual([]);
  });

  it("treats % and _ in a search as plain characters", async () => {
    // As wildcards these would match every vendor, or every pizzeria.
    expect(await allVendors("riga", "&searchString=z%25z")).toEqual([]);
    expect(await allVendors("riga", "&searchString=%25")).toEqual([]);
    expect(await allVendors("riga", "&searchString=_")).toEqual([]);
  });

  it.each([
    ["good", 0, 3],
    ["best", 3.1, 4],
    ["the-best", 4.1, 5],
  ])("returns only vendors rated in the %s bucket", async (bucket, min, max) => {
    const list = await allVendors("riga", `&rating=${bucket}`);
    expect(list.length).toBeGreaterThan(0);
    for (const vendor of list) {
      expect(vendor.rating).toBeGreaterThanOrEqual(min);
      expect(vendor.rating).toBeLessThanOrEqual(max);
    }
  });

  it("splits every rated vendor into exactly one bucket", async () => {
    const all = await allVendors("riga", "&rating=all");
    const buckets = await Promise.all(
      ["good", "best", "the-best"].map((b) => allVendors("riga", `&rating=${b}`)),
    );
    expect(
      buckets
        .flat()
        .map((v) => v.id)
        .sort(),
    ).toEqual(all.map((v) => v.id).sort());
  });

  it("filters by category, a parent category taking in its children", async () => {
    const { body: categories } = await get(t.app, apiPath(endpoints.localities.categories("riga")));
    const child = categories.tree[0].children[0];
    const inChild = await allVendors("riga", `&categories=${child.id}`);
    expect(inChild).toHaveLength(child.vendorsCount);
    expect(inChild.every((v) => v.categories.some((c) => c.id === child.id))).toBe(true);
    const inParent = await allVendors("riga", `&categories=${categories.tree[0].id}`);
    expect(inParent.length).toBeGreaterThanOrEqual(inChild.length);
    const both = await allVendors("riga", `&categories=${categories.tree[0].id},${categories.tree[1].id}`);
    expect(both).toHaveLength(40);
  });

  it("keeps only vendors that deliver within the asked time", async () => {
    const all = await allVendors("riga");
    const bound = [...all].map((v) => v.maxEstimatedDeliveryDuration).sort((a, b) => a - b)[10] as number;
    const quick = await allVendors("riga", `&deliveryTime=${bound}`);
    expect(quick.length).toBeGreaterThan(0);
    expect(quick.length).toBeLessThan(all.length);
    expect(quick.every((v) => v.maxEstimatedDeliveryDuration <= bound)).toBe(true);
  });

  it("accepts the visitor's cart id", async () => {
    const { status } = await get(
      t.app,
      apiPath(endpoints.localities.vendors("riga", "cartId=2f1e4c1a-8f7b-4f7e-9a51-0c6d2f1b3e4d")),
    );
    expect(status).toBe(200);
  });
});

describe("opening hours", () => {
  it("shows the vendor closed for renovation as closed, with no next opening", async () => {
    const closed = (await allVendors("riga")).filter((v) => v.workingHours.intervals.length === 0);
    expect(closed).toHaveLength(1);
    expect(closed[0]).toMatchObject({
      working: false,
      timeAvailability: { available: false, nextAvailableAt: null },
    });
  });

  it("judges availability at a preorder time in the locality's time zone", async () => {
    const overnight = (await allVendors("riga")).find(
      (v) => v.workingHours.intervals[0]?.from === "18:00",
    ) as Vendor;
    expect(overnight.timeAvailability).toEqual({ available: false, nextAvailableAt: "2026-11-23T18:00:00" });

    const lateNight = await allVendors("riga", "&preorderDateTime=2026-11-24T02:30:00");
    const atNight = lateNight.find((v) => v.id === overnight.id) as Vendor;
    expect(atNight.timeAvailability.available).toBe(true);
    // Still closed now: `working` is about the present.
    expect(atNight.working).toBe(false);
    const regular = lateNight.find((v) => v.workingHours.intervals[0]?.from === "10:00") as Vendor;
    expect(regular.timeAvailability).toEqual({ available: false, nextAvailableAt: "2026-11-24T10:00:00" });
  });

  it("marks the takeaway-only vendor as not delivering", async () => {
    const list = await allVendors("riga");
    const takeaway = list.filter((v) => !v.receiptTypes.includes("DELIVERY"));
    expect(takeaway).toHaveLength(1);
    expect(takeaway[0]).toMatchObject({ delivery: false, receiptTypes: ["TAKEAWAY"] });
  });
});

describe("vendor details and money", () => {
  it("writes delivery time as one number or a min–max range", async () => {
    for (const vendor of await allVendors("riga")) {
      const { minEstimatedDeliveryDuration: min, maxEstimatedDeliveryDuration: max } = vendor;
      expect(vendor.estimatedDeliveryDuration).toBe(min === max ? String(min) : `${min}–${max}`);
    }
  });

  it("prices Baghdad in whole steps of 250 IQD", async () => {
    const list = await allVendors("baghdad");
    const { body } = await get(t.app, apiPath(endpoints.vendors.catalogue(list[0]!.id)));
    const prices = body.sections.flatMap((s: { products: Array<{ price: number }> }) =>
      s.products.map((p) => p.price),
    );
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((p: number) => p >= 1000 && p % 250 === 0)).toBe(true);
    expect(body.currencyCode).toBe("IQD");
  });

  it("hides a vendor that was made invisible", async () => {
    const vendor = (await allVendors("kyiv"))[0] as Vendor;
    // Written behind the API's back, so announced as an operator's tool would.
    const setVisible = async (visible: boolean) => {
      const [row] = await t.database.db
        .update(vendorTable)
        .set({ visible })
        .where(eq(vendorTable.id, vendor.id))
        .returning();
      await t.app.services.catalogueInvalidations.announce(catalogueChanges.vendorListing(row!));
    };
    await setVisible(false);
    const list = await allVendors("kyiv");
    expect(list.map((v) => v.id)).not.toContain(vendor.id);
    expect((await get(t.app, apiPath(endpoints.vendors.detail(vendor.id)))).status).toBe(404);
    await setVisible(true);
  });
});
