import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { woffToSfnt } from "./woff.ts";

const require = createRequire(import.meta.url);
const woffOf = (file: string) => fs.readFileSync(require.resolve(file));

describe("woffToSfnt", () => {
  it.each([
    "@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff",
    "@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-700-normal.woff",
  ])("unpacks %s to the TrueType font it wraps", (file) => {
    const woff = woffOf(file);
    const font = woffToSfnt(woff);
    expect(font.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    expect(font.readUInt16BE(4)).toBe(woff.readUInt16BE(12));
    // WOFF's header says how long the unpacked font is, padding included.
    expect(font.length).toBe(woff.readUInt32BE(16));
    const tags = Array.from({ length: font.readUInt16BE(4) }, (_, i) =>
      font.subarray(12 + i * 16, 16 + i * 16).toString("latin1"),
    );
    expect(tags).toEqual(expect.arrayContaining(["cmap", "glyf", "head", "hmtx", "name"]));
  });

  it("refuses what is not WOFF 1.0", () => {
    expect(() => woffToSfnt(Buffer.from("wOF2 and more bytes than that"))).toThrow(/not a WOFF/);
  });
});
