/**
 * A web map's view worked out as Leaflet works it out, without Leaflet: the spherical Mercator
 * projection of its default CRS (EPSG:3857), the zoom and centre its `fitBounds` chooses, and the
 * 256-pixel tiles that cover the view. The order's map is drawn from these until the customer
 * reaches for it (map-preview.tsx); Leaflet then opens at the same view, on the same tiles.
 */

export interface MapPoint {
  latitude: number;
  longitude: number;
}

export interface PixelPoint {
  x: number;
  y: number;
}

export interface ViewSize {
  width: number;
  height: number;
}

/** A view: its zoom, and its centre in the pixels of the world at that zoom. */
export interface MapView {
  zoom: number;
  centre: PixelPoint;
}

/** A tile of the view: its place in the tile grid and where its top left corner is drawn. */
export interface ViewTile {
  x: number;
  y: number;
  z: number;
  left: number;
  top: number;
}

export const TILE_SIZE = 256;

/** How a view fits its points: kept this far in from the edges, and no closer than this zoom. */
export interface Fit {
  padding: number;
  maxZoom: number;
}

/** Leaflet's limit of the spherical Mercator projection. */
const MAX_LATITUDE = 85.0511287798;

/** The point's place in the world's pixels at the zoom (Leaflet's `map.project`). */
export function projected(point: MapPoint, zoom: number): PixelPoint {
  const world = TILE_SIZE * 2 ** zoom;
  const latitude = Math.max(Math.min(MAX_LATITUDE, point.latitude), -MAX_LATITUDE);
  const sin = Math.sin((latitude * Math.PI) / 180);
  return {
    x: world * (point.longitude / 360 + 0.5),
    y: world * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)),
  };
}

/**
 * The view that shows every point: the largest whole zoom at which they fit inside the padding, no
 * closer than the fit's zoom, centred on their bounds; one point is shown at that zoom, none at
 * zoom 14 over (0, 0). These are Leaflet's `fitBounds` and a map made with `center` and `zoom`.
 */
export function fittedView(points: readonly MapPoint[], size: ViewSize, fit: Fit): MapView {
  const [first] = points;
  if (!first) return { zoom: 14, centre: projected({ latitude: 0, longitude: 0 }, 14) };
  if (points.length === 1) return { zoom: fit.maxZoom, centre: projected(first, fit.maxZoom) };
  const latitudes = points.map((point) => point.latitude);
  const longitudes = points.map((point) => point.longitude);
  const southWest = { latitude: Math.min(...latitudes), longitude: Math.min(...longitudes) };
  const northEast = { latitude: Math.max(...latitudes), longitude: Math.max(...longitudes) };
  const [low, high] = [projected(southWest, 0), projected(northEast, 0)];
  const scale = Math.min(
    (size.width - 2 * fit.padding) / Math.abs(high.x - low.x),
    (size.height - 2 * fit.padding) / Math.abs(high.y - low.y),
  );
  // Leaflet snaps to whole zooms, rounding first to a hundredth so that 14.999 counts as 15.
  const exact = Number.isNaN(Math.log2(scale)) ? Number.POSITIVE_INFINITY : Math.log2(scale);
  const zoom = Math.min(fit.maxZoom, Math.max(0, Math.floor(Math.round(exact * 100) / 100)));
  const [sw, ne] = [projected(southWest, zoom), projected(northEast, zoom)];
  return { zoom, centre: { x: (sw.x + ne.x) / 2, y: (sw.y + ne.y) / 2 } };
}

/** The world pixel drawn at the view's top left corner (Leaflet's pixel origin, rounded as it rounds). */
export function viewOrigin(view: MapView, size: ViewSize): PixelPoint {
  return {
    x: Math.round(view.centre.x - size.width / 2),
    y: Math.round(view.centre.y - size.height / 2),
  };
}

/** Where a point is drawn in the view, from its top left corner. */
export function placeInView(point: MapPoint, view: MapView, size: ViewSize): PixelPoint {
  const origin = viewOrigin(view, size);
  const at = projected(point, view.zoom);
  return { x: at.x - origin.x, y: at.y - origin.y };
}

/** The tiles that cover the view, as Leaflet's tile layer asks for them (none beyond the poles). */
export function viewTiles(view: MapView, size: ViewSize): ViewTile[] {
  const origin = viewOrigin(view, size);
  const centre = { x: Math.floor(view.centre.x), y: Math.floor(view.centre.y) };
  const first = {
    x: Math.floor((centre.x - size.width / 2) / TILE_SIZE),
    y: Math.floor((centre.y - size.height / 2) / TILE_SIZE),
  };
  const last = {
    x: Math.ceil((centre.x + size.width / 2) / TILE_SIZE) - 1,
    y: Math.ceil((centre.y + size.height / 2) / TILE_SIZE) - 1,
  };
  const rows = 2 ** view.zoom;
  const tiles: ViewTile[] = [];
  for (let y = Math.max(0, first.y); y <= Math.min(rows - 1, last.y); y++)
    for (let x = first.x; x <= last.x; x++)
      tiles.push({ x, y, z: view.zoom, left: x * TILE_SIZE - origin.x, top: y * TILE_SIZE - origin.y });
  return tiles;
}

/**
 * A tile's address from the partner's template, as Leaflet's tile layer fills it: `{z}`, `{x}` (the
 * world wrapped round), `{y}`, `{-y}` (counted from the south), `{s}` (one of the servers a, b and c,
 * spread over the tiles) and `{r}` (empty: no tiles of twice the density are asked for).
 */
export function tileAddress(template: string, tile: ViewTile): string {
  const columns = 2 ** tile.z;
  const x = ((tile.x % columns) + columns) % columns;
  const values: Record<string, string> = {
    z: String(tile.z),
    x: String(x),
    y: String(tile.y),
    "-y": String(columns - 1 - tile.y),
    s: "abc"[Math.abs(x + tile.y) % 3] ?? "a",
    r: "",
  };
  return template.replace(/\{ *([\w-]+) *\}/g, (whole, key: string) => values[key] ?? whole);
}
