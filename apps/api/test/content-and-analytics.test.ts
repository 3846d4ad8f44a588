import { type AnalyticsEvent, consoleEndpoints, endpoints } from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsEvents } from "../src/db/schema.ts";
import { consoleEndpointCall, staffSession } from "./console-helpers.ts";
import { DEMO, get, startTestApp, type TestApp } from "./harness.ts";
import { addPartner, customer } from "./order-helpers.ts";
import { apiPath } from "./paths.ts";

/** The clock of the stored events; the funnel's test moves it. */
let now = new Date("2026-11-23T12:00:00Z");
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock: () => now });
});
afterAll(() => t.close());

describe("content pages", () => {
  it("lists the operator's pages", async () => {
    const { status, body } = await get(t.app, apiPath(endpoints.contentPages()));
    expect(status).toBe(200);
    expect(body.map((p: { slug: string }) => p.slug)).toEqual(
      expect.arrayContaining(["about", "terms-of-use", "privacy-policy", "courier-info", "vendor-info"]),
    );
  });

  it("finds a page by id, by slug with or without a slash, and by a full URL", async () => {
    const { body: list } = await get(t.app, apiPath(endpoints.contentPages()));
    const about = list.find((p: { slug: string }) => p.slug === "about");
    // The builder encodes each reference as a path segment.
    const references = [String(about.pageId), "about", "/about", "https://shop.example.com/about/"];
    for (const reference of references) {
      const { status, body } = await get(t.app, apiPath(endpoints.contentPage(reference)));
      expect(status, reference).toBe(200);
      expect(body).toMatchObject({ pageId: about.pageId, slug: "about" });
      // The seed's plain paragraphs, served as HTML paragraphs.
      expect(body.body.match(/<p>/g)?.length).toBeGreaterThanOrEqual(3);
    }
  });

  it("reads the page in the reader's language where it is written, else in English", async () => {
    const arabic = await get(t.app, apiPath(endpoints.contentPage("about")), { "accept-language": "ar" });
    expect(arabic.body.lang).toBe("ar");
    expect(arabic.body.body).toMatch(/[\u0600-\u06FF]/);
    const malagasy = await get(t.app, apiPath(endpoints.contentPage("about")), { "accept-language": "mg" });
    expect(malagasy.body.lang).toBe("en");
    // Titles exist in every language.
    expect(malagasy.body.title).not.toBe(arabic.body.title);
  });

  it("answers 404 for a page that does not exist, whatever the reference looks like", async () => {
    for (const reference of ["nope", "424242", "https://x.example/%E0%A4%A"]) {
      const { status, body } = await get(t.app, apiPath(endpoints.contentPage(reference)));
      expect(status, reference).toBe(404);
      expect(body.type).toBe("ContentPageNotFoundException");
    }
  });

  it("answers a path that is not valid percent-encoding with a 400", async () => {
    const { status, body } = await get(t.app, "/api/content-pages/%E0%A4%A");
    expect(status).toBe(400);
    expect(body).toMatchObject({ status: 400, message: expect.any(String) });
  });
});

describe("POST /api/public/analytics/onde/event", () => {
  it("stores the event with its params", async () => {
    const response = await t.app.inject({
      method: endpoints.analyticsEvent().method,
      url: apiPath(endpoints.analyticsEvent()),
      headers: { ...DEMO, "user-agent": "vitest" },
      payload: { name: "view_vendor", params: { vendorId: 12, locality: "riga", logged: false } },
    });
    expect(response.statusCode).toBe(202);
    const stored = await t.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.name, "view_vendor"));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      params: { vendorId: 12, locality: "riga", logged: false },
      userAgent: "vitest",
    });
  });

  it("refuses an event without a name, naming the field", async () => {
    const response = await t.app.inject({
      method: endpoints.analyticsEvent().method,
      url: apiPath(endpoints.analyticsEvent()),
      headers: DEMO,
      payload: { params: {} },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field: "name" }));
  });
});

/** Sends a batch of events as the storefront does, for a partner (the demo's unless named). */
const sendEvents = (events: AnalyticsEvent[], headers: Record<string, string> = {}) =>
  t.app.inject({
    method: endpoints.analyticsEvents().method,
    url: apiPath(endpoints.analyticsEvents()),
    headers: { ...DEMO, ...headers },
    payload: { events },
  });
const storedNamed = (name: string) =>
  t.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.name, name));

describe("POST /api/public/analytics/onde/events", () => {
  it("stores a batch with the signed-in customer, and nobody's without a session", async () => {
    const buyer = await customer(t);
    const batch: AnalyticsEvent[] = [
      { name: "batch_signed_in", params: { visitId: "v-signed", vendorId: 3 } },
      { name: "batch_signed_in", params: { visitId: "v-signed", productId: 7 } },
    ];
    expect((await sendEvents(batch, { cookie: buyer.session })).statusCode).toBe(202);
    expect((await sendEvents([{ name: "batch_anonymous", params: {} }])).statusCode).toBe(202);
    expect((await storedNamed("batch_signed_in")).map((row) => [row.customerId, row.params])).toEqual([
      [buyer.userId, { visitId: "v-signed", vendorId: 3 }],
      [buyer.userId, { visitId: "v-signed", productId: 7 }],
    ]);
    expect((await storedNamed("batch_anonymous")).map((row) => row.customerId)).toEqual([null]);
  });

  it("stores nothing from a browser that asks not to be tracked, and answers alike", async () => {
    const optOuts: Array<Record<string, string>> = [{ "sec-gpc": "1" }, { dnt: "1" }];
    for (const header of optOuts) {
      expect((await sendEvents([{ name: "not_tracked", params: {} }], header)).statusCode).toBe(202);
      const single = await t.app.inject({
        method: endpoints.analyticsEvent().method,
        url: apiPath(endpoints.analyticsEvent()),
        headers: { ...DEMO, ...header },
        payload: { name: "not_tracked", params: {} },
      });
      expect(single.statusCode).toBe(202);
    }
    expect(await storedNamed("not_tracked")).toEqual([]);
  });

  it("refuses an empty batch and one past 20 events", async () => {
    const many = Array.from({ length: 21 }, () => ({ name: "too_many", params: {} }));
    for (const events of [[], many]) expect((await sendEvents(events)).statusCode).toBe(400);
  });
});

describe("the console's funnel", () => {
  it("counts a city's visits per step and day on the city's clock, for its own partner only", async () => {
    await addPartner(t, "other-funnel");
    const owner = await staffSession(t, "OWNER", "owner@funnel.example");
    const otherOwner = await staffSession(t, "OWNER", "owner@other-funnel.example", {
      partner: "other-funnel",
    });
    const at = (time: string) => {
      now = new Date(time);
    };
    const step = (name: string, visitId: string, localityCode = "riga") => ({
      name,
      params: { visitId, localityCode },
    });
    // Friday 20 November in Riga: visit a goes all the way, b adds to a cart, c only looks.
    at("2026-11-20T09:00:00Z");
    await sendEvents([
      step("page_view", "a"),
      step("page_view", "a"),
      step("vendor_view", "a"),
      step("add_to_cart", "a"),
      step("checkout_started", "a"),
      step("order_placed", "a"),
      step("page_view", "b"),
      step("add_to_cart", "b"),
      step("page_view", "c"),
      // Another city's visit, and a visit that names none: not Riga's.
      step("page_view", "d", "kyiv"),
      { name: "page_view", params: { localityCode: "riga" } },
    ]);
    // 23:30 UTC is 01:30 on Saturday in Riga: visit a comes back, and c opens the checkout.
    at("2026-11-20T23:30:00Z");
    await sendEvents([step("page_view", "a"), step("checkout_started", "c")]);
    // Another partner's storefront, with a city of the same code, is none of the demo's.
    await sendEvents([step("page_view", "e"), step("order_placed", "e")], {
      "x-partner-code": "other-funnel",
    });
    // Outside the period.
    at("2026-11-22T09:00:00Z");
    await sendEvents([step("page_view", "f")]);

    const period = { from: "2026-11-20", to: "2026-11-21", localityCode: "riga" };
    const { status, body } = await consoleEndpointCall(t, owner, consoleEndpoints.reportFunnel(period));
    expect(status).toBe(200);
    expect(body.days).toEqual([
      { date: "2026-11-20", visits: 3, carts: 2, checkouts: 1, orders: 1 },
      { date: "2026-11-21", visits: 1, carts: 0, checkouts: 1, orders: 0 },
    ]);
    // Visit a of both days is one visit of the period.
    expect(body.totals).toEqual({ visits: 3, carts: 2, checkouts: 2, orders: 1 });
    expect(body.stepRates).toEqual({ carts: 2 / 3, checkouts: 1, orders: 0.5 });
    expect(body.conversion).toBe(1 / 3);

    // The other partner has no Riga of its own: its owner is told there is none.
    const other = await consoleEndpointCall(t, otherOwner, consoleEndpoints.reportFunnel(period));
    expect(other.status).toBe(404);
  });
});
