import { describe, expect, it } from "vitest";
import { publicPaths, searchHeaders } from "./search-addresses.server.ts";

const page = {
  status: 200,
  params: { locale: "lv", localityCode: "riga", id: "12", "*": "reviews" },
  origin: "https://shop.example",
  locale: "lv",
};

describe("searchHeaders", () => {
  it("names a vendor page's one address in its language and the same page in each of the others", () => {
    const { Link } = searchHeaders({ ...page, routeIds: ["root", "locale", "locality-vendor-id"] });
    expect(Link?.split(", ")).toEqual([
      '<https://shop.example/lv/riga/vendor/12>; rel="canonical"',
      ...["ar", "en", "es", "fr", "it", "lv", "mg", "pt", "bg", "ru", "uk"].map(
        (language) =>
          `<https://shop.example/${language}/riga/vendor/12>; rel="alternate"; hreflang="${language}"`,
      ),
      '<https://shop.example/riga/vendor/12>; rel="alternate"; hreflang="x-default"',
    ]);
  });

  it("asks that a visitor's own pages are not listed", () => {
    expect(searchHeaders({ ...page, routeIds: ["root", "locale", "cart"] })).toEqual({
      "X-Robots-Tag": "noindex",
    });
    expect(searchHeaders({ ...page, routeIds: ["root", "locale", "menu", "menu-orders"] })).toEqual({
      "X-Robots-Tag": "noindex",
    });
  });

  it("names nothing for a page that is not there or not known to be public", () => {
    expect(searchHeaders({ ...page, status: 404, routeIds: ["root", "locale", "locality"] })).toEqual({});
    expect(searchHeaders({ ...page, routeIds: ["root", "not-found"] })).toEqual({});
    expect(searchHeaders({ ...page, origin: undefined, routeIds: ["root", "locale", "locality"] })).toEqual(
      {},
    );
  });
});

describe("publicPaths", () => {
  it("lists each locality with its vendors, then support and the content pages", () => {
    expect(
      publicPaths({
        vendors: [
          { localityCode: "riga", vendorIds: [3, 7] },
          { localityCode: "kyiv", vendorIds: [] },
        ],
        contentSlugs: ["about", "terms-of-use"],
      }),
    ).toEqual([
      "/riga",
      "/riga/vendor/3",
      "/riga/vendor/7",
      "/kyiv",
      "/support",
      "/cms/about",
      "/cms/terms-of-use",
    ]);
  });
});
