import type { Point } from "@storefront/domain";
import type L from "leaflet";
import { Marker, Polygon, useMapEvents } from "react-leaflet";
import { badgeIcon, ConsoleMap, latLng, named } from "./console-map.tsx";

function ClickToPick({ onPick }: { onPick: (point: Point) => void }) {
  useMapEvents({ click: (event) => onPick({ latitude: event.latlng.lat, longitude: event.latlng.lng }) });
  return null;
}

/** A city's map, its delivery zone shaded, on which a click (or dragging the pin) picks a point. */
export default function PointPicker({
  center,
  zone,
  tileUrl,
  label,
  pinLabel,
  point,
  onPick,
}: {
  center: Point;
  zone: Point[];
  tileUrl: string;
  label: string;
  pinLabel: string;
  point: Point | null;
  onPick: (point: Point) => void;
}) {
  return (
    <ConsoleMap center={center} tileUrl={tileUrl} label={label}>
      <Polygon
        positions={zone.map(latLng)}
        pathOptions={{ color: "#0f766e", weight: 2, fillOpacity: 0.1 }}
        interactive={false}
      />
      {point ? (
        <Marker
          position={latLng(point)}
          icon={badgeIcon("zone-corner", "★", 28)}
          title={pinLabel}
          draggable
          eventHandlers={{
            ...named(pinLabel),
            dragend: (event) => {
              const { lat, lng } = (event.target as L.Marker).getLatLng();
              onPick({ latitude: lat, longitude: lng });
            },
          }}
        />
      ) : null}
      <ClickToPick onPick={onPick} />
    </ConsoleMap>
  );
}
