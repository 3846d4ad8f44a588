import { z } from "zod";
import { orderStatusSchema } from "./order.ts";

/**
 * What the order tracking socket (`GET /api/customer/orders/track`) tells the order's customer:
 * the spec's three messages (ordering-flow §6) and, beyond them, the arrival window (issue 19). The
 * API writes these and the storefront and the native app read them: one schema for both ends.
 */
export const trackingMessageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("ORDER_STATUS_UPDATE"),
    orderID: z.number().int(),
    status: orderStatusSchema,
    /** Who moved it: CUSTOMER, SYSTEM, VENDOR, COURIER, DISPATCH (the simulator plays the last three). */
    actor: z.string(),
    at: z.string().describe("ISO date-time"),
  }),
  z.object({
    type: z.literal("COURIER_FOUND"),
    orderID: z.number().int(),
    courierName: z.string(),
    courierPhone: z.string(),
  }),
  z.object({
    type: z.literal("COURIER_LOCATION_UPDATE"),
    orderID: z.number().int(),
    latitude: z.number(),
    longitude: z.number(),
  }),
  z.object({
    type: z.literal("ETA_UPDATE"),
    orderID: z.number().int(),
    /** The window the order is awaited in; null once nothing is awaited. */
    eta: z.object({ from: z.string(), to: z.string() }).nullable(),
  }),
]);
export type TrackingMessage = z.infer<typeof trackingMessageSchema>;
