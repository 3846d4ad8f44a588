import { endpoints } from "@storefront/domain/contract";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localities as localityTable, products, vendors } from "../src/db/schema.ts";
import { LocalMediaStore } from "../src/media/local-media-store.ts";
import { seedDemoData } from "../src/seed/seed.ts";
import { DEMO_SECRETS, get, startTestApp, TEST_MEDIA_DIR, type TestApp } from "./harness.ts";
import { apiPath } from "./paths.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("GET /api/public/localities", () => {
  it("lists the demo localities in three countries and currencies", async () => {
    const { status, body } = await get(t.app, apiPath(endpoints.localities.list()));
    expect(status).toBe(200);
    expect(body.map((l: { code: string }) => l.code)).toEqual(["riga", "kyiv", "baghdad"]);
    expect(body.map((l: { currencyCode: string }) => l.currencyCode)).toEqual(["EUR", "UAH", "IQD"]);
    const baghdad = body.find((l: { code: string }) => l.code === "baghdad");
    expect(baghdad).toMatchObject({ lang: "ar", countryCode: "IQ", timeZone: "Asia/Baghdad" });
  });

  it("names localities in the reader's language", async () => {
    const { body } = await get(t.app, apiPath(endpoints.localities.list()), { "accept-language": "uk" });
    const kyiv = body.find((l: { code: string }) => l.code === "kyiv");
    expect(kyiv.name).toBe("Київ");
  });
});

describe("GET /api/public/localities/nearest", () => {
  it("finds the locality whose delivery zone holds the point", async () => {
    const { status, body } = await get(
      t.app,
      apiPath(endpoints.localities.nearest({ latitude: 50.4501, longitude: 30.5234 })),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: "kyiv", insideDeliveryZone: true });
  });

  it("falls back to the closest locality for a point outside every zone", async () => {
    // Basra is far outside Baghdad's zone, and much closer to it than to Riga or Kyiv.
    const { body } = await get(
      t.app,
      apiPath(endpoints.localities.nearest({ latitude: 30.5081, longitude: 47.7835 })),
    );
    expect(body).toMatchObject({ code: "baghdad", insideDeliveryZone: false });
    expect(body.distanceKm).toBeGreaterThan(400);
  });

  it("gives the partner's default locality without a point", async () => {
    const { body } = await get(t.app, apiPath(endpoints.localities.nearest(null)));
    expect(body).toMatchObject({ code: "riga", distanceKm: null });
  });

  it("wants both coordinates", async () => {
    const { status, body } = await get(t.app, "/api/public/localities/nearest?lat=50.45");
    expect(status).toBe(400);
    expect(body.details).toContainEqual(expect.objectContaining({ field: "lng" }));
  });
});

describe("GET /api/public/localities/{code}/params", () => {
  it("gives locale, contacts, delivery, payment, tips and sign-in settings", async () => {
    const { status, body } = await get(t.app, apiPath(endpoints.localities.params("baghdad")));
    expect(status).toBe(200);
    expect(body.locale).toMatchObject({ lang: "ar", currencyCode: "IQD", countryCode: "IQ" });
    expect(body.publicInfo.platformName).toBe("Dostavka");
    expect(body.contacts.forClients.phone).toMatch(/^\+\d+$/);
    expect(body.contacts.forClients.workingHours.intervals).toHaveLength(7);
    expect(body.delivery.receiptTypes).toEqual(["DELIVERY", "TAKEAWAY"]);
    expect(body.delivery.deliveryZone.length).toBeGreaterThanOrEqual(3);
    // The zone is sent as [longitude, latitude]: Baghdad lies near 44°E, 33°N.
    const [lng, lat] = body.delivery.deliveryZone[0];
    expect(lng).toBeGreaterThan(44);
    expect(lat).toBeLessThan(34);
    expect(body.paymentOptions.paymentTypes).toEqual(["CASH", "ONLINE"]);
    expect(body.customerAuthOtpProvider).toBe("INTERNAL");
    expect(body.delivery.maxVendorsPerCart).toBe(3);
  });

  it("fills the spec's defaults for what a locality leaves unset", async () => {
    const [riga] = await t.database.db.select().from(localityTable).limit(1);
    await t.database.db.insert(localityTable).values({
      partnerId: riga!.partnerId,
      code: "bare",
      name: { en: "Bare town" },
      timeZone: "Europe/Riga",
      currencyCode: "EUR",
      countryCode: "LV",
      lang: "lv",
      deliveryZone: [
        [24, 56],
        [24.1, 56],
        [24.1, 56.1],
      ],
      centerLatitude: 56.05,
      centerLongitude: 24.05,
      params: {},
    });
    const { status, body } = await get(t.app, apiPath(endpoints.localities.params("bare")));
    expect(status).toBe(200);
    expect(body.delivery).toMatchObject({
      minOrderPrice: 0,
      receiptTypes: ["DELIVERY"],
      preOrderPeriod: { type: "NONE", value: 4 },
    });
    expect(body.tipSettings).toEqual({ enabled: false, tipMax: 1000, tipStep: 1, tipValues: [1, 5, 10] });
    expect(body.customerAuthOtpProvider).toBe("INTERNAL");
    expect(body.referralProgramSettings.enabled).toBe(false);
  });

  it("answers an unknown locality with the spec's message", async () => {
    const { status, body } = await get(t.app, apiPath(endpoints.localities.params("atlantis")));
    expect(status).toBe(404);
    expect(body).toMatchObject({
      status: 404,
      type: "LocalityNotFoundException",
      message: "Unable to find the locality for this URL",
    });
  });
});

describe("banners and categories", () => {
  it("lists banners on the top spot, linking to vendors", async () => {
    const { status, body } = await get(t.app, apiPath(endpoints.localities.banners("riga")));
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThanOrEqual(3);
    for (const banner of body) {
      expect(banner.spot).toBe("top");
      expect(banner.title.length).toBeGreaterThan(3);
      expect(banner.vendorId).toEqual(expect.any(Number));
      expect(banner.image.variants.length).toBeGreaterThan(0);
    }
  });

  it("gives a category tree and a top list, each with vendors", async () => {
    const { status, body } = await get(t.app, apiPath(endpoints.localities.categories("riga")));
    expect(status).toBe(200);
    expect(body.tree.length).toBeGreaterThanOrEqual(2);
    for (const parent of body.tree) {
      expect(parent.children.length).toBeGreaterThan(0);
      const sum = parent.children.reduce((n: number, c: { vendorsCount: number }) => n + c.vendorsCount, 0);
      expect(parent.vendorsCount).toBeGreaterThanOrEqual(sum);
    }
    expect(body.top.length).toBeGreaterThanOrEqual(4);
    expect(body.top.every((c: { vendorsCount: number }) => c.vendorsCount > 0)).toBe(true);
  });

  it("names categories in the reader's language", async () => {
    const english = await get(t.app, apiPath(endpoints.localities.categories("baghdad")), {
      "accept-language": "en",
    });
    const arabic = await get(t.app, apiPath(endpoints.localities.categories("baghdad")), {
      "accept-language": "ar",
    });
    expect(english.body.tree[0].name).toMatch(/^[A-Za-z &]+$/);
    expect(arabic.body.tree[0].name).toMatch(/[\u0600-\u06FF]/);
  });
});

describe("demo data", () => {
  it("is seeded once: a second seed leaves the database as it was", async () => {
    const counts = async () => {
      const [v] = await t.database.db.select({ n: count() }).from(vendors);
      const [p] = await t.database.db.select({ n: count() }).from(products);
      return [v?.n, p?.n];
    };
    const before = await counts();
    const media = new LocalMediaStore(TEST_MEDIA_DIR);
    expect(await seedDemoData(t.database.db, { media, secrets: DEMO_SECRETS })).toBe(false);
    expect(await counts()).toEqual(before);
    // The demo partner's 68 vendors and its second brand's 6 in Lisbon.
    expect(before[0]).toBe(74);
  });
});
