import { z } from "zod";
import { courierDetailsSchema, deliveryInstructionsSchema } from "./cart.ts";
import { paymentTypeSchema } from "./catalogue.ts";
import { orderStatusSchema } from "./order.ts";

/**
 * The courier app's API (`/api/courier/...`, on the partner's host or with X-Partner-Code): the
 * partner's couriers sign in with their phone and an SMS code, go on shift, and take the jobs given
 * to them through their steps.
 */

/** A signed-in courier as their app shows them. */
export const courierAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().describe("E.164, as the partner's console keeps it"),
  onShift: z.boolean(),
  shiftStartedAt: z.string().nullable(),
});
export type CourierAccount = z.infer<typeof courierAccountSchema>;

export const courierLoginAnswerSchema = z.object({
  courier: courierAccountSchema,
  token: z.string().optional().describe("the session token, for a native shell (X-Platform ios or android)"),
});

export const courierShiftSchema = z.object({ online: z.boolean() });

/** Where a job is picked up or dropped off. */
const placeSchema = z.object({
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});

/** A delivery as its courier sees it. */
export const courierJobSchema = z.object({
  orderId: z.number().int(),
  status: orderStatusSchema,
  pickUp: placeSchema.extend({ name: z.string(), phone: z.string().nullable() }),
  dropOff: placeSchema
    .extend(courierDetailsSchema.shape)
    .extend({ instructions: deliveryInstructionsSchema }),
  customer: z.object({ name: z.string().nullable(), phone: z.string() }),
  itemsCount: z.number().int(),
  payment: z.object({
    type: paymentTypeSchema,
    amountToCollect: z.number().describe("cash to take at the door; 0 when paid online"),
    currencyCode: z.string(),
  }),
  offerExpiresAt: z.string().nullable().describe("an offer's end; null for a job already the courier's"),
});
export type CourierJob = z.infer<typeof courierJobSchema>;

export const courierJobsSchema = z.object({
  offers: z.array(courierJobSchema),
  active: z.array(courierJobSchema).describe("the courier's jobs under way, oldest first"),
});
export type CourierJobs = z.infer<typeof courierJobsSchema>;

export const courierDeliveredSchema = z.object({
  handoverCode: z
    .string()
    .trim()
    .regex(/^\d{4}$/, "the 4 digits the customer's order page shows")
    .describe("the code the customer tells at the door"),
});

/** The courier's shift in figures: the one under way, else the last. */
export const courierShiftReportSchema = z.object({
  shiftStartedAt: z.string().nullable(),
  shiftEndedAt: z.string().nullable().describe("null while the shift is under way"),
  deliveries: z.number().int(),
  distanceKm: z.number().describe("from each kitchen to its door, as the crow flies"),
  cashCollected: z.number().describe("cash taken at the doors, to hand in"),
  earnings: z.number().describe("the delivery fees the customers paid, tips apart"),
  tips: z.number(),
  currencyCode: z.string().nullable().describe("of the amounts; null without deliveries"),
});
export type CourierShiftReport = z.infer<typeof courierShiftReportSchema>;
