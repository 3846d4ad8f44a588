import type { Point } from "@storefront/domain";
import L from "leaflet";
import { useEffect, useLayoutEffect, useRef } from "react";
import { Marker, Polygon, useMap, useMapEvents } from "react-leaflet";
import { badgeIcon, ConsoleMap, latLng, named } from "./console-map.tsx";

/**
 * Where a click on the map goes: appended while drawing, else onto the nearest edge. The map's
 * handler calls the latest `onAdd` (kept before the screen is painted), not the one of the render
 * it was registered in: a click right after "Draw a new zone" must not be taken as an edit.
 */
function ClickToAdd({ onAdd }: { onAdd: (point: Point) => void }) {
  const latest = useRef(onAdd);
  useLayoutEffect(() => {
    latest.current = onAdd;
  });
  useMapEvents({
    click: (event) => latest.current({ latitude: event.latlng.lat, longitude: event.latlng.lng }),
  });
  return null;
}

/**
 * The map shows the whole zone when a city is opened (and not at each change of a corner), at once:
 * an animated zoom would move the corners under a pointer that is already placing one.
 */
function FitToZone({ fitKey, corners, center }: { fitKey: string; corners: Point[]; center: Point }) {
  const map = useMap();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per city, not per corner moved
  useEffect(() => {
    if (corners.length >= 2)
      map.fitBounds(L.latLngBounds(corners.map((c) => [c.latitude, c.longitude])), {
        padding: [24, 24],
        animate: false,
      });
    else map.setView([center.latitude, center.longitude], 12, { animate: false });
  }, [fitKey, map]);
  return null;
}

/**
 * A delivery zone on a Leaflet map: its corners numbered and draggable, its area shaded.
 */
export default function ZoneMap({
  fitKey,
  corners,
  center,
  tileUrl,
  label,
  cornerLabel,
  onAdd,
  onMove,
}: {
  fitKey: string;
  corners: Point[];
  center: Point;
  tileUrl: string;
  label: string;
  cornerLabel: (number: number) => string;
  onAdd: (point: Point) => void;
  onMove: (index: number, point: Point) => void;
}) {
  return (
    <ConsoleMap center={center} tileUrl={tileUrl} label={label}>
      <FitToZone fitKey={fitKey} corners={corners} center={center} />
      {corners.length >= 2 ? (
        <Polygon
          positions={corners.map(latLng)}
          pathOptions={{ color: "#0f766e", weight: 2, fillOpacity: 0.15 }}
          interactive={false}
        />
      ) : null}
      {corners.map((corner, index) => (
        <Marker
          // biome-ignore lint/suspicious/noArrayIndexKey: a corner is its place in the ring
          key={index}
          position={latLng(corner)}
          icon={badgeIcon("zone-corner", String(index + 1), 28)}
          title={cornerLabel(index + 1)}
          draggable
          eventHandlers={{
            ...named(cornerLabel(index + 1)),
            dragend: (event) => {
              const { lat, lng } = (event.target as L.Marker).getLatLng();
              onMove(index, { latitude: lat, longitude: lng });
            },
          }}
        />
      ))}
      <ClickToAdd onAdd={onAdd} />
    </ConsoleMap>
  );
}
