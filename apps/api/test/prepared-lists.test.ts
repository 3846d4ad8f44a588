// A fresh embedded database, as `npm start` opens one: PGlite learns the array types it can bind
// when it starts, before the migrations make the enums. The prepared reads bind their lists anyway
// (`isAnyOf`, decision 0179); binding the order statuses as an enum array broke every signed-in
// page's orders under way there, while the suite's databases, loaded from a dump, knew the type.
import { ORDER_STATUSES } from "@storefront/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findMenuRows } from "../src/carts/cart-menu-repository.ts";
import { type DatabaseHandle, openDatabase } from "../src/db/client.ts";
import { findOrderFacts, listOrdersOfCustomer } from "../src/orders/orders-repository.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ dataDir: null });
});
afterAll(() => database.close());

describe("the prepared reads on a fresh embedded database", () => {
  it("list a customer's orders in any statuses", async () => {
    const owner = { partnerId: 1, userId: 1 };
    expect(await listOrdersOfCustomer(database.db, owner, ORDER_STATUSES)).toEqual([]);
    expect(await listOrdersOfCustomer(database.db, owner, [])).toEqual([]);
  });

  it("read orders' facts and a cart's menu rows by lists of ids", async () => {
    const facts = await findOrderFacts(database.db, { orderIds: [1, 2], vendorIds: [1], localityIds: [1] });
    expect(facts).toEqual({ history: [], places: [], speeds: [], refunds: [], reported: [] });
    expect(await findMenuRows(database.db, { vendorIds: [1, 2], productIds: [3] })).toEqual({
      vendors: [],
      products: [],
      sections: [],
      groups: [],
      options: [],
    });
  });
});
