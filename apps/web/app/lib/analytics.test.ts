import type { AnalyticsEvent } from "@storefront/domain/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  BATCH_EVENTS,
  BATCH_WAIT_MS,
  createEventBatches,
  searchTextOf,
  trackingRefused,
} from "./analytics.ts";

describe("a browser that asks not to be tracked", () => {
  it.each([
    [{ globalPrivacyControl: true, doNotTrack: null }, true],
    [{ doNotTrack: "1" }, true],
    [{ globalPrivacyControl: false, doNotTrack: "0" }, false],
    [{ doNotTrack: "unspecified" }, false],
    [{}, false],
  ])("%o refuses: %s", (browser, refused) => {
    expect(trackingRefused(browser)).toBe(refused);
  });
});

describe("the search text sent", () => {
  it.each([
    ["  pizza  ", "pizza"],
    ["x".repeat(120), "x".repeat(100)],
    ["anna@example.com", null],
    ["+371 2000 0000", null],
    ["20-00-00-00", null],
    ["pizza 33", "pizza 33"],
  ])("of %j is %j", (text, sent) => {
    expect(searchTextOf(text)).toBe(sent);
  });
});

describe("the event batches", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const event = (n: number): AnalyticsEvent => ({ name: "page_view", params: { n } });

  it("go when full, a while after their first event, or when flushed; each event once", () => {
    const sent: AnalyticsEvent[][] = [];
    const batches = createEventBatches((events) => sent.push(events));
    for (let n = 0; n < BATCH_EVENTS + 1; n += 1) batches.add(event(n));
    expect(sent.map((batch) => batch.length)).toEqual([BATCH_EVENTS]);

    // The one left over goes when its time is up, counted from it, not from later events.
    vi.advanceTimersByTime(BATCH_WAIT_MS - 1);
    batches.add(event(99));
    vi.advanceTimersByTime(1);
    expect(sent[1]).toEqual([event(BATCH_EVENTS), event(99)]);

    // Hidden page: what waits goes at once, and the timer sends nothing again.
    batches.add(event(100));
    batches.flush();
    vi.advanceTimersByTime(BATCH_WAIT_MS);
    batches.flush();
    expect(sent.slice(2)).toEqual([[event(100)]]);
  });
});
