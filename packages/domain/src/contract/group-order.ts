import { z } from "zod";
import { GROUP_GUESTS_MAX, GROUP_NAME_MAX_LENGTH } from "../group-order.ts";
import { cartItemSchema, cartLocationSchema, updateCartItemSchema } from "./cart.ts";
import { receiptTypeSchema } from "./catalogue.ts";
import { idSchema } from "./common.ts";

/** The share link's secret: whoever has it may see the group and join while it is open. */
export const groupTokenParamsSchema = z.object({
  token: z.string().regex(/^[\w-]{20,64}$/, "is not a group order link"),
});
export const groupItemParamsSchema = groupTokenParamsSchema.extend({ itemId: idSchema });

export const startGroupOrderSchema = z.object({
  vendorId: idSchema,
  receiptType: receiptTypeSchema.default("DELIVERY"),
  customerAddressId: idSchema.optional(),
  location: cartLocationSchema.optional(),
  name: z
    .string()
    .max(200)
    .optional()
    .describe(
      `how the others see the host (at most ${GROUP_NAME_MAX_LENGTH} characters); the profile's name by default`,
    ),
});

export const joinGroupOrderSchema = z.object({
  name: z
    .string()
    .max(200)
    .describe(`how the others see this person, 1 to ${GROUP_NAME_MAX_LENGTH} characters`),
});

export const groupMemberDoneSchema = z.object({
  done: z.boolean().describe("this person has chosen everything"),
});

export const groupStatusChangeSchema = z.object({
  status: z.enum(["OPEN", "LOCKED"]).describe("LOCKED: the host checks out and nobody else changes it"),
});

export const groupItemChangeSchema = updateCartItemSchema;

const amount = z.number();

export const groupMemberSchema = z.object({
  memberId: z.number().int(),
  name: z.string(),
  host: z.boolean(),
  done: z.boolean(),
  itemsCount: z.number().int(),
  subtotal: amount.describe("this person's items, priced by the server as any cart"),
  items: z.array(cartItemSchema),
});

export const groupOrderSchema = z.object({
  token: z.string(),
  status: z.enum(["OPEN", "LOCKED", "ORDERED"]),
  vendorId: z.number().int(),
  vendorName: z.string(),
  localityCode: z.string(),
  currencyCode: z.string(),
  guestsMax: z.number().int().describe(`people who may join besides the host (${GROUP_GUESTS_MAX})`),
  members: z.array(groupMemberSchema).describe("the host first, then each guest in the order they joined"),
  itemsTotal: amount,
  you: z
    .object({ memberId: z.number().int(), host: z.boolean() })
    .nullable()
    .describe("the person asking, once joined; null for someone who has only opened the link"),
  cartId: z.string().nullable().describe("the group's cart, for the host to check out; null for guests"),
  orderId: z.number().int().nullable().describe("the order once placed, for the host; null otherwise"),
  updatedAt: z.string().describe("changes whenever anyone changes the group"),
});
export type GroupOrder = z.infer<typeof groupOrderSchema>;

/** Joining: the group, and for a native client that had no visitor token, the one it now is. */
export const joinedGroupOrderSchema = groupOrderSchema.extend({
  visitorToken: z
    .string()
    .optional()
    .describe("issued to a native client (X-Platform ios or android) without one: sent as X-Visitor-Token"),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

/**
 * A live message of a group order's page: READY once it hears every change, GROUP_CHANGED when
 * someone joined, changed their items, or the host locked, reopened, ordered or called it off. The
 * message carries nothing of the group: the page asks for it again, as whoever it is.
 */
export const groupLiveMessageSchema = z.object({ type: z.enum(["READY", "GROUP_CHANGED"]) });
export type GroupLiveMessage = z.infer<typeof groupLiveMessageSchema>;
