import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  calculateDeliveryPrice,
  estimateDeliveryMinutes,
  formatMinutesRange,
  roundDeliveryMinutes,
} from "./delivery.ts";
import { distanceKm, isPointInPolygon } from "./geo.ts";
import { chooseImageVariant } from "./image.ts";
import { localeFromAcceptLanguage, localeFromTag, pickText } from "./locales.ts";
import { currencySymbol, minorDigits, roundToStep, toMajorUnits, toMinorUnits } from "./money.ts";
import { isInRatingBucket } from "./rating.ts";

describe("money", () => {
  it.each([
    ["EUR", 12.5, 1250],
    ["UAH", 349.99, 34999],
    ["IQD", 12000, 12_000_000],
    ["IQD", 0.125, 125],
  ])("%s %d is %d minor units and back", (currency, major, minor) => {
    expect(toMinorUnits(major, currency)).toBe(minor);
    expect(toMajorUnits(minor, currency)).toBe(major);
  });

  it("gives IQD three decimals as ISO 4217 does", () => {
    expect(minorDigits("IQD")).toBe(3);
    expect(minorDigits("EUR")).toBe(2);
  });

  it("rounds to a price step", () => {
    expect(roundToStep(12_130, 250)).toBe(12_250);
    expect(roundToStep(12_120, 250)).toBe(12_000);
  });

  it("names the currency symbol a reader expects", () => {
    expect(currencySymbol("EUR", "lv-LV")).toBe("€");
    expect(currencySymbol("UAH", "uk-UA")).toBe("₴");
  });
});

describe("geo", () => {
  const square = [
    { latitude: 0, longitude: 0 },
    { latitude: 0, longitude: 10 },
    { latitude: 10, longitude: 10 },
    { latitude: 10, longitude: 0 },
  ];

  it("tells inside from outside", () => {
    expect(isPointInPolygon({ latitude: 5, longitude: 5 }, square)).toBe(true);
    expect(isPointInPolygon({ latitude: 5, longitude: 11 }, square)).toBe(false);
    expect(isPointInPolygon({ latitude: -1, longitude: 5 }, square)).toBe(false);
  });

  it("measures Riga to Kyiv as about 836 km", () => {
    const km = distanceKm(
      { latitude: 56.9496, longitude: 24.1052 },
      { latitude: 50.4501, longitude: 30.5234 },
    );
    expect(km).toBeGreaterThan(825);
    expect(km).toBeLessThan(845);
  });
});

describe("delivery", () => {
  const pricing = { includedKm: 2, perKmMinor: 40, stepMinor: 10 };

  it("charges the base fee inside the included distance", () => {
    expect(calculateDeliveryPrice({ baseFeeMinor: 199, distanceKm: 1.5, pricing })).toBe(200);
    expect(calculateDeliveryPrice({ baseFeeMinor: 0, distanceKm: null, pricing })).toBe(0);
  });

  it("adds each started kilometre past it", () => {
    expect(calculateDeliveryPrice({ baseFeeMinor: 200, distanceKm: 4.2, pricing })).toBe(200 + 3 * 40);
  });

  it("never charges less for a longer ride, nor less than the base fee", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.double({ min: 0, max: 50, noNaN: true }),
        fc.double({ min: 0, max: 50, noNaN: true }),
        (base, a, b) => {
          const [near, far] = a <= b ? [a, b] : [b, a];
          const priceNear = calculateDeliveryPrice({ baseFeeMinor: base, distanceKm: near, pricing });
          const priceFar = calculateDeliveryPrice({ baseFeeMinor: base, distanceKm: far, pricing });
          return priceNear >= base && priceFar >= priceNear;
        },
      ),
    );
  });

  it("estimates longer for farther customers, in five-minute steps", () => {
    const near = estimateDeliveryMinutes({ cookingMinutes: [15, 25], distanceKm: 1 });
    const far = estimateDeliveryMinutes({ cookingMinutes: [15, 25], distanceKm: 9 });
    expect(far.min).toBeGreaterThan(near.min);
    expect(near.min % 5).toBe(0);
    expect(near.max).toBeGreaterThanOrEqual(near.min);
  });

  it("writes one number when both ends match", () => {
    expect(formatMinutesRange(30, 30)).toBe("30");
    expect(formatMinutesRange(25, 40)).toBe("25–40");
  });

  it.each([
    [0, 0],
    [1, 30],
    [30, 30],
    [31, 60],
    [61, 120],
  ])("rounds %d delivery minutes to %d", (minutes, rounded) => {
    expect(roundDeliveryMinutes(minutes)).toBe(rounded);
  });
});

describe("rating buckets", () => {
  it.each([
    [2.6, "good", true],
    [3.0, "good", true],
    [3.1, "good", false],
    [3.1, "best", true],
    [4.0, "best", true],
    [4.1, "best", false],
    [4.1, "the-best", true],
    [5.0, "the-best", true],
    [5.0, "all", true],
    [null, "the-best", false],
  ] as const)("%s in %s: %s", (rating, bucket, inside) => {
    expect(isInRatingBucket(rating, bucket)).toBe(inside);
  });
});

describe("images", () => {
  const config = {
    basePath: "/api/media/product/abc",
    variants: [
      { w: 1200, h: 800, n: "1200x800.webp" },
      { w: 300, h: 200, n: "300x200.webp" },
      { w: 600, h: 400, n: "600x400.webp" },
      { w: 160, h: 160, n: "160x160.webp" },
    ],
  };

  it("chooses the smallest landscape variant that fits", () => {
    expect(chooseImageVariant(config, 280)).toMatchObject({
      src: "/api/media/product/abc/300x200.webp",
      width: 300,
      height: 200,
    });
    expect(chooseImageVariant(config, 301).src).toBe("/api/media/product/abc/600x400.webp");
    expect(chooseImageVariant(config, 5000).src).toBe("/api/media/product/abc/1200x800.webp");
  });

  it("lists the landscape variants for high-density screens", () => {
    expect(chooseImageVariant(config, 300).srcSet).toBe(
      "/api/media/product/abc/300x200.webp 300w, /api/media/product/abc/600x400.webp 600w, /api/media/product/abc/1200x800.webp 1200w",
    );
  });

  it.each([
    // slot width, widest pixels it needs, the candidates
    [300, 600, "300x200 300w, 600x400 600w"],
    [360, 1200, "600x400 600w, 1200x800 1200w"],
    [360, 700, "600x400 600w, 1200x800 1200w"],
    [600, 600, "600x400 600w"],
    [1200, 2400, "1200x800 1200w"],
    [5000, 100, "1200x800 1200w"],
  ])("lists for a %d px slot only the variants up to one %d px wide", (width, upTo, expected) => {
    const srcSet = chooseImageVariant(config, width, upTo).srcSet;
    expect(srcSet?.replaceAll("/api/media/product/abc/", "").replaceAll(".webp", "")).toBe(expected);
  });

  it("falls back to portrait variants and uses a plain URL as is", () => {
    const avatar = {
      basePath: "/a",
      variants: [
        { w: 80, h: 80, n: "80.webp" },
        { w: 160, h: 160, n: "160.webp" },
      ],
    };
    expect(chooseImageVariant(avatar, 100).src).toBe("/a/160.webp");
    expect(chooseImageVariant("https://cdn.example/x.png", 100)).toEqual({
      src: "https://cdn.example/x.png",
    });
  });
});

describe("locales", () => {
  it("takes the first two letters of a supported tag", () => {
    expect(localeFromTag("pt-BR")).toBe("pt");
    expect(localeFromTag("AR")).toBe("ar");
    expect(localeFromTag("de-DE")).toBeNull();
  });

  it("reads Accept-Language by preference", () => {
    expect(localeFromAcceptLanguage("de-DE,de;q=0.9,uk;q=0.8,en;q=0.7")).toBe("uk");
    expect(localeFromAcceptLanguage("en;q=0.5, ar")).toBe("ar");
    expect(localeFromAcceptLanguage("de")).toBeNull();
  });

  it("falls back to English and then any text", () => {
    expect(pickText({ en: "Pizza", lv: "Pica" }, "lv")).toBe("Pica");
    expect(pickText({ en: "Pizza", lv: "Pica" }, "ar")).toBe("Pizza");
    expect(pickText({ uk: "Піца" }, "ar")).toBe("Піца");
  });
});
