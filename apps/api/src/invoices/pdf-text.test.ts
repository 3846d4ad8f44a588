import { describe, expect, it } from "vitest";
import { faceFor, parseUnicodeRanges } from "./invoice-fonts.ts";
import { visualRuns } from "./pdf-text.ts";

const LATIN = "noto-sans-latin-regular";
const LATIN_EXT = "noto-sans-latin-ext-regular";
const ARABIC = "noto-sans-arabic-arabic-regular";

const texts = (line: string, direction: "ltr" | "rtl" | "auto") =>
  visualRuns(line, direction, "regular").map((run) => [run.face, run.text]);

describe("visualRuns", () => {
  it("keeps a left-to-right line in one run per face", () => {
    expect(texts("Total 12", "ltr")).toEqual([[LATIN, "Total 12"]]);
    expect(texts("Rīga 1", "ltr")).toEqual([
      [LATIN, "R"],
      [LATIN_EXT, "ī"],
      [LATIN, "ga 1"],
    ]);
  });

  it("orders Arabic words from the right, each word in logical order for fontkit to shape", () => {
    expect(texts("رقم الطلب", "rtl")).toEqual([
      [ARABIC, "الطلب"],
      [LATIN, " "],
      [ARABIC, "رقم"],
    ]);
  });

  it("keeps numbers and Latin words left to right inside Arabic, and mirrors brackets", () => {
    expect(texts("فاتورة DEMO-000123 (طلب)", "rtl")).toEqual([
      [LATIN, "("],
      [ARABIC, "طلب"],
      [LATIN, ") "],
      [LATIN, "DEMO-000123"],
      [LATIN, " "],
      [ARABIC, "فاتورة"],
    ]);
    expect(texts("المجموع: 12,500", "rtl")).toEqual([
      [LATIN, "12,500"],
      [LATIN, " :"],
      [ARABIC, "المجموع"],
    ]);
  });

  it("drops direction marks and isolates once they have ordered the text", () => {
    expect(texts("\u2066+371 20 000 000\u2069", "rtl")).toEqual([[LATIN, "+371 20 000 000"]]);
    // The right-to-left mark makes the amount Arabic: the sign stands to the left of the number.
    expect(texts("\u200F25.75 €", "auto")).toEqual([
      [LATIN, "€ "],
      [LATIN, "25.75"],
    ]);
  });

  it("takes the direction of the first strong letter when asked to", () => {
    expect(texts("Sushi Sakura", "auto")).toEqual([[LATIN, "Sushi Sakura"]]);
    expect(texts("خبز 2", "auto")).toEqual([
      [LATIN, "2"],
      [LATIN, " "],
      [ARABIC, "خبز"],
    ]);
  });
});

describe("the font faces", () => {
  it("reads Fontsource's unicode ranges", () => {
    expect(parseUnicodeRanges("U+0000-00FF,U+0131, U+20AC")).toEqual([
      [0, 0xff],
      [0x131, 0x131],
      [0x20ac, 0x20ac],
    ]);
  });

  it("covers Latin, Latvian, Cyrillic, Greek and Arabic with Noto faces", () => {
    expect(faceFor("a".codePointAt(0) as number, "bold")).toBe("noto-sans-latin-bold");
    expect(faceFor("ņ".codePointAt(0) as number, "regular")).toBe(LATIN_EXT);
    expect(faceFor("ї".codePointAt(0) as number, "regular")).toBe("noto-sans-cyrillic-regular");
    expect(faceFor("λ".codePointAt(0) as number, "regular")).toBe("noto-sans-greek-regular");
    expect(faceFor("ع".codePointAt(0) as number, "regular")).toBe(ARABIC);
  });
});
