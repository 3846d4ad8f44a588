import "leaflet/dist/leaflet.css";
import type { Point } from "@storefront/domain";
import L from "leaflet";
import type { ReactNode } from "react";
import { MapContainer, TileLayer, ZoomControl } from "react-leaflet";
import { useT } from "../lib/i18n.ts";

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
 * still work on the grey map), no zoom by the scroll wheel, which scrolls the page; the zoom
 * buttons named in the console's language (Leaflet's own are named in English).
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
  const t = useT();
  // The map named as a region of the page (Leaflet's own container takes no name).
  return (
    <section aria-label={label}>
      <MapContainer
        center={latLng(center)}
        zoom={12}
        scrollWheelZoom={false}
        zoomControl={false}
        className="h-[28rem] w-full rounded-2xl bg-surface"
      >
        <ZoomControl position="topleft" zoomInTitle={t("map.zoomIn")} zoomOutTitle={t("map.zoomOut")} />
        <TileLayer url={tileUrl} attribution="&copy; OpenStreetMap" />
        {children}
      </MapContainer>
    </section>
  );
}
