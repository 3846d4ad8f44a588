import { consoleEndpoints, endpoints } from "@storefront/domain/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleEndpointCall, staffSession } from "./console-helpers.ts";
import { get, startTestApp, type TestApp } from "./harness.ts";
import { apiPath } from "./paths.ts";

let t: TestApp;
const staff = { owner: "", manager: "", dispatcher: "" };

/** What the storefront reads of a city, in English. */
const params = async (code = "riga") =>
  (await get(t.app, apiPath(endpoints.localities.params(code)), { "accept-language": "en" })).body;

/** The city's settings as the console shows them, with the changes given (the name and code left out). */
async function settingsWith(change: Record<string, unknown>, code = "riga") {
  const { body } = await consoleEndpointCall(t, staff.owner, consoleEndpoints.citySettings(code));
  const { code: _code, name: _name, ...settings } = body;
  return { ...settings, ...change };
}

beforeAll(async () => {
  t = await startTestApp({ now: new Date("2026-11-27T12:00:00Z") });
  staff.owner = await staffSession(t, "OWNER", "owner@cities.example");
  staff.manager = await staffSession(t, "MANAGER", "manager@cities.example");
  staff.dispatcher = await staffSession(t, "DISPATCHER", "dispatch@cities.example");
});
afterAll(() => t.close());

describe("a city's ordering settings in the console", () => {
  it("show what the storefront uses, the defaults included", async () => {
    const shown = await consoleEndpointCall(t, staff.manager, consoleEndpoints.citySettings("riga"));
    expect(shown.status).toBe(200);
    const storefront = await params();
    expect(shown.body).toMatchObject({
      code: "riga",
      lang: storefront.locale.lang,
      currencyCode: storefront.locale.currencyCode,
      minOrderPrice: storefront.delivery.minOrderPrice,
      receiptTypes: storefront.delivery.receiptTypes,
      paymentTypes: storefront.paymentOptions.paymentTypes,
      tips: {
        enabled: storefront.tipSettings.enabled,
        max: storefront.tipSettings.tipMax,
        values: storefront.tipSettings.tipValues,
      },
    });
  });

  it("are changed by a manager, shown on the storefront's next read and audited", async () => {
    const before = await params();
    const draft = await settingsWith({
      minOrderPrice: 12.5,
      preorderDays: 3,
      receiptTypes: ["DELIVERY", "TAKEAWAY"],
      paymentTypes: ["CASH", "ONLINE"],
      showStoredCards: true,
      maxCashOrder: 150,
      tips: { enabled: true, max: 30, step: 0.5, values: [5, 1.5, 3] },
      referral: {
        enabled: true,
        discountDescription: { en: "A fifth off your first order", lv: "  " },
        bonusDescription: { en: "A tenth back to the friend who invited you" },
      },
    });
    const saved = await consoleEndpointCall(
      t,
      staff.manager,
      consoleEndpoints.saveCitySettings("riga"),
      draft,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const after = await params();
    expect(after.delivery).toMatchObject({
      minOrderPrice: 12.5,
      preOrderPeriod: { type: "DAYS", value: 3 },
      receiptTypes: ["DELIVERY", "TAKEAWAY"],
    });
    expect(after.paymentOptions).toMatchObject({ paymentTypes: ["CASH", "ONLINE"], showStoredCards: true });
    expect(after.tipSettings).toEqual({ enabled: true, tipMax: 30, tipStep: 0.5, tipValues: [1.5, 3, 5] });
    expect(after.referralProgramSettings).toMatchObject({
      enabled: true,
      discountConfig: { promocodeConfig: { description: "A fifth off your first order" } },
    });
    expect(before.delivery.minOrderPrice).not.toBe(12.5);
    // Every vendor of the city says the minimum its cart will ask.
    const { body: vendors } = await get(t.app, apiPath(endpoints.localities.vendors("riga", "")));
    const minimums = (vendors.content ?? vendors).map(
      (vendor: { minOrderPrice: number }) => vendor.minOrderPrice,
    );
    expect(minimums.length).toBeGreaterThan(0);
    for (const minimum of minimums) expect(minimum).toBeGreaterThanOrEqual(12.5);

    const log = await consoleEndpointCall(t, staff.owner, consoleEndpoints.audit(5, null));
    expect(log.body.entries[0]).toMatchObject({
      action: "locality.settings",
      before: expect.objectContaining({ minOrderPrice: before.delivery.minOrderPrice }),
      after: expect.objectContaining({ minOrderPrice: 12.5, preorderDays: 3 }),
    });

    // Preorder switched off again: the storefront offers only "as soon as possible".
    const off = await settingsWith({ preorderDays: 0 });
    expect(
      (await consoleEndpointCall(t, staff.manager, consoleEndpoints.saveCitySettings("riga"), off)).status,
    ).toBe(200);
    expect((await params()).delivery.preOrderPeriod.type).toBe("NONE");
  });

  it("take a new currency, its amounts read in it", async () => {
    const draft = await settingsWith({ currencyCode: "usd", minOrderPrice: 9.99 });
    const saved = await consoleEndpointCall(t, staff.owner, consoleEndpoints.saveCitySettings("riga"), draft);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ currencyCode: "USD", minOrderPrice: 9.99 });
    const after = await params();
    expect(after.locale).toMatchObject({ currencyCode: "USD", currencySymbol: "US$" });
    expect(after.delivery.minOrderPrice).toBe(9.99);
  });

  it.each([
    ["an unknown currency", { currencyCode: "ABC" }, "currencyCode", "UNKNOWN_CURRENCY"],
    ["a minimum in fractions of a cent", { minOrderPrice: 1.005 }, "minOrderPrice", "NOT_WHOLE_MINOR_UNITS"],
    ["neither delivery nor takeaway", { receiptTypes: [] }, "receiptTypes", undefined],
    ["no way to pay", { paymentTypes: [] }, "paymentTypes", undefined],
    ["preorder a month ahead", { preorderDays: 30 }, "preorderDays", undefined],
    ["couriers faster than any in town", { courierKmh: 200 }, "courierKmh", undefined],
    [
      "a tip offered over the largest tip",
      { tips: { enabled: true, max: 10, step: 1, values: [5, 20] } },
      "tips.values.1",
      "TIP_OVER_MAX",
    ],
    [
      "a tip off the step",
      { tips: { enabled: true, max: 10, step: 2, values: [3] } },
      "tips.values.0",
      "TIP_OFF_STEP",
    ],
    [
      "a delivery price rounded to nothing",
      { delivery: { includedKm: 2, perKm: 0.5, step: 0 } },
      "delivery.step",
      "ZERO_STEP",
    ],
  ])("refuse %s with a 400 naming the field", async (_, change, field, errorCode) => {
    const before = await params();
    const refused = await consoleEndpointCall(
      t,
      staff.owner,
      consoleEndpoints.saveCitySettings("riga"),
      await settingsWith(change),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.details?.[0]?.field).toBe(field);
    if (errorCode) expect(refused.body.errorCode).toBe(errorCode);
    expect(await params()).toEqual(before);
  });

  it("are not a dispatcher's to read or change, and another partner's city is not found", async () => {
    const draft = await settingsWith({ minOrderPrice: 1 });
    expect(
      (await consoleEndpointCall(t, staff.dispatcher, consoleEndpoints.citySettings("riga"))).status,
    ).toBe(403);
    expect(
      (await consoleEndpointCall(t, staff.dispatcher, consoleEndpoints.saveCitySettings("riga"), draft))
        .status,
    ).toBe(403);
    expect((await consoleEndpointCall(t, staff.owner, consoleEndpoints.citySettings("nowhere"))).status).toBe(
      404,
    );
  });
});

describe("a new city from the console", () => {
  const TALLINN = {
    code: "tallinn",
    name: "Tallinn",
    lang: "en",
    currencyCode: "EUR",
    countryCode: "EE",
    timeZone: "Europe/Tallinn",
    center: { latitude: 59.437, longitude: 24.7536 },
    radiusKm: 6,
  };

  it("is listed by the storefront at once, empty, with its round zone and default settings", async () => {
    const made = await consoleEndpointCall(t, staff.manager, consoleEndpoints.addLocality(), TALLINN);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ code: "tallinn", name: "Tallinn", currencyCode: "EUR" });
    expect(made.body.zone.length).toBeGreaterThan(8);
    const listed = await get(t.app, apiPath(endpoints.localities.list()));
    expect(listed.body.map((city: { code: string }) => city.code)).toContain("tallinn");
    expect((await get(t.app, apiPath(endpoints.localities.vendors("tallinn", "")))).body.content).toEqual([]);
    const settings = await consoleEndpointCall(t, staff.manager, consoleEndpoints.citySettings("tallinn"));
    expect(settings.body).toMatchObject({ lang: "en", currencyCode: "EUR", preorderDays: 0 });
  });

  it.each([
    ["a code the partner has", { code: "riga" }, 409, "code"],
    ["a code with spaces", { code: "new city" }, 400, "code"],
    ["an unknown time zone", { timeZone: "Europe/Atlantis" }, 400, "timeZone"],
    ["a centre off the Earth", { center: { latitude: 91, longitude: 0 } }, 400, "center.latitude"],
  ])("refuses %s, naming the field", async (_, change, status, field) => {
    const refused = await consoleEndpointCall(t, staff.manager, consoleEndpoints.addLocality(), {
      ...TALLINN,
      code: "other-city",
      ...change,
    });
    expect(refused.status).toBe(status);
    expect(refused.body.details?.[0]?.field).toBe(field);
  });

  it("is not a dispatcher's to add", async () => {
    expect(
      (
        await consoleEndpointCall(t, staff.dispatcher, consoleEndpoints.addLocality(), {
          ...TALLINN,
          code: "x-city",
        })
      ).status,
    ).toBe(403);
  });
});
