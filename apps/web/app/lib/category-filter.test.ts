import { describe, expect, it } from "vitest";
import type { CategoryChoices } from "./catalogue-view.ts";
import { searchWithout, unavailableCategoriesOf } from "./category-filter.ts";

const choices: CategoryChoices = {
  tree: [{ id: 1, name: "Food", children: [{ id: 11, name: "Pizza", vendorsCount: 3 }] }],
  top: [{ id: 20, name: "Sushi", image: null }],
};

describe("unavailableCategoriesOf", () => {
  it.each([
    [[], []],
    [[1, 11, 20], []],
    [[11, 99], [99]],
    [
      [98, 99],
      [98, 99],
    ],
  ])("picked %j → %j", (picked, expected) => {
    expect(unavailableCategoriesOf(picked, choices)).toEqual(expected);
  });

  it("says nothing when the categories could not be read", () => {
    expect(unavailableCategoriesOf([99], { tree: [], top: [] })).toEqual([]);
  });
});

describe("searchWithout", () => {
  it.each([
    ["?categories=99", [99], ""],
    ["?categories=11&categories=99&rating=4.5", [99], "?rating=4.5&categories=11"],
    ["?categories=11,99&page=3", [99], "?categories=11"],
  ])("%s without %j → %s", (search, without, expected) => {
    expect(searchWithout(search, without)).toBe(expected);
  });
});
