import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { DIETARY_ICONS } from "../app/components/dietary-icon-names.ts";
import { DIETARY_SPRITE, iconSprite } from "./icon-sprite.ts";

describe("the dietary icons' sprite", () => {
  it("holds every icon the storefront names, drawn as Lucide draws it", async () => {
    // Out of step after a Lucide update or a new icon: `npm run icons -w @storefront/web` writes it again.
    expect(fs.readFileSync(DIETARY_SPRITE, "utf8")).toBe(await iconSprite(DIETARY_ICONS));
  });

  it("gives each icon a symbol of its own, with Lucide's shapes and no React keys", async () => {
    const sprite = await iconSprite(["wheat", "egg"]);
    expect(sprite.match(/<symbol id="[\w-]+" viewBox="0 0 24 24">/g)).toEqual([
      '<symbol id="wheat" viewBox="0 0 24 24">',
      '<symbol id="egg" viewBox="0 0 24 24">',
    ]);
    expect(sprite).toContain('<path d="M2 22 16 8"/>');
    expect(sprite).not.toContain("key=");
  });
});
