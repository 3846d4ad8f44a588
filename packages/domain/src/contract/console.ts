import { z } from "zod";
import { CONSOLE_ORDER_ACTIONS, PREPARATION_MINUTES, STAFF_PASSWORD_LENGTH, STAFF_ROLES } from "../staff.ts";
import { receiptTypeSchema } from "./catalogue.ts";
import { idSchema, localeSchema, pageSchema, pagingQuerySchema, workingIntervalSchema } from "./common.ts";
import { orderSchema, orderStatusSchema } from "./order.ts";

/** The partner console's calls (`/api/console/...`): staff sign in with e-mail and password. */

export const staffRoleSchema = z.enum(STAFF_ROLES);

export const staffSignInSchema = z.object({
  email: z.email("must be a valid e-mail").max(200),
  password: z.string().min(1, "required").max(STAFF_PASSWORD_LENGTH.max),
});

export const staffMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  locale: localeSchema.nullable().describe("the console language the member chose; null: the browser's"),
  partner: z.object({ code: z.string(), name: z.string() }),
  vendors: z
    .array(z.object({ id: z.number().int(), name: z.string(), localityCode: z.string() }))
    .describe("the vendors whose orders the member sees: every vendor of the partner unless VENDOR_STAFF"),
  permissions: z.array(z.string()).describe("what the role may do (see packages/domain/src/staff.ts)"),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const consoleOrdersQuerySchema = pagingQuerySchema.extend({
  vendorId: idSchema.optional(),
  status: z
    .union([orderStatusSchema, z.literal("ACTIVE")])
    .optional()
    .describe("one status, or ACTIVE for every status of an order under way"),
  date: z.iso.date("a date is YYYY-MM-DD").optional().describe("the day the order was placed (UTC)"),
});

export const consoleOrderActionSchema = z.enum(
  Object.keys(CONSOLE_ORDER_ACTIONS) as [
    keyof typeof CONSOLE_ORDER_ACTIONS,
    ...(keyof typeof CONSOLE_ORDER_ACTIONS)[],
  ],
);

export const consoleOrderMoveSchema = z.object({
  preparationMinutes: z
    .number()
    .int()
    .min(PREPARATION_MINUTES.min)
    .max(PREPARATION_MINUTES.max)
    .optional()
    .describe("accept: how long the kitchen needs (required)"),
  reason: z.string().trim().min(1).max(300).optional().describe("decline and cancel: why (required)"),
});

export const consoleOrderSchema = orderSchema.extend({
  customer: z.object({ name: z.string().nullable(), phone: z.string() }),
  preparationMinutes: z.number().int().nullable(),
  history: z.array(
    z.object({
      status: orderStatusSchema,
      at: z.string(),
      actor: z.string(),
      staffName: z.string().nullable().describe("the console member who made the move, if one did"),
      note: z.string().nullable(),
    }),
  ),
  actions: z.array(consoleOrderActionSchema).describe("the moves the signed-in member may make now"),
  canAssignCourier: z.boolean(),
});
export type ConsoleOrder = z.infer<typeof consoleOrderSchema>;
export const consoleOrdersPageSchema = pageSchema(consoleOrderSchema);

export const consoleCourierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  active: z.boolean(),
});
export const consoleCouriersSchema = z.object({ couriers: z.array(consoleCourierSchema) });
export const courierAssignmentSchema = z.object({ courierId: idSchema });

/** A live message of the console's order board: an order of the member's was placed or moved. */
export const boardMessageSchema = z.object({
  type: z.literal("ORDER_CHANGED"),
  orderId: z.number().int(),
  status: orderStatusSchema,
  vendorIds: z.array(z.number().int()),
});
export type BoardMessage = z.infer<typeof boardMessageSchema>;

/** A vendor's whole menu as its staff edit it: hidden and sold-out products too. */
export const consoleMenuSchema = z.object({
  vendor: z.object({ id: z.number().int(), name: z.string(), currencyCode: z.string() }),
  sections: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      visible: z.boolean(),
      products: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          price: z.number(),
          discountPrice: z.number().nullable(),
          available: z.boolean().describe("false: sold out"),
          visible: z.boolean().describe("false: hidden from the storefront"),
        }),
      ),
    }),
  ),
});
export type ConsoleMenu = z.infer<typeof consoleMenuSchema>;

/** One change in the console's audit log. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  staffName: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.number().int(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema) });

/** The partner's staff as the owner manages them. */
export const staffListSchema = z.object({
  staff: z.array(
    z.object({
      id: z.number().int(),
      email: z.string(),
      name: z.string(),
      role: staffRoleSchema,
      invited: z.boolean().describe("invited and not signed up yet (no password)"),
      lastSignInAt: z.string().nullable(),
      vendors: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  ),
});

export const staffInvitationSchema = z
  .object({
    email: z.email("must be a valid e-mail").max(200),
    name: z.string().trim().min(1, "required").max(100),
    role: staffRoleSchema,
    vendorIds: z.array(idSchema).max(200).default([]).describe("VENDOR_STAFF: the vendors they work for"),
    locale: localeSchema.default("en").describe("the language of the invitation e-mail and its link"),
  })
  .refine((invitation) => invitation.role !== "VENDOR_STAFF" || invitation.vendorIds.length > 0, {
    path: ["vendorIds"],
    message: "vendor staff work for at least one vendor",
  });

export const passwordResetRequestSchema = z.object({
  email: z.email("must be a valid e-mail").max(200),
  locale: localeSchema.default("en").describe("the language of the e-mail and its link"),
});

export const passwordSettingSchema = z.object({
  token: z.string().min(20).max(200),
  password: z
    .string()
    .min(STAFF_PASSWORD_LENGTH.min, `at least ${STAFF_PASSWORD_LENGTH.min} characters`)
    .max(STAFF_PASSWORD_LENGTH.max),
});

/** A vendor's settings as its staff edit them, amounts in major units of the locality's currency. */
export const consoleVendorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  localityCode: z.string(),
  currencyCode: z.string(),
  street: z.string(),
  houseNumber: z.string(),
  city: z.string(),
  cookingMinutesMin: z.number().int(),
  cookingMinutesMax: z.number().int(),
  minOrderPrice: z.number(),
  deliveryFee: z.number(),
  receiptTypes: z.array(receiptTypeSchema),
  workingHours: z.array(workingIntervalSchema),
});
export type ConsoleVendor = z.infer<typeof consoleVendorSchema>;

const vendorText = z.string().trim().min(1, "required").max(120);
const vendorAmount = z.number().min(0).max(1_000_000_000);
const cookingMinutes = z.number().int().min(1).max(240);

export const consoleVendorChangeSchema = z
  .object({
    name: vendorText.optional(),
    street: vendorText.optional(),
    houseNumber: z.string().trim().min(1, "required").max(20).optional(),
    city: vendorText.optional(),
    cookingMinutesMin: cookingMinutes.optional(),
    cookingMinutesMax: cookingMinutes.optional(),
    minOrderPrice: vendorAmount.optional(),
    deliveryFee: vendorAmount.optional(),
    receiptTypes: z
      .array(receiptTypeSchema)
      .min(1, "at least one way to receive an order")
      .transform((types) => [...new Set(types)])
      .optional(),
    workingHours: z
      .array(workingIntervalSchema)
      .max(70)
      .optional()
      .describe("every opening span of the week; [] closes"),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    message: "name at least one setting to change",
  });
