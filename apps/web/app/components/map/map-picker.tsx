import "leaflet/dist/leaflet.css";
import L from "leaflet";
import { MapContainer, Marker, TileLayer, useMapEvents } from "react-leaflet";

export interface MapPoint {
  latitude: number;
  longitude: number;
}

/** A pin drawn inline, so the map needs no marker images. */
const pin = L.divIcon({
  className: "",
  iconSize: [36, 44],
  iconAnchor: [18, 44],
  html: '<svg viewBox="0 0 36 44" width="36" height="44" aria-hidden="true"><path d="M18 43s15-14.2 15-25A15 15 0 0 0 3 18c0 10.8 15 25 15 25Z" fill="var(--brand)" stroke="white" stroke-width="2"/><circle cx="18" cy="18" r="6" fill="white"/></svg>',
});

function ClickToPlace({ onChange }: { onChange: (point: MapPoint) => void }) {
  useMapEvents({ click: (event) => onChange({ latitude: event.latlng.lat, longitude: event.latlng.lng }) });
  return null;
}

/**
 * The map to place the delivery pin: click or drag. Tiles come from the partner's tile URL; when
 * they cannot load the pin still works on the grey map, and the address can be typed.
 */
export default function MapPicker({
  value,
  tileUrl,
  label,
  onChange,
}: {
  value: MapPoint;
  tileUrl: string;
  label: string;
  onChange: (point: MapPoint) => void;
}) {
  return (
    <MapContainer
      center={[value.latitude, value.longitude]}
      zoom={15}
      scrollWheelZoom={false}
      className="h-56 w-full rounded-2xl bg-surface md:h-64"
      aria-label={label}
    >
      <TileLayer url={tileUrl} attribution="&copy; OpenStreetMap" />
      <Marker
        position={[value.latitude, value.longitude]}
        icon={pin}
        draggable
        eventHandlers={{
          dragend: (event) => {
            const { lat, lng } = (event.target as L.Marker).getLatLng();
            onChange({ latitude: lat, longitude: lng });
          },
        }}
      />
      <ClickToPlace onChange={onChange} />
    </MapContainer>
  );
}
