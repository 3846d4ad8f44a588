import "leaflet/dist/leaflet.css";
import type { Point } from "@storefront/domain";
import L from "leaflet";
import { Fragment, useEffect } from "react";
import { MapContainer, Marker, Polyline, TileLayer, Tooltip, useMap } from "react-leaflet";

/** A courier on the way, or waiting to be: where they are, where they go, from where. */
export interface CourierTrip {
  orderId: number;
  courierName: string;
  courier: Point | null;
  destination: Point | null;
  vendor: Point | null;
}

/** Markers drawn inline, so the map needs no marker images. */
function badge(className: string, text: string) {
  return L.divIcon({
    className,
    iconSize: [30, 30],
    iconAnchor: [15, 15],
    html: `<span aria-hidden="true">${text}</span>`,
  });
}
const destinationIcon = L.divIcon({ className: "map-destination", iconSize: [14, 14], iconAnchor: [7, 7] });
const vendorIcon = L.divIcon({ className: "map-vendor", iconSize: [12, 12], iconAnchor: [6, 6] });

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();

/** The city's centre when it is opened; the couriers' moves do not move the map. */
function CentreOn({ cityKey, center }: { cityKey: string; center: Point }) {
  const map = useMap();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per city, not per courier moved
  useEffect(() => {
    map.setView([center.latitude, center.longitude], 12);
  }, [cityKey, map]);
  return null;
}

/**
 * The couriers of a city on a Leaflet map: each at their last known place with their initials,
 * a line to the customer's door, and the kitchen they came from.
 */
export default function CourierMap({
  cityKey,
  center,
  trips,
  tileUrl,
  label,
  courierLabel,
}: {
  cityKey: string;
  center: Point;
  trips: CourierTrip[];
  tileUrl: string;
  label: string;
  courierLabel: (trip: CourierTrip) => string;
}) {
  const at = (point: Point) => [point.latitude, point.longitude] as [number, number];
  return (
    <MapContainer
      center={at(center)}
      zoom={12}
      scrollWheelZoom={false}
      className="h-[28rem] w-full rounded-2xl bg-surface"
      aria-label={label}
    >
      <TileLayer url={tileUrl} attribution="&copy; OpenStreetMap" />
      <CentreOn cityKey={cityKey} center={center} />
      {trips.map((trip) => (
        <Fragment key={trip.orderId}>
          {trip.vendor ? <Marker position={at(trip.vendor)} icon={vendorIcon} interactive={false} /> : null}
          {trip.destination ? (
            <Marker position={at(trip.destination)} icon={destinationIcon} interactive={false} />
          ) : null}
          {trip.courier && trip.destination ? (
            <Polyline
              positions={[at(trip.courier), at(trip.destination)]}
              pathOptions={{ color: "#0f766e", weight: 2, dashArray: "4 6" }}
              interactive={false}
            />
          ) : null}
          {trip.courier ? (
            <Marker
              position={at(trip.courier)}
              icon={badge("map-courier", initials(trip.courierName))}
              title={courierLabel(trip)}
              eventHandlers={{
                add: (event) => {
                  (event.target as L.Marker).getElement()?.setAttribute("aria-label", courierLabel(trip));
                },
              }}
            >
              <Tooltip direction="top" offset={[0, -14]}>
                {courierLabel(trip)}
              </Tooltip>
            </Marker>
          ) : null}
        </Fragment>
      ))}
    </MapContainer>
  );
}
