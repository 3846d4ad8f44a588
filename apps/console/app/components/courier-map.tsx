import type { Point } from "@storefront/domain";
import L from "leaflet";
import { Fragment, useEffect } from "react";
import { Marker, Polyline, Tooltip, useMap } from "react-leaflet";
import { badgeIcon, ConsoleMap, latLng, named } from "./console-map.tsx";

/** A courier on the way, or waiting to be: where they are, where they go, from where. */
export interface CourierTrip {
  orderId: number;
  courierName: string;
  courier: Point | null;
  destination: Point | null;
  vendor: Point | null;
}

/** A courier on shift without an order: where their app last said they were. */
export interface WaitingCourier {
  id: number;
  name: string;
  position: Point;
}

/** A customer's door and a kitchen: dots drawn inline, so the map needs no marker images. */
const destinationIcon = L.divIcon({ className: "map-destination", iconSize: [14, 14], iconAnchor: [7, 7] });
const vendorIcon = L.divIcon({ className: "map-vendor", iconSize: [12, 12], iconAnchor: [6, 6] });

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();

/** A courier's initials where they are, named for screen readers and with the label as a tooltip. */
function CourierBadge({
  position,
  name,
  label,
  kind,
}: {
  position: Point;
  name: string;
  label: string;
  kind: "map-courier" | "map-courier-waiting";
}) {
  return (
    <Marker
      position={latLng(position)}
      icon={badgeIcon(kind, initials(name), 30)}
      title={label}
      eventHandlers={named(label)}
    >
      <Tooltip direction="top" offset={[0, -14]}>
        {label}
      </Tooltip>
    </Marker>
  );
}

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
 * a line to the customer's door, and the kitchen they came from; those on shift without an order
 * as hollow badges where they wait.
 */
export default function CourierMap({
  cityKey,
  center,
  trips,
  waiting,
  tileUrl,
  label,
  courierLabel,
  waitingLabel,
}: {
  cityKey: string;
  center: Point;
  trips: CourierTrip[];
  waiting: WaitingCourier[];
  tileUrl: string;
  label: string;
  courierLabel: (trip: CourierTrip) => string;
  waitingLabel: (courier: WaitingCourier) => string;
}) {
  const at = latLng;
  return (
    <ConsoleMap center={center} tileUrl={tileUrl} label={label}>
      <CentreOn cityKey={cityKey} center={center} />
      {trips.map((trip) => (
        <Fragment key={trip.orderId}>
          {trip.vendor ? (
            <Marker position={at(trip.vendor)} icon={vendorIcon} interactive={false} keyboard={false} />
          ) : null}
          {trip.destination ? (
            <Marker
              position={at(trip.destination)}
              icon={destinationIcon}
              interactive={false}
              keyboard={false}
            />
          ) : null}
          {trip.courier && trip.destination ? (
            <Polyline
              positions={[at(trip.courier), at(trip.destination)]}
              pathOptions={{ color: "#0f766e", weight: 2, dashArray: "4 6" }}
              interactive={false}
            />
          ) : null}
          {trip.courier ? (
            <CourierBadge
              position={trip.courier}
              name={trip.courierName}
              label={courierLabel(trip)}
              kind="map-courier"
            />
          ) : null}
        </Fragment>
      ))}
      {waiting.map((courier) => (
        <CourierBadge
          key={`waiting-${courier.id}`}
          position={courier.position}
          name={courier.name}
          label={waitingLabel(courier)}
          kind="map-courier-waiting"
        />
      ))}
    </ConsoleMap>
  );
}
