import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { LINE_ICON_SHAPES } from "../app/components/line-icon-shapes.ts";
import { LINE_ICONS_CSS, lineIconSprite, lineIconsCss } from "./line-icons.ts";

describe("the line icons' stylesheet", () => {
  it("draws every shape a screen can name", () => {
    // Out of step after a shape is added or changed: `npm run icons -w @storefront/web` writes it again.
    expect(fs.readFileSync(LINE_ICONS_CSS, "utf8")).toBe(lineIconsCss(LINE_ICON_SHAPES));
  });

  it("puts each shape in a cell of one picture, and each icon's mask on its own cell", () => {
    const css = lineIconsCss({
      a: { path: "M1 1h2" },
      b: { path: "M2 2h3", filled: true },
      c: { path: "M3 3" },
    });
    expect(css.match(/url\("data:image\/svg\+xml,/g)).toHaveLength(1);
    expect(css).toContain("viewBox='0 0 24 72'");
    expect(css).toContain("mask-size: 100% 300%;");
    expect(css).toContain(
      "%3Cpath d='M1 1h2'/%3E%3Cpath transform='translate(0 24)' fill='black' d='M2 2h3'/%3E",
    );
    expect(css.match(/\.icon-[a-z]+ \{\s+mask-position: [^;]+;/g)).toEqual([
      ".icon-a {\n    mask-position: 0 0%;",
      ".icon-b {\n    mask-position: 0 50%;",
      ".icon-c {\n    mask-position: 0 100%;",
    ]);
  });

  it("keeps every shape inside its cell of the 24px grid", () => {
    const sprite = lineIconSprite(Object.values(LINE_ICON_SHAPES));
    for (const [, path] of sprite.matchAll(/ d='([^']+)'/g)) {
      const numbers = (path ?? "").match(/-?\d*\.?\d+/g)?.map(Number) ?? [];
      // No coordinate or step past 23: a shape at the grid's far edge would show in the next cell.
      for (const value of numbers) expect(Math.abs(value)).toBeLessThanOrEqual(23);
    }
  });
});
