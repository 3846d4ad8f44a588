import { z } from "zod";
import { ORDER_STATUSES } from "../order-status.ts";
import {
  cartAddressSchema,
  cartLocationSchema,
  cartPricesSchema,
  deliveryInstructionsSchema,
  vendorCartSchema,
} from "./cart.ts";
import { paymentTypeSchema, receiptTypeSchema } from "./catalogue.ts";
import { idSchema, pageSchema, pagingQuerySchema } from "./common.ts";

export { ORDER_STATUSES };

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
  preorderDateTime: z.string().nullable().describe("the wanted time on the locality's clock; null: at once"),
  preorderAt: z.string().nullable().describe("the same wanted time as an instant (ISO, UTC)"),
  withCutlery: z.boolean(),
  deliveryInstructions: deliveryInstructionsSchema.describe("how the customer wants it handed over"),
  promocode: z.string().nullable(),
  invoiceEmail: z.string().nullable(),
  address: cartAddressSchema.nullable(),
  vendorCarts: z.array(vendorCartSchema).describe("what was ordered, as the cart was at checkout"),
  prices: cartPricesSchema,
  price: z.number().describe("what the customer pays"),
  createdAt: z.string(),
  statusHistory: z.array(z.object({ status: orderStatusSchema, at: z.string(), actor: z.string() })),
  displayStatus: orderStatusSchema.describe("the status as shown: APPROVED shows as PREPARING"),
  page: z.enum(["payment", "status", "details"]).describe("the order page the status opens"),
  canCancel: z.boolean().describe("whether the customer may still cancel it"),
  scheduled: z
    .boolean()
    .describe("a preorder the kitchen has accepted and not started yet: it reads as scheduled for its time"),
  completedAt: z.string().nullable().describe("when it became COMPLETED"),
  createdBy: z.number().int().describe("the customer's user id"),
  // The values of payment.ts's paymentStatusSchema, which imports this module (no import back).
  paymentStatus: z
    .enum(["PENDING", "AUTHORIZED", "FAILED", "ERROR", "CANCELED"])
    .nullable()
    .describe("the online payment's state; null for cash"),
  refunds: z
    .array(z.object({ amount: z.number(), reason: z.string(), at: z.string() }))
    .describe("parts of the payment given back by the partner, oldest first"),
  refundedAmount: z.number().describe("all given back of the online payment so far"),
  courier: z.object({ name: z.string(), phone: z.string() }).nullable(),
  courierLocation: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  vendors: z
    .array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        address: z.string().describe("its street, house and city: where a takeaway is picked up"),
        latitude: z.number(),
        longitude: z.number(),
      }),
    )
    .describe("where the order's vendor carts come from, for the map and a takeaway's pick-up"),
  tracking: z.object({ path: z.string().describe("the live tracking WebSocket, with the orderID") }),
  eta: z
    .object({ from: z.string(), to: z.string() })
    .nullable()
    .describe(
      "when it should arrive (be ready, for a takeaway), from and to as ISO instants, narrowing as it " +
        "advances; null once nothing is awaited. ETA_UPDATE on the tracking socket tells each change",
    ),
});
export type Order = z.infer<typeof orderSchema>;

/** One of the customer's orders as its own page reads it: with the code to tell the courier. */
export const customerOrderSchema = orderSchema.extend({
  handoverCode: z
    .string()
    .nullable()
    .describe("the 4 digits the customer tells the courier at the door, while ON_DELIVERY or ARRIVED"),
  deliveryPhotoUrl: z
    .string()
    .nullable()
    .describe("the photo the courier took of a contactless delivery at the door; null without one"),
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;

export const paymentMethodSchema = z.object({
  code: z.string(),
  type: paymentTypeSchema,
  name: z.string(),
  /** A saved card: its masked number (" ****4242") or "broken card". */
  card: z.object({ id: z.number().int(), maskedCardNumber: z.string(), default: z.boolean() }).nullable(),
});
export const paymentMethodsSchema = z.object({ methods: z.array(paymentMethodSchema) });
export type PaymentMethods = z.infer<typeof paymentMethodsSchema>;

/** The customer's orders: every active one, and a page of the delivered (final) ones; newest first. */
export const customerOrdersSchema = z.object({
  activeOrders: z.array(orderSchema),
  deliveredOrders: z.array(orderSchema),
  page: z.number().int().describe("the page of deliveredOrders"),
  size: z.number().int(),
  totalElements: z.number().int().describe("delivered orders in all"),
  totalPages: z.number().int(),
});
export type CustomerOrders = z.infer<typeof customerOrdersSchema>;

export const activeOrdersSchema = z.object({ orders: z.array(orderSchema) });
export type ActiveOrders = z.infer<typeof activeOrdersSchema>;

export const cancelOrderResponseSchema = orderSchema.extend({
  refunded: z.boolean().describe("an online payment was taken and is given back"),
});

/** Where the reordered cart goes: a saved address or a point, as when starting a cart. */
export const reorderSchema = z
  .object({ customerAddressId: idSchema.optional(), location: cartLocationSchema.optional() })
  .refine((body) => body.customerAddressId !== undefined || body.location !== undefined, {
    message: "a cart needs a customerAddressId or a location",
    path: ["location"],
  });
export const reorderResponseSchema = z.object({
  cartId: z.uuid(),
  unavailableItems: z
    .array(z.object({ productId: z.number().int(), name: z.string() }))
    .describe("lines left out: the product or one of its options is no longer available"),
});

/** The ops API: vendors, couriers and the delivery simulator move a partner's orders. */
export const opsOrdersQuerySchema = pagingQuerySchema.extend({ status: orderStatusSchema.optional() });
export const opsOrdersPageSchema = pageSchema(orderSchema);
export const courierSchema = z.object({
  name: z.string().trim().min(1).max(100),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{5,30}$/, "expected a phone number"),
});
export const courierLocationSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
