import { PositionError, readPosition } from "./bridge.ts";

/** Where the device is, as the geolocation API reported it. */
export interface DevicePoint {
  latitude: number;
  longitude: number;
}

/** Session storage keeps the device's coordinates for the tab (section 9). */
const STORAGE_KEY = "devicePosition";
/**
 * Section 9's reads of the device, in turn: a high-accuracy one within 2 s, then any position the
 * device has, however old, within 3 s.
 */
export const POSITION_READS: readonly PositionOptions[] = [
  { enableHighAccuracy: true, timeout: 2000 },
  { timeout: 3000, maximumAge: Number.POSITIVE_INFINITY },
];

/** The coordinates kept in session storage ("[latitude, longitude]"); null when none or unusable. */
export function parseStoredPosition(value: string | null): DevicePoint | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [latitude, longitude] = parsed.map(Number);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
    if (Math.abs(latitude as number) > 90 || Math.abs(longitude as number) > 180) return null;
    return { latitude: latitude as number, longitude: longitude as number };
  } catch {
    return null;
  }
}

/**
 * The device's position: the one cached in session storage, else a high-accuracy read, else any
 * cached position. A failed read is logged and the next step goes on. "denied" when the visitor
 * (or the browser) refuses location, "off" when the device's location is off; null when it could
 * not be read.
 */
export async function readDevicePosition(): Promise<DevicePoint | "denied" | "off" | null> {
  const cached = parseStoredPosition(sessionStorage.getItem(STORAGE_KEY));
  if (cached) return cached;
  for (const options of POSITION_READS) {
    try {
      const point = await readPosition(options);
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify([point.latitude, point.longitude]));
      return point;
    } catch (error) {
      console.warn(`Unable to read the device location: ${(error as Error).message}`);
      if (error instanceof PositionError && error.reason !== "unavailable") return error.reason;
    }
  }
  return null;
}
