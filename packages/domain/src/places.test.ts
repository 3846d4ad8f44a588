import { describe, expect, it } from "vitest";
import { navigationLinks, vendorAddress } from "./places.ts";

describe("navigationLinks", () => {
  it("hands the place to each map app, rounded to six decimals", () => {
    expect(navigationLinks({ latitude: 56.949600000000004, longitude: 24.1052 })).toEqual([
      { app: "google", href: "https://www.google.com/maps/dir/?api=1&destination=56.9496,24.1052" },
      { app: "apple", href: "https://maps.apple.com/?daddr=56.9496,24.1052" },
      { app: "waze", href: "https://waze.com/ul?ll=56.9496,24.1052&navigate=yes" },
      { app: "geo", href: "geo:56.9496,24.1052" },
    ]);
  });

  it("keeps the signs of the western and southern hemispheres", () => {
    expect(navigationLinks({ latitude: -33.8688123, longitude: -151.2092957 }).at(-1)?.href).toBe(
      "geo:-33.868812,-151.209296",
    );
  });
});

describe("vendorAddress", () => {
  it("reads the street, the house and the city", () => {
    expect(vendorAddress({ street: "Tērbatas iela", houseNumber: "14", city: "Rīga" })).toBe(
      "Tērbatas iela 14, Rīga",
    );
  });
});
