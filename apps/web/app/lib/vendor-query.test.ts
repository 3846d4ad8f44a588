import { describe, expect, it } from "vitest";
import {
  cartTimeOf,
  countFilters,
  filtersOf,
  NO_CART_TIME,
  vendorApiQuery,
  vendorsApiQuery,
} from "./vendor-query.ts";

describe("filtersOf", () => {
  it("reads categories from repeated and comma-separated values", () => {
    const filters = filtersOf(
      new URLSearchParams("categories=3,4&categories=7&categories=x&rating=best&deliveryTime=45"),
    );
    expect(filters).toEqual({ categories: [3, 4, 7], rating: "best", deliveryTime: 45 });
    expect(countFilters(filters)).toBe(5);
  });

  it("ignores values that are not filters", () => {
    expect(filtersOf(new URLSearchParams("rating=great&deliveryTime=17&categories=-1"))).toEqual({
      categories: [],
      rating: null,
      deliveryTime: null,
    });
  });
});

describe("vendorsApiQuery", () => {
  it("asks the API for the page with the filters and the point", () => {
    const query = vendorsApiQuery(
      { categories: [1, 2], rating: "the-best", deliveryTime: 30 },
      { latitude: 56.95, longitude: 24.1 },
      { page: 2, size: 12 },
    );
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      page: "2",
      size: "12",
      categories: "1,2",
      rating: "the-best",
      deliveryTime: "30",
      latitude: "56.95",
      longitude: "24.1",
    });
  });
});

describe("the cart's time in the catalogue's reads", () => {
  const cart = { cartId: "4f7d6a52-8a1c-4a55-9d3e-1b2c3d4e5f60", preorderDateTime: "2026-11-25T12:00:00Z" };

  it("sends the cart's id and preorder time without the trailing Z to the vendor list", () => {
    const query = vendorsApiQuery(
      { categories: [], rating: null, deliveryTime: null },
      null,
      { page: 1, size: 12 },
      cartTimeOf(cart),
    );
    expect(query).toBe(`page=1&size=12&cartId=${cart.cartId}&preorderDateTime=2026-11-25T12%3A00%3A00`);
  });

  it("sends the preorder time, not the cart id, to a vendor's reads", () => {
    expect(vendorApiQuery({ latitude: 56.95, longitude: 24.1 }, cartTimeOf(cart))).toBe(
      "?latitude=56.95&longitude=24.1&preorderDateTime=2026-11-25T12%3A00%3A00",
    );
  });

  it("sends nothing of an as-soon-as-possible cart's time, nor of no cart", () => {
    expect(vendorApiQuery(null, cartTimeOf({ ...cart, preorderDateTime: null }))).toBe("");
    expect(cartTimeOf(null)).toEqual(NO_CART_TIME);
    expect(vendorApiQuery(null, cartTimeOf(undefined))).toBe("");
  });
});
