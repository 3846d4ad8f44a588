/**
 * Values loaded on demand and kept for `ttlMs` of real time (not the app's clock, which tests pin).
 * Misses of one key at the same moment share one load; a failed load is not kept; expired entries
 * are dropped as new ones come, and past `maxEntries` the oldest go first.
 */
export class ExpiringCache<K, V> {
  private readonly entries = new Map<K, { value: Promise<V>; settled?: { value: V }; at: number }>();

  constructor(private readonly options: { ttlMs: number; maxEntries: number }) {}

  get(key: K, load: (key: K) => Promise<V>): Promise<V> {
    const now = performance.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.options.ttlMs) return hit.value;
    this.entries.delete(key);
    // Entries are kept in the order they were loaded: drop the expired ones from the front.
    for (const [oldKey, old] of this.entries) {
      if (now - old.at < this.options.ttlMs) break;
      this.entries.delete(oldKey);
    }
    const entry: { value: Promise<V>; settled?: { value: V }; at: number } = { value: load(key), at: now };
    entry.value.then(
      (value) => {
        entry.settled = { value };
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    this.entries.set(key, entry);
    if (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    return entry.value;
  }

  forget(key: K): void {
    this.entries.delete(key);
  }

  /** Forgets the entries whose value matches, and every load still under way (its value is unknown yet). */
  forgetWhere(matches: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) {
      if (!entry.settled || matches(entry.settled.value)) this.entries.delete(key);
    }
  }
}
