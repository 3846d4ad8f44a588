import { describe, expect, it } from "vitest";
import { isLocalityPage, isStorefrontPage, offlineCopyKey } from "./offline-pages.ts";

const at = (path: string) => new URL(path, "https://shop.example");

describe("the pages kept for offline browsing", () => {
  it("are a locality's vendors and a vendor's menu, without the query", () => {
    expect(offlineCopyKey(at("/en/riga"))).toBe("https://shop.example/en/riga");
    expect(offlineCopyKey(at("/ar/riga/"))).toBe("https://shop.example/ar/riga");
    expect(offlineCopyKey(at("/lv/riga/vendor/7?modal=ProductModal&product=3"))).toBe(
      "https://shop.example/lv/riga/vendor/7",
    );
    expect(offlineCopyKey(at("/en/riga/vendor/7?group=abcdefghijklmnopqrstuv"))).toBe(
      "https://shop.example/en/riga/vendor/7",
    );
  });

  it("are never the personal pages: cart, account, orders, addresses", () => {
    for (const path of [
      "/en/cart",
      "/en/menu",
      "/en/menu/orders/5/status",
      "/en/menu/address/address-list",
      "/en/address",
      "/en/support",
      "/en/cms/about",
      "/en",
      "/",
      "/api/vendors/7",
      "/console/en/orders",
      "/xx/riga",
      "/en/riga/vendor/abc",
      "/en/riga/vendor/7/reviews",
    ]) {
      expect(offlineCopyKey(at(path)), path).toBeNull();
    }
  });

  it("tells a locality's page from a menu", () => {
    expect(isLocalityPage("https://shop.example/en/riga")).toBe(true);
    expect(isLocalityPage("https://shop.example/en/riga/vendor/7")).toBe(false);
  });
});

describe("the pages the worker answers offline", () => {
  it("are the storefront's, in its languages, not the API's or the console's", () => {
    expect(isStorefrontPage("/")).toBe(true);
    expect(isStorefrontPage("/uk/menu/orders")).toBe(true);
    expect(isStorefrontPage("/api/carts")).toBe(false);
    expect(isStorefrontPage("/console/en/orders")).toBe(false);
    expect(isStorefrontPage("/manifest.webmanifest")).toBe(false);
  });
});
