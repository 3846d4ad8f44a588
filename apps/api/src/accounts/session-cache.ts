import type { Database } from "../db/client.ts";
import { ExpiringCache } from "../expiring-cache.ts";
import { findSessionHolder, hashToken, isSessionLive, type SessionHolder } from "./sessions.ts";

/**
 * How long a session read here is trusted. Signing out or deleting the account forgets it at once in
 * every process that hears the announcement (all of them, with Redis); a process that missed it
 * (Redis down) refuses it within this time.
 */
export const SESSION_CACHE_MS = 5_000;

/**
 * Sessions by their token's hash, kept a few seconds, so the tracking sockets a customer opens and
 * reopens do not each read the database. Expiry and idleness are judged afresh on every use.
 */
export class SessionCache {
  private readonly holders = new ExpiringCache<string, SessionHolder | null>({
    ttlMs: SESSION_CACHE_MS,
    maxEntries: 50_000,
  });

  constructor(private readonly db: Database) {}

  /** The user whose live session the token is, or null. */
  async findLiveUser(token: string, now: Date): Promise<number | null> {
    const hash = hashToken(token);
    const load = () => findSessionHolder(this.db, hash);
    let holder = await this.holders.get(hash, load);
    if (holder && !isSessionLive(holder, now)) {
      // Kept here, it may have been used since (lastUsedAt moves on): read it again before refusing.
      this.holders.forget(hash);
      holder = await this.holders.get(hash, load);
    }
    return holder && isSessionLive(holder, now) ? holder.userId : null;
  }

  /** What to announce after signing out: the token is refused from then on. */
  static tokenTag(token: string): string {
    return `session:${hashToken(token)}`;
  }

  /** What to announce after the account's sessions were all closed. */
  static userTag(userId: number): string {
    return `user-sessions:${userId}`;
  }

  /** Forgets what announced tags name (tags of other caches are ignored). */
  forgetTagged(tags: readonly string[]): void {
    for (const tag of tags) {
      if (tag.startsWith("session:")) this.holders.forget(tag.slice("session:".length));
      if (tag.startsWith("user-sessions:")) {
        const userId = Number(tag.slice("user-sessions:".length));
        this.holders.forgetWhere((holder) => holder?.userId === userId);
      }
    }
  }
}
