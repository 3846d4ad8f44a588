import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  fittedView,
  type MapPoint,
  placeInView,
  projected,
  TILE_SIZE,
  tileAddress,
  viewOrigin,
  viewTiles,
} from "./map-view.ts";

const RIGA = { latitude: 56.9496, longitude: 24.1052 };
const KYIV = { latitude: 50.4501, longitude: 30.5234 };
const BAGHDAD = { latitude: 33.3152, longitude: 44.3661 };
const FIT = { padding: 40, maxZoom: 16 };
const PHONE = { width: 364, height: 256 };

/** OpenStreetMap's own formula for a point's tile (its wiki's "Slippy map tilenames"), unrounded. */
function osmTile(point: MapPoint, zoom: number) {
  const latitude = (point.latitude * Math.PI) / 180;
  return {
    x: ((point.longitude + 180) / 360) * 2 ** zoom,
    y: ((1 - Math.asinh(Math.tan(latitude)) / Math.PI) / 2) * 2 ** zoom,
  };
}

/** The pixels the points span at a zoom, across and down. */
function span(points: MapPoint[], zoom: number) {
  const at = points.map((point) => projected(point, zoom));
  const xs = at.map((p) => p.x);
  const ys = at.map((p) => p.y);
  return { width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
}

describe("the map's view, worked out as Leaflet works it out", () => {
  it("projects a point onto the same tile as OpenStreetMap's formula", () => {
    for (const point of [RIGA, KYIV, BAGHDAD])
      for (const zoom of [0, 5, 12, 16]) {
        const tile = osmTile(point, zoom);
        const at = projected(point, zoom);
        expect(at.x / TILE_SIZE).toBeCloseTo(tile.x, 6);
        expect(at.y / TILE_SIZE).toBeCloseTo(tile.y, 6);
      }
  });

  it("fits points at the closest whole zoom that keeps them inside the padding, no closer than the fit allows", () => {
    const nearby = fc.record({
      latitude: fc.double({ min: 33, max: 57, noNaN: true }),
      longitude: fc.double({ min: 24, max: 45, noNaN: true }),
    });
    fc.assert(
      fc.property(
        fc.array(nearby, { minLength: 2, maxLength: 4 }),
        fc.integer({ min: 200, max: 1200 }),
        fc.integer({ min: 200, max: 400 }),
        (points, width, height) => {
          const { zoom } = fittedView(points, { width, height }, FIT);
          const room = { width: width - 2 * FIT.padding, height: height - 2 * FIT.padding };
          const at = span(points, zoom);
          // Leaflet counts a zoom within a hundredth of the next whole one as that one.
          expect(at.width).toBeLessThanOrEqual(room.width * 1.01);
          expect(at.height).toBeLessThanOrEqual(room.height * 1.01);
          if (zoom < FIT.maxZoom) {
            const closer = span(points, zoom + 1);
            expect(closer.width > room.width || closer.height > room.height).toBe(true);
          }
        },
      ),
    );
  });

  it("centres the view on the points' bounds, a point alone at the fit's zoom, none on (0, 0) at zoom 14", () => {
    const vendor = { latitude: 56.95, longitude: 24.1 };
    const home = { latitude: 56.96, longitude: 24.14 };
    const view = fittedView([vendor, home], PHONE, FIT);
    const [a, b] = [placeInView(vendor, view, PHONE), placeInView(home, view, PHONE)];
    expect(Math.abs((a.x + b.x) / 2 - PHONE.width / 2)).toBeLessThanOrEqual(0.5);
    expect(Math.abs((a.y + b.y) / 2 - PHONE.height / 2)).toBeLessThanOrEqual(0.5);

    const alone = fittedView([RIGA], PHONE, FIT);
    expect(alone.zoom).toBe(16);
    expect(placeInView(RIGA, alone, PHONE).x).toBeCloseTo(PHONE.width / 2, 0);
    expect(fittedView([], PHONE, FIT)).toEqual({ zoom: 14, centre: { x: 256 * 2 ** 13, y: 256 * 2 ** 13 } });
    // The same place twice is one point's view, not an infinite zoom.
    expect(fittedView([RIGA, RIGA], PHONE, FIT).zoom).toBe(16);
  });

  it("covers every pixel of the view with tiles, and asks for none past the world's top", () => {
    for (const size of [PHONE, { width: 1184, height: 320 }]) {
      const view = fittedView([RIGA, { latitude: 56.97, longitude: 24.2 }], size, FIT);
      const tiles = viewTiles(view, size);
      for (const [x, y] of [
        [0, 0],
        [size.width - 1, 0],
        [0, size.height - 1],
        [size.width - 1, size.height - 1],
        [size.width / 2, size.height / 2],
      ] as const)
        expect(
          tiles.some((t) => t.left <= x && x < t.left + TILE_SIZE && t.top <= y && y < t.top + TILE_SIZE),
        ).toBe(true);
      expect(tiles.every((t) => t.left < size.width && t.top < size.height)).toBe(true);
      expect(tiles.every((t) => t.left + TILE_SIZE > 0 && t.top + TILE_SIZE > 0)).toBe(true);
    }
    const top = { zoom: 1, centre: { x: 256, y: 0 } };
    expect(viewTiles(top, PHONE).every((tile) => tile.y >= 0)).toBe(true);
    expect(viewOrigin(top, PHONE)).toEqual({ x: 74, y: -128 });
  });

  it("fills a tile's address as Leaflet fills the template", () => {
    const tile = { x: 37156, y: 20322, z: 16, left: 0, top: 0 };
    expect(tileAddress("https://tile.openstreetmap.org/{z}/{x}/{y}.png", tile)).toBe(
      "https://tile.openstreetmap.org/16/37156/20322.png",
    );
    expect(tileAddress("https://{s}.tiles.example/{z}/{x}/{-y}{r}.png", tile)).toBe(
      `https://${"abc"[(37156 + 20322) % 3]}.tiles.example/16/37156/${2 ** 16 - 1 - 20322}.png`,
    );
    // West of the date line the world wraps round.
    expect(tileAddress("/{z}/{x}/{y}", { ...tile, x: -1, z: 2 })).toBe("/2/3/20322");
  });
});
