import "leaflet/dist/leaflet.css";
import type { Point } from "@storefront/domain";
import L from "leaflet";
import type { ReactNode } from "react";
import { MapContainer, TileLayer } from "react-leaflet";

/** A point as Leaflet takes it. */
export const latLng = (point: Point) => [point.latitude, point.longitude] as [number, number];

/** A round badge drawn inline (a number, initials), so the maps need no marker images. */
export function badgeIcon(className: string, text: string, size: number) {
  return L.divIcon({
    className: `map-badge ${className}`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
    html: `<span aria-hidden="true">${text}</span>`,
  });
}

/** A marker's handlers that name it for screen readers and browser tests once it is on the map. */
export function named(label: string) {
  return {
    add: (event: L.LeafletEvent) => {
      (event.target as L.Marker).getElement()?.setAttribute("aria-label", label);
    },
  };
}

/**
 * The console's Leaflet map of a city: tiles from the partner's tile URL (without them the markers
 * still work on the grey map), no zoom by the scroll wheel, which scrolls the page.
 */
export function ConsoleMap({
  center,
  tileUrl,
  label,
  children,
}: {
  center: Point;
  tileUrl: string;
  label: string;
  children: ReactNode;
}) {
  // The map named as a region of the page (Leaflet's own container takes no name).
  return (
    <section aria-label={label}>
      <MapContainer
        center={latLng(center)}
        zoom={12}
        scrollWheelZoom={false}
        className="h-[28rem] w-full rounded-2xl bg-surface"
      >
        <TileLayer url={tileUrl} attribution="&copy; OpenStreetMap" />
        {children}
      </MapContainer>
    </section>
  );
}
