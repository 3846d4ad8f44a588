import { noteTaggedRead } from "./read-tracking.ts";

/**
 * The in-process cache of the public catalogue: serialized answers, and the clock-free pieces they
 * are built from (a vendor's menu, a locality's row). Each entry names the data it was read from as
 * tags ("vendor:12", "locality:3", see catalogue-tags.ts); a write invalidates the tags it touched
 * and exactly the entries carrying one of them are dropped. Bounded by bytes and entries, least
 * recently read out first.
 */

/** Invalidating it drops every entry (a reseed, a process that may have missed invalidations). */
export const EVERYTHING = "*";

export interface Built<T> {
  value: T;
  /** What the value was read from; invalidating any of them drops it. */
  tags: readonly string[];
  /** Roughly how many bytes it holds; the cache's limit counts these. */
  size: number;
}

export interface ReadCacheLimits {
  maxBytes: number;
  maxEntries: number;
  /**
   * A backstop, not the mechanism: an entry is rebuilt after this long even if no write announced a
   * change, so a row edited by hand in the database shows within it.
   */
  maxAgeMs: number;
}

interface Entry {
  value: unknown;
  tags: readonly string[];
  size: number;
  bucket: number;
  storedAt: number;
}

export class ReadCache {
  /** In order of last read: the first is the next evicted. */
  private readonly entries = new Map<string, Entry>();
  private readonly keysByTag = new Map<string, Set<string>>();
  /** Builds under way by bucket and key, so concurrent misses share one. */
  private readonly building = new Map<string, Promise<Built<unknown>>>();
  /** The change count at each tag's last invalidation; a build begun before it is not kept. */
  private readonly invalidatedAt = new Map<string, number>();
  private changes = 0;
  private clearedAt = 0;
  private bytes = 0;
  private suspended = false;
  /** Reads answered from an entry, and reads that had to build (or wait for a build): the metrics. */
  private hits = 0;
  private misses = 0;

  constructor(
    private readonly limits: ReadCacheLimits,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * The value under the key for the bucket, built (once, however many ask at the same time) when
   * missing, built for another bucket, or too old. The bucket is the span of time the value holds
   * for (the minute of an answer that shows opening status), or 0 when it holds at any time.
   */
  read<T>(key: string, bucket: number, build: () => Promise<Built<T>>): Promise<T> {
    const entry = this.fresh(key, bucket);
    if (entry) {
      this.hits += 1;
      noteTaggedRead(entry.tags);
      return Promise.resolve(entry.value as T);
    }
    this.misses += 1;
    const flight = `${bucket}|${key}`;
    let made = this.building.get(flight) as Promise<Built<T>> | undefined;
    if (!made) {
      const startedAt = this.changes;
      const started: Promise<Built<T>> = build().then(
        (built) => {
          this.store(key, bucket, built, startedAt);
          if (this.building.get(flight) === started) this.building.delete(flight);
          return built;
        },
        (error: unknown) => {
          if (this.building.get(flight) === started) this.building.delete(flight);
          throw error;
        },
      );
      this.building.set(flight, started);
      made = started;
    }
    // Noted in the reader's own context: a page being rendered learns what this value was read from.
    return made.then((built) => {
      noteTaggedRead(built.tags);
      return built.value;
    });
  }

  /**
   * The value under the key for the bucket when one is kept and fresh, or undefined: for a value
   * that is not built by a function here (a page, kept once its stream has been sent; see `keep`).
   */
  peek<T>(key: string, bucket: number): T | undefined {
    const entry = this.fresh(key, bucket);
    if (entry) this.hits += 1;
    else this.misses += 1;
    return entry?.value as T | undefined;
  }

  /** A mark taken before a value is made; `keep` drops it if a tag it carries changed since. */
  mark(): number {
    return this.changes;
  }

  /** Keeps a value made since the mark, unless one of its tags was invalidated meanwhile. */
  keep(key: string, bucket: number, built: Built<unknown>, mark: number): void {
    this.store(key, bucket, built, mark);
  }

  private fresh(key: string, bucket: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.bucket !== bucket || this.clock() - entry.storedAt >= this.limits.maxAgeMs)
      return undefined;
    // Read last: the next evicted is the one read longest ago.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** Drops every entry carrying one of the tags; EVERYTHING drops all. */
  invalidate(tags: Iterable<string>): void {
    this.changes += 1;
    // A build under way may have read the old data: later readers start their own.
    this.building.clear();
    for (const tag of tags) {
      if (tag === EVERYTHING) {
        this.dropAll();
        continue;
      }
      this.invalidatedAt.set(tag, this.changes);
      for (const key of this.keysByTag.get(tag) ?? []) this.remove(key);
      this.keysByTag.delete(tag);
    }
  }

  clear(): void {
    this.invalidate([EVERYTHING]);
  }

  /**
   * While the process cannot hear invalidations (its Redis subscription is down) nothing is kept:
   * every read is built afresh until `resume`.
   */
  suspend(): void {
    this.suspended = true;
    this.clear();
  }

  resume(): void {
    this.suspended = false;
  }

  /** What the cache holds, for tests and logs. */
  get stats(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /** Reads since the start, answered from an entry (hits) or not (misses). */
  get reads(): { hits: number; misses: number } {
    return { hits: this.hits, misses: this.misses };
  }

  private store(key: string, bucket: number, built: Built<unknown>, startedAt: number): void {
    if (this.suspended || this.clearedAt > startedAt || built.size > this.limits.maxBytes) return;
    if (built.tags.some((tag) => (this.invalidatedAt.get(tag) ?? 0) > startedAt)) return;
    this.remove(key);
    this.entries.set(key, {
      value: built.value,
      tags: built.tags,
      size: built.size,
      bucket,
      storedAt: this.clock(),
    });
    this.bytes += built.size;
    for (const tag of built.tags) {
      let keys = this.keysByTag.get(tag);
      if (!keys) {
        keys = new Set();
        this.keysByTag.set(tag, keys);
      }
      keys.add(key);
    }
    while (this.bytes > this.limits.maxBytes || this.entries.size > this.limits.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
  }

  private dropAll(): void {
    this.clearedAt = this.changes;
    this.entries.clear();
    this.keysByTag.clear();
    this.invalidatedAt.clear();
    this.bytes = 0;
  }
}
