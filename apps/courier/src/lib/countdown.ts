/** Whole seconds left until `end` (an ISO time or ms since the epoch), rounded up; 0 once it is past. */
export function secondsUntil(end: string | number, now: number): number {
  const endsAt = typeof end === "number" ? end : Date.parse(end);
  if (Number.isNaN(endsAt)) return 0;
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/**
 * A countdown as a clock reads ("0:45", "1:05", "12:00"): minutes, then two digits of seconds. The
 * same in every language, like a clock, and read left to right in Arabic too (the screens isolate it).
 */
export function countdownText(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}
