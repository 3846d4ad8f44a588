import { endpoints } from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsEvents } from "../src/db/schema.ts";
import { DEMO, get, startTestApp, type TestApp } from "./harness.ts";
import { apiPath } from "./paths.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
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
