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

/** A kitchen the courier picks food up at: its name, address, place and counter phone. */
const pickUpSchema = placeSchema.extend({ name: z.string(), phone: z.string().nullable() });

/** A delivery as its courier sees it. */
export const courierJobSchema = z.object({
  orderId: z.number().int(),
  status: orderStatusSchema,
  pickUp: pickUpSchema,
  alsoPickUp: z
    .array(pickUpSchema)
    .describe("an order from several vendors: its other kitchens, to call at as well, in the order's order"),
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
  pays: z.number().describe("what the courier earns for it: the delivery fee the customer paid, tips apart"),
  readyAt: z.string().nullable().describe("when the kitchen expects the food ready; null when it is"),
  proof: z
    .enum(["CODE", "PHOTO"])
    .describe("how it is delivered: the customer's 4-digit code, or a photo at the door (contactless)"),
});
export type CourierJob = z.infer<typeof courierJobSchema>;

/** What the app tells the courier once: a job of theirs the dispatcher gave to another courier. */
export const courierNoticeSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  kind: z.enum(["REASSIGNED"]),
  at: z.string(),
});
export type CourierNotice = z.infer<typeof courierNoticeSchema>;

export const courierJobsSchema = z.object({
  offers: z.array(courierJobSchema),
  active: z.array(courierJobSchema).describe("the courier's jobs under way, oldest first"),
  notices: z
    .array(courierNoticeSchema)
    .describe("what the courier has not yet seen, oldest first: POST /me/notices/{id}/seen once shown"),
  serverTime: z
    .string()
    .describe(
      "the server's clock when it answered (ISO): offers' countdowns run on it, not on the phone's own",
    ),
});
export type CourierJobs = z.infer<typeof courierJobsSchema>;

/**
 * What the courier app's live socket says: READY once it hears every change from then on, and
 * JOBS_CHANGED whenever the courier's offers or jobs changed (the app reads them again).
 */
export const courierLiveMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("READY") }),
  z.object({ type: z.literal("JOBS_CHANGED") }),
]);
export type CourierLiveMessage = z.infer<typeof courierLiveMessageSchema>;

/** The largest proof photo taken (a data URL's characters): a phone's JPEG, shrunk by the app. */
export const PROOF_PHOTO_MAX_CHARS = 4_000_000;

export const courierDeliveredSchema = z.union([
  z.object({
    handoverCode: z
      .string()
      .trim()
      .regex(/^\d{4}$/, "the 4 digits the customer's order page shows")
      .describe("the code the customer tells at the door"),
  }),
  z.object({
    photo: z
      .string()
      .max(PROOF_PHOTO_MAX_CHARS)
      .regex(/^data:image\/(jpeg|png|webp);base64,/, "a JPEG, PNG or WebP data URL")
      .describe("for a contactless delivery: the photo of the order at the door, as a data URL"),
  }),
]);

/** The courier's shift in figures: the one under way, else the last. */
export const courierShiftReportSchema = z.object({
  shiftStartedAt: z.string().nullable(),
  shiftEndedAt: z.string().nullable().describe("null while the shift is under way"),
  deliveries: z.number().int(),
  distanceKm: z.number().describe("from each kitchen to its door, as the crow flies"),
  cashCollected: z.number().describe("cash taken at the doors, to hand in"),
  earnings: z.number().describe("the delivery fees the customers paid, tips apart"),
  tips: z.number(),
  currencyCode: z
    .string()
    .nullable()
    .describe(
      "of the amounts: the deliveries', else the partner's one currency, else that of the city the courier was last seen in; null when none is known",
    ),
});
export type CourierShiftReport = z.infer<typeof courierShiftReportSchema>;
