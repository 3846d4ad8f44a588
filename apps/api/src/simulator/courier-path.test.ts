import { distanceKm, pathLengthKm, streetPath } from "@storefront/domain";
import { describe, expect, it } from "vitest";
import { pointAlong } from "./courier-path.ts";

const vendor = { latitude: 56.95, longitude: 24.1 };
const home = { latitude: 56.96, longitude: 24.13 };

describe("the courier's path", () => {
  const path = streetPath(vendor, home);

  it("starts at the vendor and ends at the customer", () => {
    expect(pointAlong(path, 0)).toEqual(vendor);
    expect(pointAlong(path, 1)).toEqual(home);
  });

  it("is an L longer than the straight line", () => {
    expect(path).toHaveLength(3);
    expect(pathLengthKm(path)).toBeGreaterThan(distanceKm(vendor, home));
  });

  it("moves forward as the share grows", () => {
    const shares = [0.1, 0.3, 0.5, 0.7, 0.9];
    const covered = shares.map((s) => distanceKm(vendor, pointAlong(path, s)));
    for (let i = 1; i < covered.length; i++) expect(covered[i]).toBeGreaterThan(covered[i - 1] as number);
  });
});
