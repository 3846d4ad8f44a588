import { z } from "zod";
import type { FunnelStep } from "../reports.ts";
import { analyticsEventSchema } from "./catalogue.ts";

/**
 * The storefront's analytics events (`POST /public/analytics/onde/event[s]`). The API stores any
 * name a client sends; these are the ones the storefront sends, and the only ones the console's
 * funnel reads. No params carry personal data: the customer is known to the API by the session.
 */
export const ANALYTICS_EVENT_NAMES = [
  "page_view",
  "vendor_view",
  "search",
  "add_to_cart",
  "checkout_started",
  "order_placed",
  "payment_result",
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

/** What each event says, besides the visit and the city every one of them carries. */
export interface AnalyticsEventParams {
  page_view: { path: string };
  vendor_view: { vendorId: number };
  /** The text searched for; null where it looked like an e-mail address or a phone number. */
  search: { query: string | null; results: number };
  add_to_cart: { vendorId: number; productId: number; count: number };
  checkout_started: { cartId: string };
  order_placed: { orderId: number };
  payment_result: { orderId: number; status: string };
}

/** The params every storefront event carries. */
export interface AnalyticsCommonParams {
  /** A random id of the browser tab's session (session storage): a visit, not a person. */
  visitId: string;
  /** The city whose pages the visit is on; null before one is known. */
  localityCode: string | null;
}

/** The event each step of the funnel counts visits of. */
export const FUNNEL_EVENTS = {
  visits: "page_view",
  carts: "add_to_cart",
  checkouts: "checkout_started",
  orders: "order_placed",
} as const satisfies Record<FunnelStep, AnalyticsEventName>;

/** The most events one batch carries. */
export const ANALYTICS_BATCH_MAX = 20;

/** Events the storefront gathered and sends together, as a page is hidden or every few seconds. */
export const analyticsBatchSchema = z.object({
  events: z.array(analyticsEventSchema).min(1).max(ANALYTICS_BATCH_MAX),
});
export type AnalyticsEvent = z.input<typeof analyticsEventSchema>;
export type AnalyticsBatch = z.input<typeof analyticsBatchSchema>;
