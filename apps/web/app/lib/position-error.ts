/** Why a position could not be read: refused, the device's location off, or not found in time. */
export type PositionFailure = "denied" | "off" | "unavailable";

export class PositionError extends Error {
  constructor(
    readonly reason: PositionFailure,
    message: string,
  ) {
    super(message);
  }
}
