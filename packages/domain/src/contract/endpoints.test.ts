import { describe, expect, expectTypeOf, it } from "vitest";
import type { AddressInput } from "./customer.ts";
import {
  type AnswerOf,
  adminEndpoints,
  consoleEndpoints,
  type Endpoint,
  endpoints,
  queryOf,
} from "./endpoints.ts";
import type { CustomerOrders } from "./order.ts";

describe("endpoints", () => {
  it.each<[string, Endpoint, string, string]>([
    [
      "a vendor's catalogue",
      endpoints.vendors.catalogue(7, "?latitude=56.9"),
      "GET",
      "/vendors/7/catalogue?latitude=56.9",
    ],
    ["a vendor with no query", endpoints.vendors.detail(7), "GET", "/vendors/7"],
    ["a cart's change", endpoints.carts.update("c1"), "PUT", "/carts/c1"],
    [
      "a line's removal",
      endpoints.carts.removeProduct("v1", 3),
      "DELETE",
      "/carts/v1/products/3?idType=CART_PRODUCT",
    ],
    [
      "the nearest locality",
      endpoints.localities.nearest({ latitude: 56.9, longitude: 24.1 }),
      "GET",
      "/public/localities/nearest?lat=56.9&lng=24.1",
    ],
    [
      "the nearest locality, no point",
      endpoints.localities.nearest(null),
      "GET",
      "/public/localities/nearest",
    ],
    [
      "a locality's params, encoded",
      endpoints.localities.params("a b"),
      "GET",
      "/public/localities/a%20b/params",
    ],
    [
      "a search",
      endpoints.localities.search("riga", "pica & co"),
      "GET",
      "/public/localities/riga/vendors?size=20&searchString=pica%20%26%20co",
    ],
    [
      "payment methods of a cart",
      endpoints.customer.paymentMethods("riga", "c1"),
      "GET",
      "/customer/me/payment-methods?localityCode=riga&cartId=c1",
    ],
    [
      "payment methods of an order",
      endpoints.customer.paymentMethods("riga"),
      "GET",
      "/customer/me/payment-methods?localityCode=riga",
    ],
    [
      "a favourite removed",
      endpoints.customer.favourite("vendors", 4, false),
      "DELETE",
      "/customer/me/favourites/vendors/4",
    ],
    ["a group order's item", endpoints.groupOrders.setItemCount("t1", 9), "PUT", "/group-orders/t1/items/9"],
    [
      "a console city's settings",
      consoleEndpoints.saveCitySettings("riga"),
      "PUT",
      "/localities/riga/settings",
    ],
    ["a console vendor", consoleEndpoints.vendor(3, "lv"), "GET", "/vendors/3?locale=lv"],
    ["a partner's status", adminEndpoints.partnerStatus("a/b"), "PUT", "/partners/a%2Fb/status"],
  ])("%s", (_, built, method, path) => {
    expect(built).toEqual({ method, path });
  });

  it("builds a query of the values present only, encoded", () => {
    expect(queryOf({ page: 2, cartId: undefined, q: "a b" })).toBe("?page=2&q=a%20b");
    expect(queryOf({ page: undefined })).toBe("");
  });

  it("carries the answer's and the body's types to the clients", () => {
    expectTypeOf<AnswerOf<ReturnType<typeof endpoints.customer.orders>>>().toEqualTypeOf<CustomerOrders>();
    expectTypeOf(endpoints.customer.addAddress()).toExtend<Endpoint<{ id: number }, AddressInput>>();
  });
});
