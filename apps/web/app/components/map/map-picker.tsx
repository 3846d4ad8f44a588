import "leaflet/dist/leaflet.css";
import L from "leaflet";
import { useId } from "react";
import {
  MapContainer,
  type MapContainerProps,
  Marker,
  Polygon,
  TileLayer,
  useMapEvents,
  ZoomControl,
} from "react-leaflet";
import type { MapPoint } from "./map-view.ts";

/** A pin drawn inline, so the map needs no marker images. */
const pin = L.divIcon({
  className: "",
  iconSize: [36, 44],
  iconAnchor: [18, 44],
  html: '<svg viewBox="0 0 36 44" width="36" height="44" aria-hidden="true"><path d="M18 43s15-14.2 15-25A15 15 0 0 0 3 18c0 10.8 15 25 15 25Z" fill="var(--brand)" stroke="white" stroke-width="2"/><circle cx="18" cy="18" r="6" fill="white"/></svg>',
});

/** How close the map comes to place a pin by a street. */
const PIN_ZOOM = 15;

/** A click places the pin; on the whole city's view it also comes close, to the streets around it. */
function ClickToPlace({ onChange }: { onChange: (point: MapPoint) => void }) {
  const map = useMapEvents({
    click: (event) => {
      onChange({ latitude: event.latlng.lat, longitude: event.latlng.lng });
      if (map.getZoom() < PIN_ZOOM) map.setView(event.latlng, PIN_ZOOM);
    },
  });
  return null;
}

/**
 * The map to place the delivery pin: click or drag. Tiles come from the partner's tile URL; when
 * they cannot load the pin still works on the grey map, and the address can be typed.
 *
 * The city's delivery zone (`[latitude, longitude]` corners, already swapped for display) is shaded
 * under the pin, with a line saying so below the map; it takes no clicks, so the pin goes anywhere.
 * (Its class and `interactive` are options of its creation: react-leaflet's `pathOptions` come later.)
 * Opened on the `overview`, the map shows the whole zone rather than the streets around the pin.
 * Its zoom buttons are named in the page's language (`zoomLabels`), not Leaflet's English.
 */
export default function MapPicker({
  value,
  tileUrl,
  label,
  zone,
  zoneLabel,
  overview,
  zoomLabels,
  onChange,
}: {
  value: MapPoint;
  tileUrl: string;
  label: string;
  zone: Array<[number, number]>;
  zoneLabel: string;
  overview: boolean;
  zoomLabels: { zoomIn: string; zoomOut: string };
  onChange: (point: MapPoint) => void;
}) {
  const zoneLine = useId();
  const drawn = zone.length > 0;
  const view: MapContainerProps =
    overview && drawn
      ? {
          bounds: L.latLngBounds([...zone, [value.latitude, value.longitude]]),
          boundsOptions: { padding: [12, 12] },
        }
      : { center: [value.latitude, value.longitude], zoom: PIN_ZOOM };
  // The map's own element takes no attributes of ours (react-leaflet passes on only its class), so
  // the name and the zone's line sit on the group around it.
  return (
    <fieldset className="grid gap-1.5" aria-label={label} aria-describedby={drawn ? zoneLine : undefined}>
      <MapContainer
        {...view}
        scrollWheelZoom={false}
        zoomControl={false}
        className="h-56 w-full rounded-2xl bg-surface md:h-64"
      >
        <ZoomControl position="topleft" zoomInTitle={zoomLabels.zoomIn} zoomOutTitle={zoomLabels.zoomOut} />
        <TileLayer url={tileUrl} attribution="&copy; OpenStreetMap" />
        {drawn && <Polygon positions={zone} className="delivery-zone" interactive={false} />}
        {/* Dragged by a pointer, or put where the map is tapped; the keyboard gives the address in the
            fields below instead, so the pin is not a button it would land on and could not move. */}
        <Marker
          position={[value.latitude, value.longitude]}
          icon={pin}
          keyboard={false}
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
      {drawn && (
        <p id={zoneLine} className="flex items-center gap-2 text-sm text-ink-soft">
          <span aria-hidden="true" className="delivery-zone-swatch size-3.5 shrink-0 rounded-sm" />
          {zoneLabel}
        </p>
      )}
    </fieldset>
  );
}
