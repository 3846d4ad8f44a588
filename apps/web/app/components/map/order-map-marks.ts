import type { MapPoint } from "./map-view.ts";

/** What the order's map shows, and the words it says. */
export interface OrderMapProps {
  tileUrl: string;
  vendors: Array<MapPoint & { name: string }>;
  destination: MapPoint | null;
  courier: MapPoint | null;
  labels: { map: string; destination: string; courier: string; zoomIn: string; zoomOut: string };
}

/**
 * The order map's marks: round, a letter on a colour, drawn inline so the map needs no images. The
 * same markup is drawn by the map's first view (map-preview.tsx) and by Leaflet's (order-map.tsx).
 * The letter is not read out: a mark is named by what it is.
 */
export interface OrderMark {
  colour: string;
  glyph: string;
  size: number;
}

export const VENDOR_MARK: OrderMark = { colour: "#1f2937", glyph: "⌂", size: 34 };
export const HOME_MARK: OrderMark = { colour: "var(--brand)", glyph: "●", size: 34 };
export const COURIER_MARK: OrderMark = { colour: "#16a34a", glyph: "➤", size: 38 };

/** A mark's markup, centred on its point by whoever places it. */
export function markMarkup({ colour, glyph, size }: OrderMark): string {
  return `<span aria-hidden="true" style="display:grid;place-items:center;width:${size}px;height:${size}px;border-radius:9999px;background:${colour};color:white;border:3px solid white;box-shadow:0 2px 6px rgb(0 0 0/.3);font:600 15px system-ui">${glyph}</span>`;
}

/** How the order map fits its marks: kept 40 px in from its edges, and no closer than the streets. */
export const ORDER_MAP_FIT = { padding: 40, maxZoom: 16 };

/** The tiles' credit, as the map's corner shows it. */
export const TILE_CREDIT = "© OpenStreetMap";
