import type { AnalyticsEvent, AnalyticsEventName, AnalyticsEventParams } from "@storefront/domain/contract";
import { endpoints } from "@storefront/domain/endpoints";
import { useCallback, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { type ClientApi, clientBeacon } from "./api.client.ts";
import { useLocale } from "./i18n.ts";
import { useStorefront } from "./storefront.ts";

/**
 * The storefront's analytics events (docs/decisions/0164-analytics-events-and-the-funnel.md):
 * gathered in the browser and sent in batches, never waited for, and not at all from a browser that
 * asks not to be tracked. They say what happened, the tab's random visit id and the city; never who.
 */

/** A batch goes once it has this many events, or this long after its first, or as the page is hidden. */
export const BATCH_EVENTS = 10;
export const BATCH_WAIT_MS = 5_000;

/** Whether the browser asks not to be tracked: Global Privacy Control, or Do Not Track. */
export function trackingRefused(browser: { globalPrivacyControl?: boolean; doNotTrack?: string | null }) {
  return browser.globalPrivacyControl === true || browser.doNotTrack === "1";
}

const EMAIL_LIKE = /\S@\S/;
const PHONE_LIKE = /(?:\d[\s().+-]*){6,}/;

/** What of a search's text may be sent: at most 100 characters, and nothing like an e-mail or a phone. */
export function searchTextOf(text: string): string | null {
  const query = text.trim().slice(0, 100);
  return EMAIL_LIKE.test(query) || PHONE_LIKE.test(query) ? null : query;
}

/** Events kept until their batch is full, its time is up or `flush` is called; `send` gets each once. */
export function createEventBatches(send: (events: AnalyticsEvent[]) => void) {
  let waiting: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (waiting.length === 0) return;
    const batch = waiting;
    waiting = [];
    send(batch);
  };
  return {
    add(event: AnalyticsEvent) {
      waiting.push(event);
      if (waiting.length >= BATCH_EVENTS) flush();
      else timer ??= setTimeout(flush, BATCH_WAIT_MS);
    },
    flush,
  };
}

/** Where the page's batches go: the API as the latest event's page reached it. */
let sendTo: { client: ClientApi; locale: string } | null = null;
const batches = createEventBatches((events) => {
  if (sendTo) clientBeacon(sendTo.client, endpoints.analyticsEvents(), sendTo.locale, { events });
});

let listening = false;
/** What is gathered goes as the page is hidden (another tab, the app in the background) or left. */
function flushWhenHidden() {
  if (listening) return;
  listening = true;
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") batches.flush();
  });
  window.addEventListener("pagehide", batches.flush);
}

const VISIT_KEY = "storefront.visit";
let visitInMemory: string | null = null;
/** The tab's visit: a random id in session storage, gone with the tab (in memory where storage is refused). */
function visitId(): string {
  try {
    const kept = sessionStorage.getItem(VISIT_KEY);
    if (kept) return kept;
    const id = crypto.randomUUID();
    sessionStorage.setItem(VISIT_KEY, id);
    return id;
  } catch {
    visitInMemory ??= `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    return visitInMemory;
  }
}

/**
 * `track(name, params)`: an event of the storefront, with the visit and the page's city; never
 * awaited. The function stays the same while the page's data changes, so an effect that tracks
 * runs for what it names (a vendor, a path), not again for each reload of the page's data.
 */
export function useTrack() {
  const { client, locality } = useStorefront();
  const locale = useLocale();
  const page = useRef({ client, locale, localityCode: locality?.code ?? null });
  page.current = { client, locale, localityCode: locality?.code ?? null };
  return useCallback(<Name extends AnalyticsEventName>(name: Name, params: AnalyticsEventParams[Name]) => {
    if (trackingRefused(navigator)) return;
    const { client, locale, localityCode } = page.current;
    sendTo = { client, locale };
    flushWhenHidden();
    batches.add({
      name,
      params: { ...(params as Record<string, string | number | null>), visitId: visitId(), localityCode },
    });
  }, []);
}

/** A page view for each page's path (a modal opened over a page is none), from the locale layout. */
export function usePageViews() {
  const track = useTrack();
  const { pathname } = useLocation();
  useEffect(() => track("page_view", { path: pathname }), [pathname, track]);
}
