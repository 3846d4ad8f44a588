import "leaflet/dist/leaflet.css";
import L from "leaflet";
import { useEffect, useRef, useState } from "react";
import { MapContainer, Marker, TileLayer, Tooltip, useMap, ZoomControl } from "react-leaflet";
import type { MapPoint } from "./map-picker.tsx";

/**
 * Round markers drawn inline: a letter on a colour, so the map needs no images. The letter is not
 * read out: a marker is named by what it is (`named`).
 */
function dot(colour: string, glyph: string, size = 34) {
  return L.divIcon({
    className: "",
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
    html: `<span aria-hidden="true" style="display:grid;place-items:center;width:${size}px;height:${size}px;border-radius:9999px;background:${colour};color:white;border:3px solid white;box-shadow:0 2px 6px rgb(0 0 0/.3);font:600 15px system-ui">${glyph}</span>`,
  });
}

/**
 * A marker's handlers that name it for screen readers ("Delivery address") once it is on the map. Not
 * its `title`: a mouse would see the browser's own tooltip beside the marker's.
 */
function named(label: string) {
  return {
    add: (event: L.LeafletEvent) =>
      (event.target as L.Marker).getElement()?.setAttribute("aria-label", label),
  };
}

const VENDOR = dot("#1f2937", "⌂");
const HOME = dot("var(--brand)", "●");
const COURIER = dot("#16a34a", "➤", 38);

const FIT = { padding: [40, 40], maxZoom: 16 } satisfies L.FitBoundsOptions;

const boundsOf = (points: MapPoint[]) => L.latLngBounds(points.map((p) => [p.latitude, p.longitude]));

/** Fits the map to the points again when they change (the courier moves); the first view is made so. */
function FitAll({ points }: { points: MapPoint[] }) {
  const map = useMap();
  const key = points.map((p) => `${p.latitude.toFixed(4)},${p.longitude.toFixed(4)}`).join("|");
  const fitted = useRef(key);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refit when the set of points changes, not on every render
  useEffect(() => {
    if (points.length === 0 || fitted.current === key) return;
    fitted.current = key;
    map.fitBounds(boundsOf(points), FIT);
  }, [key, map]);
  return null;
}

/**
 * How much of the map is drawn, one stage a task, so that no one task of a phone's CPU holds the page
 * for long: its frame at the final view; its tiles and zoom buttons; its markers.
 */
function useDrawnStages(stages: number): number {
  const [drawn, setDrawn] = useState(1);
  useEffect(() => {
    if (drawn >= stages) return;
    const timer = window.setTimeout(() => setDrawn(drawn + 1));
    return () => window.clearTimeout(timer);
  }, [drawn, stages]);
  return drawn;
}

/** The live map of an order: the vendors, the destination and the courier as it moves. */
export default function OrderMap({
  tileUrl,
  vendors,
  destination,
  courier,
  labels,
}: {
  tileUrl: string;
  vendors: Array<MapPoint & { name: string }>;
  destination: MapPoint | null;
  courier: MapPoint | null;
  labels: { map: string; destination: string; courier: string };
}) {
  const points = [...vendors, ...(destination ? [destination] : []), ...(courier ? [courier] : [])];
  const centre = points[0] ?? { latitude: 0, longitude: 0 };
  // Made at its final view: one view to lay out and fill with tiles, not a first one and a fitted one.
  const view =
    points.length > 1
      ? { bounds: boundsOf(points), boundsOptions: FIT }
      : {
          center: [centre.latitude, centre.longitude] as L.LatLngTuple,
          zoom: points.length ? FIT.maxZoom : 14,
        };
  const drawn = useDrawnStages(3);
  return (
    <MapContainer
      {...view}
      scrollWheelZoom={false}
      zoomControl={false}
      className="h-full w-full bg-surface"
      aria-label={labels.map}
    >
      {drawn >= 2 && <TileLayer url={tileUrl} attribution="&copy; OpenStreetMap" />}
      {drawn >= 2 && <ZoomControl position="topleft" />}
      {drawn >= 3 && (
        <Markers vendors={vendors} destination={destination} courier={courier} labels={labels} />
      )}
      <FitAll points={points} />
    </MapContainer>
  );
}

/** The vendors, the destination and the courier, each a marker named by its tooltip. */
function Markers({
  vendors,
  destination,
  courier,
  labels,
}: {
  vendors: Array<MapPoint & { name: string }>;
  destination: MapPoint | null;
  courier: MapPoint | null;
  labels: { destination: string; courier: string };
}) {
  return (
    <>
      {vendors.map((vendor) => (
        <Marker
          key={vendor.name}
          position={[vendor.latitude, vendor.longitude]}
          icon={VENDOR}
          eventHandlers={named(vendor.name)}
        >
          <Tooltip>{vendor.name}</Tooltip>
        </Marker>
      ))}
      {destination && (
        <Marker
          position={[destination.latitude, destination.longitude]}
          icon={HOME}
          eventHandlers={named(labels.destination)}
        >
          <Tooltip>{labels.destination}</Tooltip>
        </Marker>
      )}
      {courier && (
        <Marker
          position={[courier.latitude, courier.longitude]}
          icon={COURIER}
          eventHandlers={named(labels.courier)}
        >
          <Tooltip>{labels.courier}</Tooltip>
        </Marker>
      )}
    </>
  );
}
