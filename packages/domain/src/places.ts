import type { Point } from "./geo.ts";

export type MapApp = "google" | "apple" | "waze" | "geo";

/** A way to hand a place to the phone's map app for directions. */
export interface NavigationLink {
  app: MapApp;
  href: string;
}

/** Six decimals: about 10 cm, and no float noise ("56.949600000000004") in the address. */
const coordinate = (value: number) => String(Number(value.toFixed(6)));

/**
 * Directions to a place in Google Maps: a web link, which opens the Maps app on a phone that has it
 * (Android or iOS) and the map in the browser elsewhere.
 */
export function directionsUrl(place: Point): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${coordinate(place.latitude)},${coordinate(place.longitude)}`;
}

/**
 * Directions to a place in each map app a courier may use: Google Maps and Apple Maps (web links
 * their apps open), Waze, and `geo:` for whichever app the phone chooses.
 */
export function navigationLinks(place: Point): NavigationLink[] {
  const at = `${coordinate(place.latitude)},${coordinate(place.longitude)}`;
  return [
    { app: "google", href: directionsUrl(place) },
    { app: "apple", href: `https://maps.apple.com/?daddr=${at}` },
    { app: "waze", href: `https://waze.com/ul?ll=${at}&navigate=yes` },
    { app: "geo", href: `geo:${at}` },
  ];
}

/** Where a vendor is, as a customer or a courier reads it: "Tērbatas iela 14, Rīga". */
export function vendorAddress(place: { street: string; houseNumber: string; city: string }): string {
  return `${place.street} ${place.houseNumber}, ${place.city}`;
}
