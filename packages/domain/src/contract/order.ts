import { z } from "zod";
import { cartAddressSchema, cartPricesSchema, vendorCartSchema } from "./cart.ts";
import { paymentTypeSchema, receiptTypeSchema } from "./catalogue.ts";

export const ORDER_STATUSES = [
  "CREATED",
  "WAITING_APPROVAL",
  "APPROVED",
  "PREPARING",
  "ON_DELIVERY",
  "ARRIVED",
  "READY",
  "COMPLETED",
  "DECLINED",
  "CANCELED",
  "CANCELLED",
] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const placeOrderSchema = z.object({
  cartId: z.uuid("a cart id is a UUID"),
  invoiceEmail: z.email("must be a valid e-mail").max(200).optional(),
});

export const orderSchema = z.object({
  id: z.number().int(),
  status: orderStatusSchema,
  localityCode: z.string(),
  currencyCode: z.string(),
  receiptType: receiptTypeSchema,
  paymentType: paymentTypeSchema,
  paymentMethod: z.string().nullable(),
  preorderDateTime: z.string().nullable(),
  withCutlery: z.boolean(),
  promocode: z.string().nullable(),
  invoiceEmail: z.string().nullable(),
  address: cartAddressSchema.nullable(),
  vendorCarts: z.array(vendorCartSchema).describe("what was ordered, as the cart was at checkout"),
  prices: cartPricesSchema,
  price: z.number().describe("what the customer pays"),
  createdAt: z.string(),
  statusHistory: z.array(z.object({ status: orderStatusSchema, at: z.string(), actor: z.string() })),
});
export type Order = z.infer<typeof orderSchema>;

export const paymentMethodSchema = z.object({
  code: z.string(),
  type: paymentTypeSchema,
  name: z.string(),
  /** A saved card: its masked number (" ****4242") or "broken card". */
  card: z.object({ id: z.number().int(), maskedNumber: z.string(), isDefault: z.boolean() }).nullable(),
});
export const paymentMethodsSchema = z.object({ methods: z.array(paymentMethodSchema) });
export type PaymentMethods = z.infer<typeof paymentMethodsSchema>;
