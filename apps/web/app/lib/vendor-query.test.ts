import { describe, expect, it } from "vitest";
import { countFilters, filtersOf, vendorsApiQuery } from "./vendor-query.ts";

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
