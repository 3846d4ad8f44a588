import "leaflet/dist/leaflet.css";
import type { Point } from "@storefront/domain";
import L from "leaflet";
import { useEffect } from "react";
import { MapContainer, Marker, Polygon, TileLayer, useMap, useMapEvents } from "react-leaflet";

/** A numbered corner drawn inline, so the map needs no marker images. */
function cornerIcon(number: number) {
  return L.divIcon({
    className: "zone-corner",
    iconSize: [28, 28],
    iconAnchor: [14, 14],
    html: `<span aria-hidden="true">${number}</span>`,
  });
}

/** Where a click on the map goes: appended while drawing, else onto the nearest edge. */
function ClickToAdd({ onAdd }: { onAdd: (point: Point) => void }) {
  useMapEvents({ click: (event) => onAdd({ latitude: event.latlng.lat, longitude: event.latlng.lng }) });
  return null;
}

/** The map shows the whole zone when a city is opened (and not at each change of a corner). */
function FitToZone({ fitKey, corners, center }: { fitKey: string; corners: Point[]; center: Point }) {
  const map = useMap();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per city, not per corner moved
  useEffect(() => {
    if (corners.length >= 2)
      map.fitBounds(L.latLngBounds(corners.map((c) => [c.latitude, c.longitude])), { padding: [24, 24] });
    else map.setView([center.latitude, center.longitude], 12);
  }, [fitKey, map]);
  return null;
}

/**
 * A delivery zone on a Leaflet map: its corners numbered and draggable, its area shaded. Tiles come
 * from the partner's tile URL; without them the corners still work on the grey map.
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
    <MapContainer
      center={[center.latitude, center.longitude]}
      zoom={12}
      scrollWheelZoom={false}
      className="h-[28rem] w-full rounded-2xl bg-surface"
      aria-label={label}
    >
      <TileLayer url={tileUrl} attribution="&copy; OpenStreetMap" />
      <FitToZone fitKey={fitKey} corners={corners} center={center} />
      {corners.length >= 2 ? (
        <Polygon
          positions={corners.map((c) => [c.latitude, c.longitude] as [number, number])}
          pathOptions={{ color: "#0f766e", weight: 2, fillOpacity: 0.15 }}
          interactive={false}
        />
      ) : null}
      {corners.map((corner, index) => (
        <Marker
          // biome-ignore lint/suspicious/noArrayIndexKey: a corner is its place in the ring
          key={index}
          position={[corner.latitude, corner.longitude]}
          icon={cornerIcon(index + 1)}
          title={cornerLabel(index + 1)}
          draggable
          eventHandlers={{
            add: (event) => {
              (event.target as L.Marker).getElement()?.setAttribute("aria-label", cornerLabel(index + 1));
            },
            dragend: (event) => {
              const { lat, lng } = (event.target as L.Marker).getLatLng();
              onMove(index, { latitude: lat, longitude: lng });
            },
          }}
        />
      ))}
      <ClickToAdd onAdd={onAdd} />
    </MapContainer>
  );
}
