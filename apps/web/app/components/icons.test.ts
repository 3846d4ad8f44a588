import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ICON_NAMES } from "./icons.tsx";

const stylesheet = readFileSync(new URL("../line-icons.css", import.meta.url), "utf8");

describe("line icons", () => {
  it("has a shape in the stylesheet for every icon a screen can name, and none besides", () => {
    const drawn = [...stylesheet.matchAll(/^\s*\.icon-([a-z-]+)\s*\{/gm)].map((rule) => rule[1]);
    expect(drawn.toSorted()).toEqual([...ICON_NAMES].toSorted());
  });

  it("draws each shape as an SVG path on the 24px grid the stylesheet can read", () => {
    const shapes = [...stylesheet.matchAll(/--icon: url\("data:image\/svg\+xml,([^"]+)"\);/g)];
    expect(shapes).toHaveLength(ICON_NAMES.length);
    for (const [, svg] of shapes) {
      expect(svg).toMatch(/^%3Csvg xmlns='http:\/\/www\.w3\.org\/2000\/svg' viewBox='0 0 24 24' /);
      expect(svg).toMatch(/%3Cpath d='[^'<>#]+'\/%3E%3C\/svg%3E$/);
    }
  });
});
