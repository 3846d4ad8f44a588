import "leaflet/dist/leaflet.css";
import L from "leaflet";
import { useEffect, useRef, useState } from "react";
import { MapContainer, Marker, TileLayer, Tooltip, useMap, ZoomControl } from "react-leaflet";
import type { MapPoint } from "./map-view.ts";
import {
  COURIER_MARK,
  HOME_MARK,
  markMarkup,
  ORDER_MAP_FIT,
  type OrderMapProps,
  type OrderMark,
  TILE_CREDIT,
  VENDOR_MARK,
} from "./order-map-marks.ts";

/** A mark as Leaflet places it: centred on its point. */
function dot(mark: OrderMark) {
  return L.divIcon({
    className: "",
    iconSize: [mark.size, mark.size],
    iconAnchor: [mark.size / 2, mark.size / 2],
    html: markMarkup(mark),
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

const VENDOR = dot(VENDOR_MARK);
const HOME = dot(HOME_MARK);
const COURIER = dot(COURIER_MARK);

const FIT = {
  padding: [ORDER_MAP_FIT.padding, ORDER_MAP_FIT.padding],
  maxZoom: ORDER_MAP_FIT.maxZoom,
} satisfies L.FitBoundsOptions;

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
 * Once the map is made: its name, the zoom asked for on the first view, the word that it is made
 * (`onMade`) and that its first tiles are drawn (`onDrawn`; or have failed: a tile layer is done
 * loading either way).
 */
function Opened({
  label,
  zoomBy,
  onMade,
  onDrawn,
}: {
  label: string;
  zoomBy: number;
  onMade: (map: L.Map) => void;
  onDrawn: () => void;
}) {
  const map = useMap();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the map opens
  useEffect(() => {
    // Named as the first view is (react-leaflet passes no attributes to the map's own element).
    const container = map.getContainer();
    container.setAttribute("role", "region");
    container.setAttribute("aria-label", label);
    if (zoomBy !== 0) map.setZoom(map.getZoom() + zoomBy, { animate: false });
    onMade(map);
    const added = ({ layer }: L.LayerEvent) => {
      if (layer instanceof L.TileLayer) layer.once("load", onDrawn);
    };
    map.on("layeradd", added);
    return () => {
      map.off("layeradd", added);
    };
  }, [map]);
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

/**
 * The live map of an order: the vendors, the destination and the courier as it moves. It opens at
 * the first view's zoom and `zoomBy` more (a zoom button pressed on that view), and says when it is
 * made (`onMade`) and when its first tiles are drawn (`onDrawn`).
 */
export default function OrderMap({
  tileUrl,
  vendors,
  destination,
  courier,
  labels,
  zoomBy,
  onMade,
  onDrawn,
}: OrderMapProps & { zoomBy: number; onMade: (map: L.Map) => void; onDrawn: () => void }) {
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
      className="h-full w-full"
      // Transparent until its tiles come: the first view under it shows through, not a blank.
      style={{ background: "transparent" }}
    >
      <Opened label={labels.map} zoomBy={zoomBy} onMade={onMade} onDrawn={onDrawn} />
      {drawn >= 2 && <TileLayer url={tileUrl} attribution={TILE_CREDIT} />}
      {drawn >= 2 && (
        <ZoomControl position="topleft" zoomInTitle={labels.zoomIn} zoomOutTitle={labels.zoomOut} />
      )}
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
