import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkDeliveryZone } from "./delivery-zone.ts";
import { distanceKm, distanceToPolygonKm, isPointInPolygon, type Point, zoneAround } from "./geo.ts";

/** A square 0.2° on a side around 57°N 24°E (about 12 km east–west, 22 km north–south). */
const SQUARE: Point[] = [
  { latitude: 56.9, longitude: 23.9 },
  { latitude: 57.1, longitude: 23.9 },
  { latitude: 57.1, longitude: 24.1 },
  { latitude: 56.9, longitude: 24.1 },
];

describe("distanceToPolygonKm", () => {
  it.each([
    ["inside", { latitude: 57, longitude: 24 }, 0],
    [
      "0.1° north of the top edge",
      { latitude: 57.2, longitude: 24 },
      distanceKm({ latitude: 57.2, longitude: 24 }, { latitude: 57.1, longitude: 24 }),
    ],
    [
      "0.1° south of the bottom edge",
      { latitude: 56.8, longitude: 24 },
      distanceKm({ latitude: 56.8, longitude: 24 }, { latitude: 56.9, longitude: 24 }),
    ],
    [
      "0.1° east of the east edge",
      { latitude: 57, longitude: 24.2 },
      distanceKm({ latitude: 57, longitude: 24.2 }, { latitude: 57, longitude: 24.1 }),
    ],
    [
      "beyond a corner",
      { latitude: 57.2, longitude: 24.2 },
      distanceKm({ latitude: 57.2, longitude: 24.2 }, { latitude: 57.1, longitude: 24.1 }),
    ],
  ])("measures a point %s", (_, point, expected) => {
    expect(distanceToPolygonKm(point, SQUARE)).toBeCloseTo(expected, 0);
  });

  it("is infinite for a locality without a zone, and the distance to the vertex for a single point", () => {
    expect(distanceToPolygonKm({ latitude: 57, longitude: 24 }, [])).toBe(Number.POSITIVE_INFINITY);
    const vertex = { latitude: 57, longitude: 24.5 };
    expect(distanceToPolygonKm({ latitude: 57, longitude: 24 }, [vertex])).toBeCloseTo(
      distanceKm({ latitude: 57, longitude: 24 }, vertex),
      0,
    );
  });

  it("keeps a zone across the antimeridian near", () => {
    const fiji: Point[] = [
      { latitude: -17, longitude: 179.9 },
      { latitude: -17, longitude: -179.9 },
      { latitude: -18, longitude: -179.9 },
      { latitude: -18, longitude: 179.9 },
    ];
    expect(distanceToPolygonKm({ latitude: -16.9, longitude: 179.95 }, fiji)).toBeCloseTo(11.1, 0);
  });

  it("never exceeds the distance to the nearest corner, and is 0 only inside", () => {
    const near = fc.record({
      latitude: fc.double({ min: 56.5, max: 57.5, noNaN: true }),
      longitude: fc.double({ min: 23.5, max: 24.5, noNaN: true }),
    });
    fc.assert(
      fc.property(near, (point) => {
        const distance = distanceToPolygonKm(point, SQUARE);
        const corner = Math.min(...SQUARE.map((c) => distanceKm(point, c)));
        expect(distance).toBeLessThanOrEqual(corner * 1.01 + 0.01);
        const inside =
          point.latitude > 56.9 && point.latitude < 57.1 && point.longitude > 23.9 && point.longitude < 24.1;
        if (inside) expect(distance).toBe(0);
        else expect(distance).toBeGreaterThan(0);
      }),
    );
  });
});

describe("zoneAround", () => {
  it.each([
    { name: "Vilnius", center: { latitude: 54.6872, longitude: 25.2797 }, km: 8 },
    { name: "Reykjavík", center: { latitude: 64.1466, longitude: -21.9426 }, km: 5 },
    { name: "Suva, across the antimeridian", center: { latitude: -18.1416, longitude: 179.99 }, km: 10 },
  ])("rings $name with corners $km km away, holding the centre and a valid zone", ({ center, km }) => {
    const zone = zoneAround(center, km);
    expect(zone).toHaveLength(12);
    for (const corner of zone) {
      expect(distanceKm(center, corner)).toBeCloseTo(km, 1);
      expect(Math.abs(corner.longitude)).toBeLessThanOrEqual(180);
    }
    expect(checkDeliveryZone(zone).ok).toBe(true);
    if (Math.abs(center.longitude) < 170) expect(isPointInPolygon(center, zone)).toBe(true);
  });
});
