import { describe, expect, it } from "vitest";
import { checkDeliveryZone, insertOnNearestEdge, swapZoneForDisplay } from "./delivery-zone.ts";
import { isPointInPolygon, type Point } from "./geo.ts";

const p = (latitude: number, longitude: number): Point => ({ latitude, longitude });
/** A square around central Riga, counter-clockwise. */
const square = [p(56.9, 24.0), p(56.9, 24.2), p(57.0, 24.2), p(57.0, 24.0)];

describe("checkDeliveryZone", () => {
  it("accepts a ring of corners, and drops a closing corner equal to the first", () => {
    expect(checkDeliveryZone(square)).toEqual({ ok: true, zone: square });
    expect(checkDeliveryZone([...square, square[0] as Point])).toEqual({ ok: true, zone: square });
  });

  it("accepts a concave zone, and what it holds is what the map shows", () => {
    // A "C" open to the east: its notch is outside.
    const c = [p(0, 0), p(0, 3), p(1, 3), p(1, 1), p(2, 1), p(2, 3), p(3, 3), p(3, 0)];
    const checked = checkDeliveryZone(c);
    expect(checked.ok).toBe(true);
    expect(isPointInPolygon(p(1.5, 2), c)).toBe(false);
    expect(isPointInPolygon(p(0.5, 2), c)).toBe(true);
  });

  it.each([
    { name: "two corners", points: square.slice(0, 2), refusal: "TOO_FEW_POINTS", index: null },
    {
      name: "a triangle closed on itself",
      points: [...square.slice(0, 2), square[0] as Point],
      refusal: "TOO_FEW_POINTS",
      index: null,
    },
    {
      name: "201 corners",
      points: Array.from({ length: 201 }, (_, i) =>
        p(Math.sin((i / 201) * 2 * Math.PI), Math.cos((i / 201) * 2 * Math.PI)),
      ),
      refusal: "TOO_MANY_POINTS",
      index: null,
    },
    {
      name: "a corner twice",
      points: [p(0, 0), p(0, 2), p(2, 2), p(0, 2), p(2, 0)],
      refusal: "REPEATED_POINT",
      index: 3,
    },
    { name: "a bow tie", points: [p(0, 0), p(2, 2), p(2, 0), p(0, 2)], refusal: "SELF_CROSSING", index: 2 },
    {
      name: "a corner on another edge",
      points: [p(0, 0), p(0, 4), p(4, 4), p(0, 2), p(4, 0)],
      refusal: "SELF_CROSSING",
      index: 2,
    },
    {
      name: "an edge folding back on the one before",
      points: [p(0, 0), p(0, 4), p(0, 2), p(3, 1)],
      refusal: "SELF_CROSSING",
      index: 2,
    },
  ] as const)("refuses $name", ({ points, refusal, index }) => {
    expect(checkDeliveryZone(points)).toEqual({ ok: false, refusal, index });
  });
});

describe("insertOnNearestEdge", () => {
  it("puts a click beside an edge onto that edge", () => {
    // Just east of the square's eastern edge (24.2), between its 2nd and 3rd corners.
    const east = p(56.95, 24.21);
    expect(insertOnNearestEdge(square, east)).toEqual([square[0], square[1], east, square[2], square[3]]);
    // Just north of the northern edge, which closes the ring from the 3rd corner to the 4th.
    const north = p(57.01, 24.1);
    expect(insertOnNearestEdge(square, north)).toEqual([square[0], square[1], square[2], north, square[3]]);
    // Just west: the edge from the last corner back to the first.
    const west = p(56.95, 23.99);
    expect(insertOnNearestEdge(square, west)).toEqual([...square, west]);
  });

  it("appends while there is no edge yet", () => {
    expect(insertOnNearestEdge([square[0] as Point], square[1] as Point)).toEqual(square.slice(0, 2));
  });
});

describe("swapZoneForDisplay", () => {
  it.each([
    {
      name: "swaps each [longitude, latitude] to [latitude, longitude]",
      zone: [
        [24.0, 56.9],
        [24.2, 56.9],
        [24.2, 57.0],
      ],
      drawn: [
        [56.9, 24.0],
        [56.9, 24.2],
        [57.0, 24.2],
      ],
    },
    { name: "draws nothing for no zone", zone: [], drawn: [] },
    {
      name: "draws nothing for two corners",
      zone: [
        [24.0, 56.9],
        [24.2, 56.9],
      ],
      drawn: [],
    },
  ] as const)("$name", ({ zone, drawn }) => {
    const before = structuredClone(zone);
    expect(swapZoneForDisplay(zone)).toEqual(drawn);
    expect(zone).toEqual(before);
  });
});
