/**
 * How wrong passwords slow down signing in to the console: a few are free, then each further
 * attempt waits, the wait doubling up to a cap. Nothing locks for good: a wait an attacker can
 * cause is short at first and never longer than the cap, and the account's owner lifts theirs by
 * setting a new password from the e-mailed link.
 */
export interface SignInSlowdown {
  /** Wrong passwords in a row that cost nothing. */
  freeFailures: number;
  /** The wait after the first failure past the free ones; each further one doubles it. */
  firstWaitSeconds: number;
  maxWaitSeconds: number;
}

/** One account: five wrong passwords in a row, then 30 s, 1 min, 2 min … up to 15 min. */
export const STAFF_ACCOUNT_SLOWDOWN: SignInSlowdown = {
  freeFailures: 5,
  firstWaitSeconds: 30,
  maxWaitSeconds: 15 * 60,
};

/**
 * One network address, across every account and unknown e-mail (password spraying): more room,
 * as a whole office may sign in from one address, then the same doubling waits.
 */
export const STAFF_ADDRESS_SLOWDOWN: SignInSlowdown = {
  freeFailures: 20,
  firstWaitSeconds: 30,
  maxWaitSeconds: 15 * 60,
};

/** An address's failures are forgotten after this long without one. */
export const STAFF_ADDRESS_MEMORY_SECONDS = 60 * 60;

/** Seconds the next attempt waits after this many wrong passwords in a row. */
export function signInWaitSeconds(failures: number, slowdown: SignInSlowdown): number {
  const past = failures - slowdown.freeFailures;
  if (past < 0) return 0;
  // Past the cap's exponent the doubling would only overflow: the cap holds.
  return Math.min(slowdown.firstWaitSeconds * 2 ** Math.min(past, 30), slowdown.maxWaitSeconds);
}

/**
 * The waits after 1, 2, 3 … failures until the first that reaches the cap, which holds for every
 * later count: a table the database indexes by the count it has just raised, so the count and the
 * wait are written in one statement.
 */
export function signInWaitTable(slowdown: SignInSlowdown): number[] {
  const table: number[] = [];
  for (let failures = 1; ; failures += 1) {
    const wait = signInWaitSeconds(failures, slowdown);
    table.push(wait);
    if (wait >= slowdown.maxWaitSeconds) return table;
  }
}
