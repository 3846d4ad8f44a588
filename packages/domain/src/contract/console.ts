import { z } from "zod";
import { ALLERGENS, SPICY_LEVELS } from "../allergens.ts";
import { COURIER_KMH, DEFAULT_COURIER_KMH } from "../arrival-window.ts";
import { CALENDAR_YEARS, isInCalendarRange } from "../calendar-range.ts";
import { PROMO_CODE_FORMAT_MESSAGE, PROMO_CODE_PATTERN } from "../cart-rules.ts";
import { MAX_PREORDER_DAYS, MAX_TIP_VALUES } from "../city-settings.ts";
import { DELIVERY_ZONE_POINTS } from "../delivery-zone.ts";
import { OFFER_SECONDS } from "../dispatch.ts";
import { PRODUCT_TAGS, WEIGHT_UNITS } from "../menu-editing.ts";
import { REPORT_MAX_DAYS } from "../reports.ts";
import { CONSOLE_ORDER_ACTIONS, PREPARATION_MINUTES, STAFF_PASSWORD_LENGTH, STAFF_ROLES } from "../staff.ts";
import { parseLocalDateTime } from "../working-hours.ts";
import { promoTypeSchema } from "./cart.ts";
import { paymentTypeSchema, receiptTypeSchema } from "./catalogue.ts";
import {
  idSchema,
  localeSchema,
  localizedTextSchema,
  pageSchema,
  pagingQuerySchema,
  workingIntervalSchema,
} from "./common.ts";
import { orderSchema, orderStatusSchema } from "./order.ts";

/** The partner console's calls (`/api/console/...`): staff sign in with e-mail and password. */

/** Every date the console sends stays in these years (calendar-range.ts), so no date overflows downstream. */
const IN_CALENDAR = `must fall in the years ${CALENDAR_YEARS.first} to ${CALENDAR_YEARS.last}`;
/** A day of the calendar, YYYY-MM-DD, in the console's years. */
// A value that is no date at all is told so, and only that (abort: the checks after it wait).
const consoleDate = z.iso
  .date({ message: "a date is YYYY-MM-DD", abort: true })
  .refine(isInCalendarRange, IN_CALENDAR);

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
    .array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        localityCode: z.string(),
        localityName: z.string().describe("the vendor's city in the member's language, else the city's own"),
      }),
    )
    .describe("the vendors whose orders the member sees: every vendor of the partner unless VENDOR_STAFF"),
  localities: z
    .array(z.object({ code: z.string(), names: localizedTextSchema, timeZone: z.string() }))
    .describe(
      "the cities the member works in (every city of the partner unless VENDOR_STAFF), named in each " +
        "language the console may be read in; an order's times are read on its city's zone",
    ),
  permissions: z.array(z.string()).describe("what the role may do (see packages/domain/src/staff.ts)"),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const consoleOrdersQuerySchema = pagingQuerySchema.extend({
  vendorId: idSchema.optional(),
  status: z
    .union([orderStatusSchema, z.literal("ACTIVE")])
    .optional()
    .describe("one status, or ACTIVE for every status of an order under way"),
  date: consoleDate.optional().describe("the day the order was placed, on its city's calendar"),
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

/** Part of a paid order given back: how much (major units), why (the customer reads it). */
export const consoleRefundSchema = z.object({
  amount: z.number().positive().max(1_000_000_000).describe("major units of the order's currency"),
  reason: z.string().trim().min(1).max(300).describe("why, for the customer and the records"),
  requestKey: z
    .uuid()
    .describe("one per refund the member means: a request sent again with it refunds nothing more"),
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
  refundable: z
    .number()
    .nullable()
    .describe("what the member may still refund of it (major units); null: they may not refund it"),
  undeliveredMessages: z
    .array(
      z.object({
        channel: z.enum(["SMS", "EMAIL", "PUSH", "WEB_PUSH"]),
        at: z.string().describe("when the message was written"),
        reason: z.string().describe("the provider's reason of its last try"),
      }),
    )
    .describe("messages to the customer about the order that failed after all their tries"),
  wrongHandoverCodes: z
    .number()
    .int()
    .describe("wrong hand-over codes its courier entered; from 5 the courier may try no more"),
  deliveryPhotoUrl: z
    .string()
    .nullable()
    .describe("the photo the courier took of a contactless delivery at the door; null without one"),
});
export type ConsoleOrder = z.infer<typeof consoleOrderSchema>;
export const consoleOrdersPageSchema = pageSchema(consoleOrderSchema);

export const consoleCourierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  active: z.boolean(),
});
export type ConsoleCourier = z.infer<typeof consoleCourierSchema>;
/** A courier on the partner's list: whether they are on shift in their app, and the cash they hold. */
export const consoleCourierListedSchema = consoleCourierSchema.extend({
  onShift: z.boolean(),
  simulated: z.boolean().describe("played by the demo's delivery simulator: nobody signs in as them"),
  position: z
    .object({ latitude: z.number(), longitude: z.number(), at: z.string() })
    .nullable()
    .describe("where their app last said they were, while on shift; null off shift or not yet told"),
  cashToHandIn: z
    .array(z.object({ currencyCode: z.string(), amount: z.number() }))
    .describe("cash taken at the doors since they last handed it in, by currency; none: empty"),
});
export type ConsoleCourierListed = z.infer<typeof consoleCourierListedSchema>;
export const consoleCouriersSchema = z.object({ couriers: z.array(consoleCourierListedSchema) });
/** A new courier of the partner: their name and the phone the customer and the kitchen call. */
export const consoleCourierDraftSchema = z.object({
  name: z.string().trim().min(1, "required").max(80),
  phone: z
    .string()
    .trim()
    .min(1, "required")
    .max(32)
    .describe("international number; plus signs, spaces and brackets are ignored"),
});
/** A courier's new name or phone, or their leaving (inactive: no new orders) and coming back. */
export const consoleCourierChangeSchema = consoleCourierDraftSchema
  .partial()
  .extend({ active: z.boolean().optional().describe("false: offered for no new order") });
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
  vendor: z.object({
    id: z.number().int(),
    name: z.string(),
    currencyCode: z.string(),
    lang: localeSchema.describe("the vendor's own language, which every name needs"),
  }),
  sections: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      names: localizedTextSchema.describe("the name in every language it has, for renaming"),
      visible: z.boolean(),
      products: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          price: z.number(),
          discountPrice: z.number().nullable(),
          available: z.boolean().describe("false: sold out"),
          visible: z.boolean().describe("false: hidden from the storefront"),
          photo: z.string().nullable().describe("the product's photo at its smallest size, if it has one"),
        }),
      ),
    }),
  ),
});
export type ConsoleMenu = z.infer<typeof consoleMenuSchema>;
/** A text in several languages as staff type it; the domain needs the vendor's own language. */
const menuText = (max: number) => z.partialRecord(localeSchema, z.string().trim().max(max));
const menuAmount = z.number().min(0).max(1_000_000_000);

const optionDraftSchema = z.object({
  id: idSchema.optional().describe("an existing option of this group; left out: a new option"),
  name: menuText(80),
  price: menuAmount.default(0).describe("added to the product's price when chosen"),
  available: z.boolean().default(true).describe("false: sold out"),
});

const optionGroupDraftSchema = z.object({
  id: idSchema.optional().describe("an existing group of this product; left out: a new group"),
  name: menuText(80),
  required: z.boolean().default(false),
  multiSelection: z.boolean().default(false),
  maxCount: z
    .number()
    .int()
    .min(1)
    .max(20)
    .default(1)
    .describe("the most units a customer may choose in all; a single-selection group allows one"),
  options: z.array(optionDraftSchema).min(1).max(40),
});

/**
 * A product as its vendor's staff write it in the console, whole: what is left out of its option
 * groups is deleted. Amounts in major units of the locality's currency.
 */
export const consoleProductDraftSchema = z.object({
  sectionId: idSchema.describe("a section of the product's vendor"),
  name: menuText(120).describe("the vendor's language is required"),
  description: menuText(2000).default({}),
  price: menuAmount,
  discountPrice: menuAmount.nullable().default(null).describe("null: not discounted"),
  weight: z.number().positive().max(100_000),
  weightUnit: z.enum(WEIGHT_UNITS),
  attributes: z
    .array(z.enum(["LIQUID"]))
    .max(1)
    .default([]),
  tags: z
    .array(z.enum(PRODUCT_TAGS))
    .max(PRODUCT_TAGS.length)
    .default([])
    .describe("SPICY follows spicyLevel"),
  allergens: z
    .array(z.enum(ALLERGENS))
    .max(ALLERGENS.length)
    .nullable()
    .default(null)
    .describe("the EU allergens it holds, [] for none; null: not stated"),
  spicyLevel: z.literal(SPICY_LEVELS).default(0).describe("0 mild, up to 3 very hot"),
  nutritionFacts: z
    .object({
      calories: z.number().min(0).max(10_000),
      proteins: z.number().min(0).max(1000),
      fats: z.number().min(0).max(1000),
      carbohydrates: z.number().min(0).max(1000),
    })
    .nullable()
    .default(null)
    .describe("per 100 g or ml; null: not given"),
  optionGroups: z.array(optionGroupDraftSchema).max(20).default([]),
});
export type ConsoleProductDraft = z.input<typeof consoleProductDraftSchema>;

/** A product as the console's editor opens it: the draft with its ids, and what the menu shows. */
export const consoleProductDetailsSchema = consoleProductDraftSchema
  .extend({
    optionGroups: z.array(
      optionGroupDraftSchema.extend({
        id: z.number().int(),
        options: z.array(optionDraftSchema.extend({ id: z.number().int() })),
      }),
    ),
  })
  .extend({
    id: z.number().int(),
    vendor: z.object({
      id: z.number().int(),
      name: z.string(),
      currencyCode: z.string(),
      lang: localeSchema.describe("the vendor's own language, which every name needs"),
    }),
    available: z.boolean(),
    visible: z.boolean(),
    photo: z.string().nullable(),
  });
export type ConsoleProductDetails = z.infer<typeof consoleProductDetailsSchema>;

/** A new section, or a section's new name or listing. */
export const consoleSectionDraftSchema = z.object({
  name: menuText(80).describe("the vendor's language is required"),
  visible: z.boolean().default(true),
});
export const consoleSectionChangeSchema = consoleSectionDraftSchema.partial();
export const consoleSectionSchema = z.object({
  id: z.number().int(),
  name: localizedTextSchema,
  visible: z.boolean(),
});

/** The menu's order: every section of the vendor once, with every product once, top to bottom. */
export const menuArrangementSchema = z.object({
  sections: z
    .array(z.object({ id: idSchema, productIds: z.array(idSchema).max(1000) }))
    .max(200)
    .describe("a product listed under another section moves there"),
});

export const productPhotoSchema = z.object({
  id: z.number().int(),
  photo: z.string().describe("the new photo at its smallest size"),
});

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

const localMinute = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::00)?$/, {
    message: "a local date and time, YYYY-MM-DDTHH:MM",
    abort: true,
  })
  .refine((value) => parseLocalDateTime(value) !== null, {
    message: "is not a real date and time",
    abort: true,
  })
  .refine(isInCalendarRange, IN_CALENDAR);
export const vendorClosureSchema = z.object({
  from: localMinute,
  until: localMinute,
  note: z.string().trim().max(200).optional(),
});

/** A vendor's settings as its staff edit them, amounts in major units of the locality's currency. */
export const consoleVendorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  visible: z.boolean().describe("listed on the storefront; a new vendor is not until its staff list it"),
  localityCode: z.string(),
  currencyCode: z.string(),
  street: z.string(),
  houseNumber: z.string(),
  phone: z.string().nullable().describe("the counter's number couriers call (E.164); null: none given"),
  city: z.string(),
  cookingMinutesMin: z.number().int(),
  cookingMinutesMax: z.number().int(),
  minOrderPrice: z.number(),
  deliveryFee: z.number(),
  receiptTypes: z.array(receiptTypeSchema),
  workingHours: z.array(workingIntervalSchema),
  closures: z
    .array(vendorClosureSchema)
    .describe("temporary closures to come, on the locality's wall clock, in order"),
  categoryIds: z.array(z.number().int()).describe("the categories the storefront lists the vendor under"),
  categoryChoices: z
    .array(z.object({ id: z.number().int(), name: z.string(), parentId: z.number().int().nullable() }))
    .describe("the locality's categories, in the member's language, parents before their children"),
  cover: z.string().nullable().describe("the cover picture at its smallest size"),
  avatar: z.string().nullable().describe("the logo at its smallest size"),
});
export type ConsoleVendor = z.infer<typeof consoleVendorSchema>;
export const vendorPictureKindSchema = z.enum(["cover", "avatar"]);
export const vendorPictureSchema = z.object({
  id: z.number().int(),
  kind: vendorPictureKindSchema,
  picture: z.string().describe("the new picture at its smallest size"),
});

const vendorText = z.string().trim().min(1, "required").max(120);
const vendorAmount = z.number().min(0).max(1_000_000_000);
const cookingMinutes = z.number().int().min(1).max(240);

export const consoleVendorChangeSchema = z
  .object({
    name: vendorText.optional(),
    street: vendorText.optional(),
    houseNumber: z.string().trim().min(1, "required").max(20).optional(),
    phone: z
      .string()
      .trim()
      .max(40)
      .optional()
      .describe('the counter\'s number couriers call, with its country code; "" removes it'),
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
    categoryIds: z
      .array(idSchema)
      .max(20)
      .transform((ids) => [...new Set(ids)])
      .optional()
      .describe("the whole list of the vendor's categories, of its locality; [] lists it under none"),
    visible: z.boolean().optional().describe("listed on the storefront, or hidden from customers"),
    closures: z
      .array(vendorClosureSchema)
      .max(50)
      .optional()
      .describe(
        "every temporary closure to come, on the locality's wall clock; [] reopens; past ones are dropped",
      ),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    message: "name at least one setting to change",
  });

/** A new vendor of one of the partner's cities: where it is and what it sells; the rest has defaults. */
export const consoleVendorDraftSchema = z.object({
  name: vendorText,
  vendorType: z.enum(["RESTAURANT", "STORE"]),
  localityCode: z.string().trim().min(1, "required").max(64),
  street: vendorText,
  houseNumber: z.string().trim().min(1, "required").max(20),
  latitude: z.number().min(-90).max(90).describe("where couriers pick orders up"),
  longitude: z.number().min(-180).max(180),
});

/** A promo code of the partner as its managers run it; amounts in major units of the locality's currency. */
export const consolePromoCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  type: promoTypeSchema,
  value: z.number().describe("FIXED: the amount off; PERCENT: whole percent; FREE_DELIVERY: 0"),
  minCartTotal: z.number(),
  maxDiscount: z.number().nullable().describe("PERCENT only: the most it takes off"),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  maxUses: z.number().int().nullable().describe("orders in all; null: no limit"),
  maxUsesPerCustomer: z.number().int().nullable().describe("orders per customer; null: no limit"),
  uses: z.number().int().describe("orders placed with it that were not declined or cancelled"),
  customers: z.number().int().describe("customers who used it"),
  localityCode: z.string(),
  currencyCode: z.string(),
  vendor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  description: localizedTextSchema,
});
export type ConsolePromoCode = z.infer<typeof consolePromoCodeSchema>;
export const consolePromoCodesSchema = z.object({ promoCodes: z.array(consolePromoCodeSchema) });
export const consolePromoCodesQuerySchema = z.object({
  localityCode: z.string().max(50).optional().describe("only this locality's codes"),
});

const promoAmount = z.number().min(0).max(1_000_000_000);
const promoInstant = z.iso
  .datetime({ offset: true, message: "an ISO date and time with its offset", abort: true })
  .refine(isInCalendarRange, IN_CALENDAR)
  .nullable()
  .describe("null: unbounded");
const promoUses = z.number().int().min(1).max(10_000_000).nullable().describe("null: no limit");
const promoDescription = z.partialRecord(localeSchema, z.string().trim().max(200));

/** The terms of a code, as a manager sets them; the domain checks them together (promo-code-terms.ts). */
const promoTermsShape = {
  type: promoTypeSchema,
  value: promoAmount,
  minCartTotal: promoAmount.default(0),
  maxDiscount: promoAmount.nullable().default(null),
  validFrom: promoInstant.default(null),
  validUntil: promoInstant.default(null),
  maxUses: promoUses.default(null),
  maxUsesPerCustomer: promoUses.default(1),
  vendorId: idSchema
    .nullable()
    .default(null)
    .describe("only carts of this vendor; null: any vendor of the locality"),
  description: promoDescription.default({}),
};

export const consolePromoCodeCreateSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(PROMO_CODE_PATTERN, PROMO_CODE_FORMAT_MESSAGE)
    .transform((code) => code.toUpperCase()),
  localityCode: z.string().min(1, "required").max(50),
  ...promoTermsShape,
});

/** A change of a code's terms: the code and its locality stay; what is left out stays. */
export const consolePromoCodeChangeSchema = z
  .object({
    type: promoTermsShape.type.optional(),
    value: promoAmount.optional(),
    minCartTotal: promoAmount.optional(),
    maxDiscount: promoAmount.nullable().optional(),
    validFrom: promoInstant.optional(),
    validUntil: promoInstant.optional(),
    maxUses: promoUses.optional(),
    maxUsesPerCustomer: promoUses.optional(),
    vendorId: idSchema.nullable().optional(),
    description: promoDescription.optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    message: "name at least one term to change",
  });

const zonePointSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});

/** A locality of the partner as its managers see it: where it is and where it delivers. */
export const consoleLocalitySchema = z.object({
  code: z.string(),
  name: z.string(),
  currencyCode: z.string(),
  timeZone: z.string(),
  center: zonePointSchema,
  zone: z.array(zonePointSchema).describe("the delivery zone's corners, in order"),
});
export type ConsoleLocality = z.infer<typeof consoleLocalitySchema>;
export const consoleLocalitiesSchema = z.object({
  localities: z.array(consoleLocalitySchema),
  mapTileUrl: z.string().describe("the partner's map tile URL template, as the storefront's maps use it"),
});

export const deliveryZoneChangeSchema = z.object({
  zone: z
    .array(zonePointSchema)
    .max(DELIVERY_ZONE_POINTS.max + 1)
    .describe("the corners in order; a last corner equal to the first closes the ring and is dropped"),
});

const cityAmount = z.number().min(0).max(1_000_000_000);
const referralText = localizedTextSchema.describe(
  "the text per language; a language left out reads the city's own",
);

/** A city's loyalty programme as owners and managers set it (`LoyaltyProgrammeDraft` of the domain). */
export const loyaltyProgrammeSchema = z.object({
  enabled: z.boolean().describe("off: nothing is earned, spent or expired; balances are kept"),
  earnPoints: z.number().describe("whole points earned for every `earnPer` a customer pays for goods"),
  earnPer: cityAmount.describe("major units of the currency"),
  pointValue: cityAmount.describe("what one point takes off the goods at checkout, major units"),
  minimumToRedeem: z.number().describe("the balance a customer needs before spending any point"),
  expiryMonths: z
    .number()
    .nullable()
    .describe("points expire after this many months without activity (1-120); null: never"),
  welcomeBonus: z.number().describe("points given once, when a customer's points in the city begin"),
});
export type LoyaltyProgrammeSettings = z.infer<typeof loyaltyProgrammeSchema>;

/**
 * A city's ordering settings as managers edit them in the console; amounts in major units of the
 * city's currency (a change of currency reads the amounts given in the new one).
 */
export const citySettingsChangeSchema = z.object({
  lang: localeSchema.describe(
    "the city's own language: texts missing in the reader's language fall back to it",
  ),
  currencyCode: z.string().trim().toUpperCase().length(3, "an ISO 4217 code such as EUR"),
  minOrderPrice: cityAmount.describe("the smallest order of any vendor here"),
  delivery: z.object({
    includedKm: z.number().min(0).max(100).describe("kilometres included in a vendor's delivery fee"),
    perKm: cityAmount.describe("added per kilometre beyond them"),
    step: cityAmount.describe("the delivery price is rounded to a multiple of this"),
  }),
  freeDeliveryFrom: cityAmount
    .nullable()
    .describe("a vendor's cart of this much is delivered free; null: never"),
  maxCashOrder: cityAmount.nullable().describe("the largest order paid in cash; null: no limit"),
  courierKmh: z
    .number()
    .min(COURIER_KMH.min)
    .max(COURIER_KMH.max)
    .default(DEFAULT_COURIER_KMH)
    .describe("how fast couriers ride here, in km/h, for the customers' arrival windows"),
  preorderDays: z
    .number()
    .int()
    .min(0)
    .max(MAX_PREORDER_DAYS)
    .describe("how many days ahead an order may be placed; 0: only as soon as possible"),
  receiptTypes: z.array(receiptTypeSchema).min(1, "offer delivery, takeaway or both"),
  paymentTypes: z.array(paymentTypeSchema).min(1, "offer cash, card or both"),
  showStoredCards: z.boolean().describe("whether customers pay with their saved cards"),
  tips: z.object({
    enabled: z.boolean(),
    max: z.number().min(0).max(1_000_000),
    step: z.number().min(0).max(1_000_000),
    values: z
      .array(z.number().positive())
      .max(MAX_TIP_VALUES)
      .describe("the amounts the cart offers, besides none"),
  }),
  referral: z.object({
    enabled: z.boolean(),
    discountDescription: referralText,
    bonusDescription: referralText,
  }),
  loyalty: loyaltyProgrammeSchema.optional().describe("left out: the city's programme is kept"),
});
export type CitySettingsChange = z.infer<typeof citySettingsChangeSchema>;
export const citySettingsSchema = citySettingsChangeSchema.extend({
  loyalty: loyaltyProgrammeSchema,
  code: z.string(),
  name: z.string().describe("in the member's language"),
  currencyCode: z.string(),
});
export type CitySettings = z.infer<typeof citySettingsSchema>;

/** A link of the footer: a web address, a page of the storefront ("/cms/about"), or none. */
const brandLink = z
  .string()
  .trim()
  .max(2000)
  .refine((link) => link === "" || /^https?:\/\/[^\s]+$/i.test(link) || /^\/[^\s/][^\s]*$/.test(link), {
    message: "must be a web address (https://…) or a page of the storefront (/cms/…)",
  })
  .transform((link) => (link === "" ? null : link))
  .nullable();
/** An app store's or a social network's address: a web address only. */
const brandWebLink = z
  .string()
  .trim()
  .max(2000)
  .refine((link) => link === "" || /^https?:\/\/[^\s]+$/i.test(link), {
    message: "must be a web address (https://…)",
  })
  .transform((link) => (link === "" ? null : link))
  .nullable();
const footerText = z.string().trim().max(300);

/** The partner's brand and footer as its owner and managers edit them in the console. */
export const consoleBrandSchema = z.object({
  platformName: z.string().trim().min(1, "required").max(60),
  brandColour: z.string().regex(/^#[0-9a-fA-F]{6}$/, "expected #rrggbb"),
  textLogo: z.boolean().describe("true: the header shows the platform name; false: the uploaded logo"),
  officialName: footerText,
  officialAddress: footerText,
  certificate: footerText,
  supportPhone: z.string().trim().max(40),
  supportEmail: z.union([z.literal(""), z.email("must be a valid e-mail").max(200)]),
  supportHours: z.array(workingIntervalSchema).max(21),
  links: z.object({
    aboutUs: brandLink,
    termsOfUse: brandLink,
    privacyPolicy: brandLink,
    becomeACourier: brandLink,
    becomeAVendor: brandLink,
    iosApp: brandWebLink,
    androidApp: brandWebLink,
    socialNetworks: z.object({
      facebook: brandWebLink,
      instagram: brandWebLink,
      telegram: brandWebLink,
      twitter: brandWebLink,
      linkedin: brandWebLink,
    }),
  }),
});
export type ConsoleBrandDraft = z.input<typeof consoleBrandSchema>;

/** The brand as the console reads it (no transforms: an answer is only checked, never rewritten). */
const storedLink = z.string().nullable();
export const consoleBrandViewSchema = z.object({
  platformName: z.string(),
  brandColour: z.string(),
  textLogo: z.boolean(),
  logoUrl: z.string().nullable().describe("the uploaded logo; null: none yet"),
  socialImageUrl: z
    .string()
    .nullable()
    .describe("the uploaded social-preview image; null: made from the logo"),
  socialPreviewUrl: z
    .string()
    .describe("the social-preview image as shared links show it: uploaded or drawn"),
  officialName: z.string(),
  officialAddress: z.string(),
  certificate: z.string(),
  supportPhone: z.string(),
  supportEmail: z.string(),
  supportHours: z.array(workingIntervalSchema),
  links: z.object({
    aboutUs: storedLink,
    termsOfUse: storedLink,
    privacyPolicy: storedLink,
    becomeACourier: storedLink,
    becomeAVendor: storedLink,
    iosApp: storedLink,
    androidApp: storedLink,
    socialNetworks: z.object({
      facebook: storedLink,
      instagram: storedLink,
      telegram: storedLink,
      twitter: storedLink,
      linkedin: storedLink,
    }),
  }),
});
export type ConsoleBrand = z.output<typeof consoleBrandViewSchema>;

/** A content page's address on the storefront (/cms/{slug}): lower-case letters, digits and dashes. */
export const PAGE_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

/** A content page as the console lists it, titled in the member's language. */
export const consolePageSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  visible: z.boolean(),
});
export const consolePagesSchema = z.object({ pages: z.array(consolePageSummarySchema) });
export type ConsolePageSummary = z.infer<typeof consolePageSummarySchema>;

/** A content page as its editor sends it: a title and a body (HTML) per language. */
export const consolePageDraftSchema = z.object({
  slug: z
    .string()
    .trim()
    .regex(PAGE_SLUG_PATTERN, "lower-case letters, digits and dashes, as in about-us")
    .describe("the page's address: /cms/{slug}"),
  title: z.partialRecord(localeSchema, z.string().trim().max(120)),
  body: z
    .partialRecord(localeSchema, z.string().max(50_000))
    .describe(
      "per language, HTML of p, h2, h3, strong, em, s, ul, ol, li, blockquote, a and br; the rest is removed",
    ),
  visible: z.boolean().describe("listed and served on the storefront"),
});

export const consolePageSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: localizedTextSchema,
  body: localizedTextSchema.describe("per language, the page's HTML as the storefront shows it"),
  visible: z.boolean(),
});
export type ConsolePage = z.infer<typeof consolePageSchema>;

/** A report's period of the city's days and its city. */
const reportPeriodShape = {
  from: consoleDate.describe("the first day, on the city's clock"),
  to: consoleDate.describe("the last day, included"),
  localityCode: z.string().regex(/^[a-z0-9-]{1,64}$/, "a locality code"),
};
/** A check of a report's period, as `refine` takes it. */
type PeriodCheck = [
  check: (query: { from: string; to: string }) => boolean,
  about: { message: string; path: string[] },
];
const periodInOrder: PeriodCheck = [
  (query) => query.from <= query.to,
  { message: "must not be before from", path: ["to"] },
];
const periodShortEnough: PeriodCheck = [
  (query) => (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 < REPORT_MAX_DAYS,
  { message: `a report covers at most ${REPORT_MAX_DAYS} days`, path: ["to"] },
];

/** Which orders a report covers: a period of the city's days, a city, and optionally one vendor. */
export const consoleReportQuerySchema = z
  .object({
    ...reportPeriodShape,
    vendorId: idSchema.optional().describe("one vendor of the city; unset: all of them"),
  })
  .refine(...periodInOrder)
  .refine(...periodShortEnough);

/** Which visits the funnel counts: a period of the city's days and the city (no vendor: visits are the city's). */
export const consoleFunnelQuerySchema = z
  .object(reportPeriodShape)
  .refine(...periodInOrder)
  .refine(...periodShortEnough);

const ratingSummarySchema = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
  distribution: z.array(z.number().int()).describe("how many gave 1, 2, 3, 4 and 5 stars"),
});

/** A report's figures; amounts in the city's currency (major units). */
export const consoleReportSchema = z.object({
  localityCode: z.string(),
  currencyCode: z.string(),
  from: z.string(),
  to: z.string(),
  vendorId: z.number().int().nullable(),
  days: z.array(
    z.object({
      date: z.string(),
      orders: z.number().int(),
      revenue: z.number(),
      refunded: z.number().describe("given back afterwards of that day's orders"),
      cancelled: z.number().int(),
      declined: z.number().int(),
    }),
  ),
  totals: z.object({
    orders: z.number().int().describe("orders placed (paid, when paid online)"),
    completed: z.number().int(),
    revenue: z.number().describe("of the orders not declined or cancelled; a vendor's: its part"),
    refunded: z
      .number()
      .describe(
        "given back afterwards of those orders (partial refunds from the console): revenue counts it",
      ),
    averageBasket: z.number().nullable(),
    cancelled: z.number().int(),
    declined: z.number().int(),
    cancellationRate: z.number().nullable().describe("0 to 1"),
    declineRate: z.number().nullable().describe("0 to 1"),
  }),
  reasons: z.array(
    z.object({
      outcome: z.enum(["CANCELLED", "DECLINED"]),
      reason: z.string().nullable(),
      count: z.number().int(),
    }),
  ),
  loyalty: z
    .object({
      issued: z.number().int().describe("points earned and given as welcome bonuses in the period"),
      redeemed: z.number().int().describe("points spent at checkout in the period, less those given back"),
      expired: z.number().int(),
      reversed: z.number().int().describe("earned points a refund took back in the period"),
      outstanding: z.number().int().describe("every customer's balance in the city at the period's end"),
      outstandingValue: z.number().describe("what those points would take off at checkout: the liability"),
    })
    .nullable()
    .describe("the city's points; null in a vendor's report"),
  topProducts: z.array(
    z.object({ productId: z.number().int(), name: z.string(), count: z.number().int(), revenue: z.number() }),
  ),
  delivery: z.object({
    orders: z.number().int().describe("completed deliveries ordered for as soon as possible"),
    promisedMinutes: z.number().int().nullable(),
    actualMinutes: z.number().int().nullable(),
    late: z.number().int(),
  }),
  ratings: z.object({ vendor: ratingSummarySchema, courier: ratingSummarySchema }),
});
export type ConsoleReport = z.infer<typeof consoleReportSchema>;

const funnelCountsSchema = z.object({
  visits: z.number().int().describe("visits (a browser tab's session) that viewed a page of the city"),
  carts: z.number().int().describe("visits that added a product to a cart"),
  checkouts: z.number().int().describe("visits that opened the checkout with a cart"),
  orders: z.number().int().describe("visits that placed an order"),
});

/** The storefront's funnel in a city: visits that reached each step, per day and over the period. */
export const consoleFunnelSchema = z.object({
  localityCode: z.string(),
  from: z.string(),
  to: z.string(),
  days: z.array(funnelCountsSchema.extend({ date: z.string() })),
  totals: funnelCountsSchema.describe("a visit of two days is one visit of the period"),
  stepRates: z
    .object({ carts: z.number().nullable(), checkouts: z.number().nullable(), orders: z.number().nullable() })
    .describe("each step's share of the step before, 0 to 1 (more where a visit's page view was lost)"),
  conversion: z.number().nullable().describe("orders' share of the visits"),
});
export type ConsoleFunnel = z.infer<typeof consoleFunnelSchema>;

/** A home-page banner of a city as its managers edit it: every language's title, hidden ones too. */
export const consoleBannerSchema = z.object({
  id: z.number().int(),
  localityCode: z.string(),
  title: localizedTextSchema,
  picture: z.string().nullable().describe("the picture at its smallest size"),
  vendorId: z.number().int().nullable().describe("the vendor the banner opens"),
  url: z.string().nullable().describe("else the address it opens: a web address or a storefront page"),
  visible: z.boolean(),
  sort: z.number().int().describe("smaller first"),
});
export type ConsoleBanner = z.infer<typeof consoleBannerSchema>;
export const consoleBannersSchema = z.object({
  banners: z.array(consoleBannerSchema),
  vendors: z
    .array(z.object({ id: z.number().int(), name: z.string() }))
    .describe("the city's vendors a banner may open, by name"),
});
export const bannerQuerySchema = z.object({ localityCode: z.string().min(1).max(40) });
export const bannerChangeSchema = z.object({
  title: z
    .partialRecord(localeSchema, z.string().trim().max(120))
    .describe("per language; a language left empty reads the city's own"),
  vendorId: z.number().int().positive().nullable(),
  url: brandLink,
  visible: z.boolean(),
  sort: z.number().int().min(0).max(999),
});

/** A city's category as its managers edit it: every language's name, and how many vendors it lists. */
export const consoleCategorySchema = z.object({
  id: z.number().int(),
  name: localizedTextSchema,
  parentId: z.number().int().nullable().describe("a category of the first level, or none"),
  top: z.boolean().describe("also in the quick row above the list"),
  sort: z.number().int().describe("smaller first"),
  picture: z.string().nullable().describe("the icon at its smallest size"),
  vendors: z.number().int().describe("the vendors listed under it"),
});
export type ConsoleCategory = z.infer<typeof consoleCategorySchema>;
export const consoleCategoriesSchema = z.object({ categories: z.array(consoleCategorySchema) });
export const categoryQuerySchema = z.object({ localityCode: z.string().min(1).max(40) });
export const categoryDraftSchema = z.object({
  name: z
    .partialRecord(localeSchema, z.string().trim().max(60))
    .describe("per language; a language left empty reads the city's own"),
  parentId: z.number().int().positive().nullable(),
  top: z.boolean(),
  sort: z.number().int().min(0).max(999),
});

/** Automatic dispatch's settings of the partner. */
export const consoleDispatchSettingsSchema = z.object({
  offerSeconds: z
    .number()
    .int()
    .min(OFFER_SECONDS.min)
    .max(OFFER_SECONDS.max)
    .describe("how long a courier has to answer an offer before it goes to the next courier"),
});
export type ConsoleDispatchSettings = z.infer<typeof consoleDispatchSettingsSchema>;
