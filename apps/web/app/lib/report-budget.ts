/**
 * How many of the browsers' failure reports a server process passes on each minute. Each one costs
 * a line in the log or an event of the partner's Sentry quota, and anyone can send them: past the
 * budget they are counted, not passed on, and the count is reported once the next minute opens.
 */
export const BROWSER_REPORTS_PER_MINUTE = 60;
const MINUTE_MS = 60_000;

export interface ReportBudget {
  /**
   * Whether a report made at `now` (ms) may be passed on; how many reports the minute before it
   * turned away (said once, with the first report of a later minute); and in how many seconds this
   * minute's budget is whole again.
   */
  take(now: number): { pass: boolean; turnedAway: number; retryAfterSeconds: number };
}

/** A budget of `perMinute` reports in each minute, counted from the first report of that minute. */
export function reportBudget(perMinute = BROWSER_REPORTS_PER_MINUTE): ReportBudget {
  let minuteStart = Number.NEGATIVE_INFINITY;
  let passed = 0;
  let turnedAway = 0;
  return {
    take(now) {
      let earlier = 0;
      if (now - minuteStart >= MINUTE_MS) {
        earlier = turnedAway;
        minuteStart = now;
        passed = 0;
        turnedAway = 0;
      }
      const retryAfterSeconds = Math.max(1, Math.ceil((minuteStart + MINUTE_MS - now) / 1000));
      if (passed < perMinute) {
        passed += 1;
        return { pass: true, turnedAway: earlier, retryAfterSeconds };
      }
      turnedAway += 1;
      return { pass: false, turnedAway: earlier, retryAfterSeconds };
    },
  };
}
