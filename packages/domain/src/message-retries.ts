/** How many times a message is tried before it is marked failed (about 48 minutes in all). */
export const MESSAGE_ATTEMPTS = 8;

/** The first retry's wait; each next one waits three times longer, up to the longest. */
const FIRST_RETRY_SECONDS = 10;
const LONGEST_RETRY_SECONDS = 15 * 60;

/**
 * When a message whose `failedTries`-th try just failed is tried again, in seconds from now
 * (10 s, 30 s, 90 s, 270 s, 810 s, then every 15 minutes), or null when it has had all its tries:
 * a provider down for a few minutes delays messages, and loses none.
 */
export function messageRetryDelaySeconds(failedTries: number): number | null {
  if (failedTries >= MESSAGE_ATTEMPTS) return null;
  return Math.min(FIRST_RETRY_SECONDS * 3 ** Math.max(0, failedTries - 1), LONGEST_RETRY_SECONDS);
}
