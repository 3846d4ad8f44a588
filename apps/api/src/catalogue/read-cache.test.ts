import { describe, expect, it } from "vitest";
import { EVERYTHING, ReadCache } from "./read-cache.ts";

const LIMITS = { maxBytes: 1_000, maxEntries: 100, maxAgeMs: 60_000 };

/** A menu "read from the database": counts its builds and can be held until released. */
function menuSource(tags: string[], size = 10) {
  let version = 1;
  let builds = 0;
  return {
    tags,
    get builds() {
      return builds;
    },
    change() {
      version += 1;
    },
    build: async () => {
      builds += 1;
      return { value: `menu v${version}`, tags, size };
    },
    /** A build that reads now but answers when `release` is called. */
    slowBuild() {
      let release: () => void = () => {};
      const read = `menu v${version}`;
      const promise = new Promise<{ value: string; tags: string[]; size: number }>((resolve) => {
        release = () => resolve({ value: read, tags, size });
      });
      return { build: () => promise, release: () => release() };
    },
  };
}

describe("ReadCache", () => {
  it("serves a kept menu without reading it again, and a changed vendor's afresh while others stay", async () => {
    const cache = new ReadCache(LIMITS);
    const one = menuSource(["vendor:1", "locality:1"]);
    const two = menuSource(["vendor:2", "locality:1"]);
    await cache.read("menu|1", 0, one.build);
    await cache.read("menu|2", 0, two.build);
    expect(await cache.read("menu|1", 0, one.build)).toBe("menu v1");
    expect(one.builds).toBe(1);

    one.change();
    cache.invalidate(["vendor:1"]);
    expect(await cache.read("menu|1", 0, one.build)).toBe("menu v2");
    expect(await cache.read("menu|2", 0, two.build)).toBe("menu v1");
    expect([one.builds, two.builds]).toEqual([2, 1]);

    // A locality's change reaches every menu shown in it.
    cache.invalidate(["locality:1"]);
    await cache.read("menu|2", 0, two.build);
    expect(two.builds).toBe(2);
  });

  it("never keeps a menu read before a change that was announced while it was being read", async () => {
    const cache = new ReadCache(LIMITS);
    const menu = menuSource(["vendor:1"]);
    const slow = menu.slowBuild();
    const reading = cache.read("menu|1", 0, slow.build);
    menu.change();
    cache.invalidate(["vendor:1"]);
    // A reader arriving after the change does not join the read under way.
    const later = cache.read("menu|1", 0, menu.build);
    slow.release();
    expect(await reading).toBe("menu v1");
    expect(await later).toBe("menu v2");
    expect(await cache.read("menu|1", 0, menu.build)).toBe("menu v2");
  });

  it("reads once for many readers arriving at the same time", async () => {
    const cache = new ReadCache(LIMITS);
    const menu = menuSource(["vendor:1"]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.read("menu|1", 0, menu.build)));
    expect(new Set(answers)).toEqual(new Set(["menu v1"]));
    expect(menu.builds).toBe(1);
  });

  it("keeps an answer only for the minute it was built for", async () => {
    const cache = new ReadCache(LIMITS);
    const list = menuSource(["vendors:1"]);
    await cache.read("vendors|riga", 100, list.build);
    await cache.read("vendors|riga", 100, list.build);
    expect(list.builds).toBe(1);
    await cache.read("vendors|riga", 101, list.build);
    await cache.read("vendors|riga", 100, list.build);
    expect(list.builds).toBe(3);
    // Only one minute of it is held at a time.
    expect(cache.stats.entries).toBe(1);
  });

  it("counts the reads it answered from an entry and those it had to build, for the metrics", async () => {
    const cache = new ReadCache(LIMITS);
    const list = menuSource(["vendors:1"]);
    await cache.read("vendors|riga", 100, list.build);
    await cache.read("vendors|riga", 100, list.build);
    await cache.read("vendors|riga", 100, list.build);
    await cache.read("vendors|riga", 101, list.build);
    // Readers waiting for a build under way are misses too: nothing was kept for them.
    await Promise.all([cache.read("menu|1", 0, list.build), cache.read("menu|1", 0, list.build)]);
    expect(cache.reads).toEqual({ hits: 2, misses: 4 });
  });

  it("stays within its size, letting the least recently read answers go first", async () => {
    const cache = new ReadCache({ ...LIMITS, maxBytes: 300 });
    const sources = [1, 2, 3, 4].map((id) => menuSource([`vendor:${id}`], 100));
    for (const [i, source] of sources.entries()) {
      await cache.read(`menu|${i}`, 0, source.build);
      if (i === 2) await cache.read("menu|0", 0, (sources[0] as (typeof sources)[number]).build);
    }
    expect(cache.stats).toEqual({ entries: 3, bytes: 300 });
    // menu|1 was the least recently read when menu|3 came in; the others are still kept.
    for (const i of [0, 2, 3, 1])
      await cache.read(`menu|${i}`, 0, (sources[i] as (typeof sources)[number]).build);
    expect(sources.map((s) => s.builds)).toEqual([1, 2, 1, 1]);
  });

  it("rebuilds after its longest age, for rows changed by hand in the database", async () => {
    let clock = 0;
    const cache = new ReadCache(LIMITS, () => clock);
    const menu = menuSource(["vendor:1"]);
    await cache.read("menu|1", 0, menu.build);
    clock = LIMITS.maxAgeMs - 1;
    await cache.read("menu|1", 0, menu.build);
    clock = LIMITS.maxAgeMs;
    await cache.read("menu|1", 0, menu.build);
    expect(menu.builds).toBe(2);
  });

  it("keeps nothing while it cannot hear invalidations, and drops everything on a reseed", async () => {
    const cache = new ReadCache(LIMITS);
    const menu = menuSource(["vendor:1"]);
    cache.suspend();
    await cache.read("menu|1", 0, menu.build);
    await cache.read("menu|1", 0, menu.build);
    expect(menu.builds).toBe(2);
    cache.resume();
    await cache.read("menu|1", 0, menu.build);
    await cache.read("menu|1", 0, menu.build);
    expect(menu.builds).toBe(3);
    cache.invalidate([EVERYTHING]);
    expect(cache.stats).toEqual({ entries: 0, bytes: 0 });
  });

  it("does not keep a failed read", async () => {
    const cache = new ReadCache(LIMITS);
    await expect(
      cache.read("vendor|404", 0, async () => {
        throw new Error("Vendor 404 not found");
      }),
    ).rejects.toThrow("not found");
    expect(cache.stats.entries).toBe(0);
  });
});
