import "leaflet/dist/leaflet.css";
import type { Point } from "@storefront/domain/geo";
import L from "leaflet";
import { useEffect, useRef } from "react";

/** A lettered badge drawn inline, so the map needs no marker images. */
const badge = (letter: string, className: string) =>
  L.divIcon({
    className: `map-place ${className}`,
    iconSize: [34, 34],
    iconAnchor: [17, 17],
    html: `<span aria-hidden="true">${letter}</span>`,
  });

/**
 * An offer's two points on a small Leaflet map (its own chunk, loaded only with an offer): the
 * kitchen (A) and the door (B), framed together. Tiles from the partner's tile server; without them
 * the two badges still show where and how far.
 */
export default function OfferMap({
  pickUp,
  dropOff,
  tileUrl,
  label,
}: {
  pickUp: Point;
  dropOff: Point;
  tileUrl: string;
  label: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    const map = L.map(container.current, {
      zoomControl: false,
      scrollWheelZoom: false,
      keyboard: false,
    });
    L.tileLayer(tileUrl, { attribution: "&copy; OpenStreetMap", maxZoom: 18 }).addTo(map);
    const from: L.LatLngTuple = [pickUp.latitude, pickUp.longitude];
    const to: L.LatLngTuple = [dropOff.latitude, dropOff.longitude];
    L.polyline([from, to], { color: "#0a0a0a", weight: 3, dashArray: "6 8", interactive: false }).addTo(map);
    L.marker(from, { icon: badge("A", "map-kitchen"), interactive: false, keyboard: false }).addTo(map);
    L.marker(to, { icon: badge("B", "map-door"), interactive: false, keyboard: false }).addTo(map);
    map.fitBounds([from, to], { padding: [36, 36], maxZoom: 16 });
    return () => {
      map.remove();
    };
  }, [pickUp.latitude, pickUp.longitude, dropOff.latitude, dropOff.longitude, tileUrl]);
  // The map reads left to right in every language, as maps do. Its panes' z-indexes stay inside it
  // (isolate): scrolled under the offer's sticky buttons, it would otherwise be drawn over them.
  return (
    <div
      ref={container}
      role="img"
      aria-label={label}
      dir="ltr"
      className="isolate h-52 w-full rounded-xl border-2 border-ink"
    />
  );
}
