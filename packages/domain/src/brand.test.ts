import { describe, expect, it } from "vitest";
import { brandContrast } from "./brand.ts";

describe("brandContrast", () => {
  it.each([
    ["the demo's orange", "#f97316", true],
    ["a blue", "#2563eb", true],
    ["a green", "#16a34a", true],
    ["near black", "#111111", true],
    ["yellow, too light even darkened", "#ffff00", false],
    ["a pastel pink", "#ffd1dc", false],
    ["white", "#ffffff", false],
  ])("%s (%s) reads: %s", (_, colour, readable) => {
    expect(brandContrast(colour).readable).toBe(readable);
  });

  it("shows the colour darker, as the storefront's buttons do", () => {
    const orange = brandContrast("#f97316");
    expect(orange.shown).toMatch(/^#c1[34]\w00$/);
    expect(orange.buttonText).toBeGreaterThanOrEqual(4.5);
    expect(orange.onPage).toBeLessThan(orange.buttonText);
  });

  it("rounds ratios down, so a colour just under the line is not passed", () => {
    const { buttonText, onPage } = brandContrast("#2563eb");
    expect(buttonText * 100).toBe(Math.floor(buttonText * 100));
    expect(onPage * 100).toBe(Math.floor(onPage * 100));
  });
});
