/** Whole seconds left until `end` (an ISO time or ms since the epoch), rounded up; 0 once it is past. */
export function secondsUntil(end: string | number, now: number): number {
  const endsAt = typeof end === "number" ? end : Date.parse(end);
  if (Number.isNaN(endsAt)) return 0;
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/**
 * How far the server's clock is ahead of the phone's (ms; negative when behind), from the time an
 * answer was made and the phone's time when it arrived. A phone set a minute wrong would otherwise
 * show an offer with a minute too much or too little, or none at all.
 */
export function clockSkew(serverTime: string | undefined, receivedAt: number): number {
  const server = serverTime ? Date.parse(serverTime) : Number.NaN;
  return Number.isNaN(server) ? 0 : server - receivedAt;
}

/**
 * A countdown as a clock reads ("0:45", "1:05", "12:00"): minutes, then two digits of seconds. The
 * same in every language, like a clock, and read left to right in Arabic too (the screens isolate it).
 */
export function countdownText(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}
