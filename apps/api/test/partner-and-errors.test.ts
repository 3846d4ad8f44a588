import { validate } from "@readme/openapi-parser";
import { endpoints } from "@storefront/domain/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, startTestApp, type TestApp } from "./harness.ts";
import { apiPath } from "./paths.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("partner handling", () => {
  it("asks for the X-Partner-Code header", async () => {
    const response = await t.app.inject({ method: "GET", url: apiPath(endpoints.localities.list()) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      type: "PartnerCodeMissingException",
      details: [{ field: "X-Partner-Code" }],
    });
  });

  it("refuses an unknown partner", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: apiPath(endpoints.localities.list()),
      headers: { "x-partner-code": "nobody" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 400,
      type: "PartnerNotFoundException",
      message: "Unknown partner code 'nobody'",
    });
  });

  it("answers 423 for a suspended partner, telling where to go", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: apiPath(endpoints.localities.list()),
      headers: { "x-partner-code": "suspended-demo" },
    });
    expect(response.statusCode).toBe(423);
    expect(response.json()).toMatchObject({
      errorCode: "partner_suspended",
      partnerType: "DEMO",
      redirectUrl: "https://example.com/demo-ended",
    });
  });

  it("needs no partner for health, the OpenAPI document and pictures", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).json()).toEqual({ status: "ok" });
    expect((await t.app.inject({ method: "GET", url: "/api/openapi.json" })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/docs" })).statusCode).toBeLessThan(400);
  });
});

describe("bad input", () => {
  const cases: Array<[string, string, string?]> = [
    ["page zero", "/api/public/localities/riga/vendors?page=0", "page"],
    ["negative page", "/api/public/localities/riga/vendors?page=-1", "page"],
    ["page as text", "/api/public/localities/riga/vendors?page=two", "page"],
    ["huge page", "/api/public/localities/riga/vendors?page=99999999", "page"],
    ["size zero", "/api/public/localities/riga/vendors?size=0", "size"],
    ["size too big", "/api/public/localities/riga/vendors?size=1000", "size"],
    ["fractional size", "/api/public/localities/riga/vendors?size=2.5", "size"],
    ["latitude out of range", "/api/public/localities/riga/vendors?latitude=91&longitude=24", "latitude"],
    ["longitude as text", "/api/public/localities/riga/vendors?latitude=56&longitude=east", "longitude"],
    ["latitude alone", "/api/public/localities/riga/vendors?latitude=56.9", "longitude"],
    ["unknown rating bucket", "/api/public/localities/riga/vendors?rating=great", "rating"],
    ["categories not ids", "/api/public/localities/riga/vendors?categories=pizza", "categories"],
    ["categories with a gap", "/api/public/localities/riga/vendors?categories=1,,2", "categories"],
    ["cart id not a uuid", "/api/public/localities/riga/vendors?cartId=123", "cartId"],
    [
      "preorder not a date",
      "/api/public/localities/riga/vendors?preorderDateTime=tomorrow",
      "preorderDateTime",
    ],
    [
      "preorder on 30 February",
      "/api/public/localities/riga/vendors?preorderDateTime=2026-02-30T12:00:00",
      "preorderDateTime",
    ],
    ["delivery time too small", "/api/public/localities/riga/vendors?deliveryTime=1", "deliveryTime"],
    [
      "search too long",
      `/api/public/localities/riga/vendors?searchString=${"a".repeat(101)}`,
      "searchString",
    ],
    ["empty search", "/api/public/localities/riga/vendors?searchString=%20%20", "searchString"],
    ["locality code with symbols", "/api/public/localities/Ri%20ga!/params", "code"],
    ["vendor id not a number", "/api/vendors/abc", "id"],
    ["vendor id negative", "/api/vendors/-5", "id"],
    ["vendor id too big", "/api/vendors/99999999999999999999", "id"],
    ["vendor id fractional", "/api/vendors/1.5", "id"],
    ["product id zero", "/api/products/0", "id"],
    [
      "catalogue with a bad preorder",
      "/api/vendors/1/catalogue?preorderDateTime=2026-11-23T25:00:00",
      "preorderDateTime",
    ],
    ["nearest with lat out of range", "/api/public/localities/nearest?lat=-100&lng=0", "lat"],
  ];

  it.each(cases)("%s answers 400 naming the field", async (_name, url, field) => {
    const response = await t.app.inject({ method: "GET", url, headers: DEMO });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ status: 400, type: "ValidationException" });
    expect(body.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it("answers malformed JSON and wrong content types with a 4xx, not a 500", async () => {
    const event = endpoints.analyticsEvent();
    const malformed = await t.app.inject({
      method: event.method,
      url: apiPath(event),
      headers: { ...DEMO, "content-type": "application/json" },
      payload: "{ not json",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ status: 400, message: expect.any(String) });
    const wrongType = await t.app.inject({
      method: event.method,
      url: apiPath(event),
      headers: { ...DEMO, "content-type": "text/csv" },
      payload: "a,b",
    });
    expect(wrongType.statusCode).toBe(415);
    const tooMany = await t.app.inject({
      method: event.method,
      url: apiPath(event),
      headers: DEMO,
      payload: { name: "x", params: Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, i])) },
    });
    expect(tooMany.statusCode).toBe(400);
    const nested = await t.app.inject({
      method: event.method,
      url: apiPath(event),
      headers: DEMO,
      payload: { name: "x", params: { deep: { er: 1 } } },
    });
    expect(nested.statusCode).toBe(400);
  });

  it("answers an unknown route with a JSON 404", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/nothing-here", headers: DEMO });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, type: "NotFoundException" });
  });
});

describe("caching", () => {
  it("revalidates public answers by ETag", async () => {
    const first = await t.app.inject({
      method: "GET",
      url: apiPath(endpoints.localities.categories("riga")),
      headers: DEMO,
    });
    // Stored, but revalidated on every use: opening hours and prices change by the minute.
    expect(first.headers["cache-control"]).toBe("public, no-cache");
    expect(first.headers.vary).toContain("Accept-Language");
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const second = await t.app.inject({
      method: "GET",
      url: apiPath(endpoints.localities.categories("riga")),
      headers: { ...DEMO, "if-none-match": etag },
    });
    expect(second.statusCode).toBe(304);
  });
});

describe("GET /api/openapi.json", () => {
  it("documents every public route with request and response schemas", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(doc.openapi).toBe("3.1.0");
    const expected: Array<[string, string]> = [
      ["get", "/api/public/localities"],
      ["get", "/api/public/localities/nearest"],
      ["get", "/api/public/localities/{code}/params"],
      ["get", "/api/public/localities/{code}/banners"],
      ["get", "/api/public/localities/{code}/categories"],
      ["get", "/api/public/localities/{code}/vendors"],
      ["get", "/api/vendors/{id}"],
      ["get", "/api/vendors/{id}/catalogue"],
      ["get", "/api/products/{id}"],
      ["get", "/api/content-pages"],
      ["get", "/api/content-pages/{id}"],
      ["post", "/api/public/analytics/onde/event"],
      ["get", "/api/health"],
    ];
    for (const [method, path] of expected) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.responses["200"] ?? operation.responses["202"], `${method} ${path}`).toHaveProperty(
        "content",
      );
    }
    const vendorsParams = doc.paths["/api/public/localities/{code}/vendors"].get.parameters.map(
      (p: { name: string }) => p.name,
    );
    expect(vendorsParams).toEqual(
      expect.arrayContaining([
        "code",
        "page",
        "size",
        "latitude",
        "longitude",
        "categories",
        "searchString",
        "rating",
        "preorderDateTime",
        "cartId",
      ]),
    );
    expect(doc.paths["/api/public/analytics/onde/event"].post.requestBody).toBeDefined();
    expect(doc.components.securitySchemes.partnerCode).toMatchObject({
      in: "header",
      name: "X-Partner-Code",
    });
  });

  it("is a document standard tools accept: valid OpenAPI 3.1, no two paths the same template", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const checked = await validate(structuredClone(doc));
    expect(checked.valid ? [] : checked.errors.map((error) => error.message)).toEqual([]);
    // "Templated paths with the same hierarchy but different templated names MUST NOT exist".
    const shapes = Object.keys(doc.paths).map((path) => path.replaceAll(/\{[^}]+\}/g, "{}"));
    expect(shapes.filter((shape, index) => shapes.indexOf(shape) !== index)).toEqual([]);
    // The spec's two item operations share one template, each describing what the id names.
    const item = doc.paths["/api/carts/{vendorCartId}/products/{itemId}"];
    expect(Object.keys(item).sort()).toEqual(["delete", "put"]);
    const described = (method: "put" | "delete") =>
      item[method].parameters.find((p: { name: string }) => p.name === "itemId").description;
    expect(described("put")).toMatch(/cartProductId/);
    expect(described("delete")).toMatch(/productId/);
  });
});
