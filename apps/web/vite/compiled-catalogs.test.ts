// The storefront's catalogues, through the plugin as its build has it (vitest.config.ts).
import { catalogues } from "virtual:catalogs";
import { SUPPORTED_LOCALES } from "@storefront/domain";
import { describe, expect, it } from "vitest";

describe("virtual:catalogs", () => {
  it("loads every supported language's compiled messages, each its own", async () => {
    expect(Object.keys(catalogues).sort()).toEqual([...SUPPORTED_LOCALES].sort());
    const { default: english } = await catalogues.en();
    const { default: arabic } = await catalogues.ar();
    expect(Object.keys(arabic).sort()).toEqual(Object.keys(english).sort());
    // Compiled, not the JSON text: a value is a tree, and Arabic isolates its values.
    expect(english["cart.title"]).toEqual(["Cart"]);
    expect(JSON.stringify(arabic)).toContain("\u2068");
  });
});
