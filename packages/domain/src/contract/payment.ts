import { z } from "zod";
import { BROKEN_CARD } from "../format.ts";
import { isSameOriginPath } from "../redirects.ts";
import { orderStatusSchema } from "./order.ts";

/** The state of an online payment (the spec's payment status). */
export const PAYMENT_STATUSES = ["PENDING", "AUTHORIZED", "FAILED", "ERROR", "CANCELED"] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === "http:" || url.protocol === "https:") && !url.username && !url.password;
}

/** Where the card page sends the customer back: a path of this site or an http(s) address. */
export const returnUrlSchema = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .refine(
    (value) => isSameOriginPath(value) || isHttpUrl(value),
    "must be a path of this site or an http(s) URL",
  );

/** A path of the storefront, e.g. "/en/menu/cards". */
export const storefrontPathSchema = z
  .string()
  .trim()
  .max(500)
  .refine(isSameOriginPath, "must be a path of this site, starting with /");

export const paymentMethodCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .describe('"card:<id>" for a saved card, or the locality\'s online payment option ("sandbox-card")');

export const createPaymentSchema = z.object({
  returnUrl: returnUrlSchema.describe(
    "where the card page sends the customer back, with ?transactionID=…&status=… appended",
  ),
  paymentMethod: paymentMethodCodeSchema
    .optional()
    .describe(
      "a saved card (card:<id>) is charged at once; otherwise the order's method, else the card page",
    ),
});

export const createPaymentIntentSchema = z.object({
  paymentMethod: paymentMethodCodeSchema
    .optional()
    .describe("a saved card, card:<id>; the default card if left out"),
});

export const authorizePaymentSchema = z.object({
  transactionID: z.string().trim().min(1).max(100),
});

export const cancelPaymentSchema = z.object({
  transactionID: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .describe("the payment to cancel; the order's latest one if left out"),
});

/** Every payment call answers the payment as it now stands, with what it did to the order. */
export const paymentAnswerSchema = z.object({
  orderId: z.number().int(),
  transactionID: z.string(),
  status: paymentStatusSchema,
  redirectUrl: z.string().nullable().describe("the card page to send the customer to, while PENDING"),
  orderStatus: orderStatusSchema,
  canRetry: z.boolean().describe("true while the order still waits for payment: another attempt may be made"),
  failureReason: z.string().nullable(),
});
export type PaymentAnswer = z.infer<typeof paymentAnswerSchema>;

export const savedCardSchema = z.object({
  id: z.number().int(),
  maskedCardNumber: z.string().describe('" ****4242", or "broken card" when the last digits are unknown'),
  brand: z.string().nullable(),
  default: z.boolean().describe("the card paid with unless the customer picks another"),
});
export type SavedCard = z.infer<typeof savedCardSchema>;
export const savedCardsSchema = z.object({ cards: z.array(savedCardSchema) });

export const cardsQuerySchema = z.object({
  localityCode: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/)
    .optional()
    .describe("accepted for the spec's sake; a customer's cards serve every locality of the partner"),
});

export const bindFormQuerySchema = z.object({
  paymentOptionCode: z.string().trim().min(1).max(100),
  localityCode: z.string().regex(/^[a-z0-9-]{1,64}$/),
  returnPath: storefrontPathSchema
    .optional()
    .describe("the storefront page to come back to; /{locale}/menu/cards if left out"),
});

export const bindResultQuerySchema = z.object({
  transactionID: z.string().trim().min(1).max(100),
  partner: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  returnPath: storefrontPathSchema,
  status: z.string().max(20).optional().describe("the card page's word; the gateway's record decides"),
});

/** The spec's card display: " ****" and the last four digits, or "broken card" without them. */
export function maskCardNumber(last4: string | null | undefined): string {
  return last4 && /^\d{4}$/.test(last4) ? ` ****${last4}` : BROKEN_CARD;
}
export type SavedCards = z.infer<typeof savedCardsSchema>;
