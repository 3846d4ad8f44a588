import { describe, expect, it } from "vitest";
import { accountMenu } from "./account-menu.ts";

const paths = (menu: ReturnType<typeof accountMenu>) => [...menu.first, ...menu.rest].map((e) => e.path);

describe("accountMenu", () => {
  it("lists the entries in the spec's order without cards or referral", () => {
    expect(
      paths(accountMenu({ storedCards: false, hasCards: false, referral: false, loyalty: false })),
    ).toEqual([
      "profile",
      "orders",
      "favorites",
      "address/address-list",
      "promocodes",
      "languages",
      "support",
      "about",
    ]);
  });

  it("puts cards second in the second group and referral just before about", () => {
    const menu = accountMenu({ storedCards: true, hasCards: false, referral: true, loyalty: false });
    expect(menu.rest[1]?.path).toBe("cards");
    expect(paths(menu).slice(-2)).toEqual(["referral", "about"]);
  });

  it("shows cards to a customer who has one where stored cards are not offered", () => {
    const menu = accountMenu({ storedCards: false, hasCards: true, referral: false, loyalty: false });
    expect(menu.rest.map((e) => e.path)).toContain("cards");
  });

  it("puts points just after promo codes where the city's programme runs", () => {
    const menu = accountMenu({ storedCards: false, hasCards: false, referral: false, loyalty: true });
    expect(paths(menu).slice(3, 6)).toEqual(["address/address-list", "promocodes", "points"]);
  });
});
