import { z } from "zod";
import {
  CART_COMMENT_MAX_LENGTH,
  CART_ITEM_MAX_COUNT,
  PROMO_CODE_FORMAT_MESSAGE,
  PROMO_CODE_PATTERN,
} from "../cart-rules.ts";
import { SUBSTITUTIONS } from "../delivery-instructions.ts";
import { paymentTypeSchema, receiptTypeSchema } from "./catalogue.ts";
import { idSchema, imageSchema, latitudeSchema, localDateTimeSchema, longitudeSchema } from "./common.ts";

/** Money in JSON is decimal major units (2.5 is €2.50), rounded to the currency's minor unit. */
const amount = z.number();

/** How the customer wants the order handed over (see instructionsForOrder). */
export const deliveryInstructionsSchema = z.object({
  contactless: z.boolean().describe("leave it at the door"),
  callOnArrival: z.boolean().describe("the courier calls at the door"),
  substitution: z
    .enum(SUBSTITUTIONS)
    .nullable()
    .describe("a grocery item out of stock: SIMILAR, REFUND or CALL; null when there are no groceries"),
});

export const cartComponentSchema = z.object({
  id: z.number().int().describe("the option id"),
  groupId: z.number().int(),
  name: z.string(),
  count: z.number().int(),
  price: amount,
  originalPrice: amount,
});

export const cartItemSchema = z.object({
  cartProductId: z.number().int(),
  productId: z.number().int(),
  name: z.string(),
  count: z.number().int(),
  price: amount.describe("one unit with its options"),
  originalPrice: amount.describe("one unit with its options, before the product's discount"),
  discountPrice: amount.nullable().describe("the product's discounted unit price, null when not discounted"),
  discount: z.number().int().describe("percent the product's discount takes off, 0 when none"),
  totalPrice: amount.describe("price × count; 0 for an invalid line"),
  comment: z.string().nullable(),
  image: imageSchema.nullable(),
  components: z.array(cartComponentSchema),
  person: z.string().optional().describe("in a group order, the name of the person it is for"),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const vendorCartSchema = z.object({
  vendorCartId: z.number().int(),
  vendorId: z.number().int(),
  vendorName: z.string(),
  vendorAvatar: imageSchema.nullable(),
  receiptTypes: z.array(receiptTypeSchema),
  items: z.array(cartItemSchema),
  totalPrice: amount,
  originalTotalPrice: amount,
  deliveryCost: amount,
  minOrderPrice: amount,
  amountToGetFreeDelivery: amount.nullable(),
  minEstimatedDeliveryDuration: z.number().int(),
  maxEstimatedDeliveryDuration: z.number().int(),
  cutlery: z.number().int().describe("cutlery sets"),
  allowsCutlery: z.boolean(),
  maxCutlery: z.number().int().nullable().describe("null: no limit"),
});
export type VendorCart = z.infer<typeof vendorCartSchema>;

export const promoTypeSchema = z.enum(["FIXED", "PERCENT", "FREE_DELIVERY"]);
export const promoCheckResultSchema = z.enum(["DOES_NOT_APPLY", "NOT_FOUND", "OK", "OUTDATED", "UTILIZED"]);

export const cartPricesSchema = z.object({
  cartTotal: amount,
  finalTotal: amount,
  originalTotal: amount,
  deliveryTotal: amount.describe("before a FREE_DELIVERY promo code, which shows in discounts"),
  taxTotal: amount,
  taxes: z.array(
    z.object({
      name: z.string().nullable(),
      rate: z.number().describe("percent"),
      included: z.boolean().describe("included in the prices, not added to the total"),
      amount,
    }),
  ),
  fees: z.array(z.object({ name: z.string().nullable(), description: z.string().nullable(), amount })),
  amountToGetFreeDelivery: amount.nullable(),
  discounts: z.array(
    z.discriminatedUnion("type", [
      z.object({ type: z.literal("PROMOCODE"), promoType: promoTypeSchema, discountTotal: amount }),
      z.object({
        type: z.literal("LOYALTY"),
        points: z.number().int().positive().describe("the points spent"),
        discountTotal: amount,
      }),
    ]),
  ),
  tipAmount: amount,
});
export type CartPrices = z.infer<typeof cartPricesSchema>;

const detail = (max: number) => z.string().trim().max(max).nullable().optional();

/** What the courier needs besides the street, as the address form asks it: each may be left out. */
export const courierDetailsInputSchema = z.object({
  apartmentNumber: detail(20),
  entrance: detail(20),
  floor: detail(20),
  intercom: detail(50),
  comment: detail(500),
});
export const courierDetailsSchema = z.object({
  apartmentNumber: z.string().nullable(),
  entrance: z.string().nullable(),
  floor: z.string().nullable(),
  intercom: z.string().nullable(),
  comment: z.string().nullable().describe("for the courier: how to find the door"),
});

/** Where a cart, and the order made of it, goes: the point, its street and the courier's details. */
export const cartAddressSchema = z
  .object({
    customerAddressId: z.number().int().nullable(),
    latitude: z.number(),
    longitude: z.number(),
    formattedAddress: z.string().nullable(),
    shortAddress: z.string().nullable(),
  })
  .extend(courierDetailsSchema.shape);

export const cartSchema = z.object({
  cartId: z.uuid(),
  localityCode: z.string(),
  currencyCode: z.string(),
  receiptType: receiptTypeSchema,
  availableReceiptTypes: z.array(receiptTypeSchema).describe("what every vendor of the cart offers"),
  paymentType: paymentTypeSchema,
  paymentMethod: z.string().nullable(),
  preorderDateTime: z.string().nullable().describe("local date-time; null: as soon as possible"),
  quickDelivery: z.boolean(),
  deliveryTime: z
    .object({ min: z.number().int(), max: z.number().int() })
    .nullable()
    .describe("minutes for an ASAP order, the slowest vendor cart; null when empty"),
  withCutlery: z.boolean().describe("whether any vendor cart asks for cutlery"),
  deliveryInstructions: deliveryInstructionsSchema.describe("as the order will carry them"),
  groceries: z.boolean().describe("whether the cart has a store's items: the substitution is asked"),
  promocode: z.string().nullable(),
  promoType: promoTypeSchema.nullable(),
  promoCheckResult: promoCheckResultSchema
    .nullable()
    .describe("OK while the applied code gives its discount; otherwise why it does not"),
  tipAmount: amount.describe("the courier's tip; 0 on a takeaway, which has no courier"),
  loyalty: z
    .object({
      balance: z.number().int().describe("the customer's points in the cart's city"),
      usePoints: z.boolean().describe("whether the cart spends them (prices.discounts' LOYALTY line)"),
      redeemablePoints: z
        .number()
        .int()
        .describe("the most the goods let it spend now; 0 below the programme's minimum balance"),
      pointValue: amount.describe("what one point takes off"),
      minimumToRedeem: z.number().int(),
    })
    .nullable()
    .describe("null for a guest, or where the city runs no loyalty programme"),
  address: cartAddressSchema.nullable(),
  vendorCarts: z.array(vendorCartSchema),
  prices: cartPricesSchema,
  totalPrice: amount.describe("the items, as prices.cartTotal"),
  price: amount.describe("what the customer pays, as prices.finalTotal"),
  itemsCount: z.number().int(),
});
export type Cart = z.infer<typeof cartSchema>;

export const validateCartResultSchema = z.object({
  status: z.enum([
    "SUCCESS",
    "VALIDATION_FAILED",
    "SOMETHING_WENT_WRONG",
    "ADDRESS_NOT_EXISTS",
    "ADDRESS_NOT_CHOOSEN",
    "CART_ID_NOT_FOUND",
    "DEFAULT_NOT_SELECTED",
  ]),
  invalidProducts: z.array(
    z.object({
      cartProductId: z.number().int(),
      vendorCartId: z.number().int(),
      productId: z.number().int(),
      reason: z.enum([
        "PRODUCT_REMOVED",
        "PRODUCT_HIDDEN",
        "PRODUCT_NOT_AVAILABLE",
        "PRODUCT_INVALID_DELIVERY_INTERVAL",
        "OPTIONS_REMOVED",
      ]),
      invalidComponents: z.array(
        z.object({
          componentId: z.number().int(),
          groupId: z.number().int(),
          reason: z.enum([
            "REMOVED",
            "INVALID_REQUIRED",
            "INVALID_MULTI_SELECTION",
            "COMPONENTS_NOT_AVAILABLE",
          ]),
        }),
      ),
    }),
  ),
  invalidVendors: z.array(
    z.object({
      vendorCartId: z.number().int(),
      vendorId: z.number().int(),
      status: z.enum(["VENDOR_HIDDEN", "VENDOR_INVALID_DELIVERY_INTERVAL"]),
      nextSlot: z
        .string()
        .nullable()
        .describe(
          "a vendor closed for an order now that takes preorders: the first local date-time it can meet, " +
            "with every dish of the cart sold at it; null otherwise",
        ),
    }),
  ),
  invalidDeliveryTime: z.boolean(),
  invalidLocation: z.boolean().describe("the delivery address is outside the locality's delivery zone"),
  closingBeforeArrival: z
    .array(
      z.object({
        vendorCartId: z.number().int(),
        closesAt: z.string().describe("local HH:MM the vendor closes"),
        arrivesAt: z.string().describe("local HH:MM an order now would arrive (be ready, for takeaway)"),
        takeawayReadyAt: z
          .string()
          .nullable()
          .describe("local HH:MM a takeaway would be ready before closing; null: no takeaway in time"),
        nextSlot: z
          .string()
          .nullable()
          .describe("the first local date-time the vendor can meet; null: no preorder"),
      }),
    )
    .describe("vendors closing before an order as soon as possible could arrive: it cannot be placed"),
  belowMinimum: z.array(z.object({ vendorCartId: z.number().int(), minOrderPrice: amount, missing: amount })),
});
export type ValidateCartResult = z.infer<typeof validateCartResultSchema>;

export const cartResponseSchema = z.object({
  cart: cartSchema,
  validateCartResult: validateCartResultSchema,
});
export type CartResponse = z.infer<typeof cartResponseSchema>;

/**
 * A point the visitor chose without a saved address (the temporary address), with the details a
 * guest typed for the courier: they go onto the order as a saved address's do.
 */
export const cartLocationSchema = z
  .object({
    latitude: latitudeSchema,
    longitude: longitudeSchema,
    formattedAddress: z.string().trim().max(300).optional(),
    shortAddress: z.string().trim().max(200).optional(),
    addressComponents: z.record(z.string(), z.string().max(300)).optional(),
  })
  .extend(courierDetailsInputSchema.shape);

export const createCartSchema = z
  .object({
    localityCode: z
      .string()
      .regex(/^[a-z0-9-]{1,64}$/)
      .optional()
      .describe(
        "the locality the storefront shows; without it the address's point decides (the locality whose delivery zone holds it, else the nearest)",
      ),
    receiptType: receiptTypeSchema.default("DELIVERY"),
    customerAddressId: idSchema.optional(),
    location: cartLocationSchema.optional(),
  })
  .refine((body) => body.customerAddressId !== undefined || body.location !== undefined, {
    message: "a cart needs a customerAddressId or a location",
    path: ["location"],
  });
export const createCartResponseSchema = z.object({
  cartId: z.uuid(),
  /**
   * A native client's anonymous visitor token (X-Platform ios or android, when the request carried
   * none): it sends it back as X-Visitor-Token, as the web's browser sends its visitor cookie.
   */
  visitorToken: z.string().optional(),
});

export const updateCartSchema = z
  .object({
    receiptType: receiptTypeSchema.optional(),
    paymentType: paymentTypeSchema.optional(),
    paymentMethod: z.string().trim().min(1).max(100).nullable().optional(),
    customerAddressId: idSchema.optional(),
    location: cartLocationSchema.optional(),
    preorderDateTime: localDateTimeSchema.nullable().optional(),
    deliveryInstructions: deliveryInstructionsSchema
      .partial()
      .optional()
      .describe("what is sent changes; the rest stays"),
    usePoints: z
      .boolean()
      .optional()
      .describe("pay for goods with the customer's loyalty points, as many as the cart may spend"),
  })
  .refine((body) => !(body.customerAddressId !== undefined && body.location !== undefined), {
    message: "send a customerAddressId or a location, not both",
    path: ["location"],
  });
export type UpdateCart = z.infer<typeof updateCartSchema>;

export const cartIdParamsSchema = z.object({ id: z.uuid("a cart id is a UUID") });
export const vendorCartParamsSchema = z.object({ vendorCartId: idSchema });
/**
 * A vendor cart's item: the spec's change names a line (`{cartProductId}`), its removal a product
 * (`{productId}`), at the same place of the same path. OpenAPI allows one template for both, so the
 * place is `{itemId}`, described per operation (issue 41, point 10).
 */
export const cartProductParamsSchema = z.object({
  vendorCartId: idSchema,
  itemId: idSchema.describe("the line's cart product id (the spec's cartProductId)"),
});
/** The spec's removal names a product; the storefront's own lines are named by their cart product id. */
export const removeCartProductParamsSchema = z.object({
  vendorCartId: idSchema,
  itemId: idSchema.describe("a product id (the spec's productId), or a cart product id (see idType)"),
});
export const removeCartProductQuerySchema = z.object({
  idType: z
    .enum(["PRODUCT", "CART_PRODUCT"])
    .optional()
    .describe(
      "what itemId names; without it, whichever it matches in the vendor cart (409 when it matches both)",
    ),
});

export const tipSchema = z.object({ tipAmount: z.number().min(0).max(1_000_000) });

export const addCartItemSchema = z.object({
  vendorId: idSchema,
  productId: idSchema,
  count: z.number().int().min(1).max(CART_ITEM_MAX_COUNT).default(1),
  components: z
    .array(z.object({ id: idSchema, count: z.number().int().min(1).max(CART_ITEM_MAX_COUNT).default(1) }))
    .max(50)
    .default([]),
  comment: z.string().trim().max(CART_COMMENT_MAX_LENGTH).optional(),
  checkInfo: z
    .object({
      price: z.number().min(0).optional().describe("the unit price, options included, the customer saw"),
    })
    .optional()
    .describe(
      "what the customer saw: when the price is another now, 409 ProductPriceChangedException answers the new one and nothing is added",
    ),
});
export type AddCartItem = z.infer<typeof addCartItemSchema>;

export const updateCartItemSchema = z
  .object({
    count: z.number().int().min(0).max(CART_ITEM_MAX_COUNT).optional().describe("0 removes the line"),
    comment: z.string().trim().max(CART_COMMENT_MAX_LENGTH).nullable().optional(),
  })
  .refine((body) => body.count !== undefined || body.comment !== undefined, {
    message: "send a count or a comment",
    path: ["count"],
  });

export const cutlerySchema = z.object({ cutlery: z.number().int().min(0).max(99) });

export const promoCodeSchema = z.object({
  code: z.string().trim().regex(PROMO_CODE_PATTERN, PROMO_CODE_FORMAT_MESSAGE),
});

export const deliveryDaysSchema = z.object({
  days: z.array(
    z.object({
      date: z.string().describe("local date, YYYY-MM-DD"),
      times: z.array(z.string()).describe("HH:MM slots, every 30 minutes"),
    }),
  ),
});
export type DeliveryDays = z.infer<typeof deliveryDaysSchema>;

export const customerPromoCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  type: promoTypeSchema,
  value: z.number().describe("FIXED: amount in the locality's currency; PERCENT: percent; FREE_DELIVERY: 0"),
  minCartTotal: amount,
  maxDiscount: amount.nullable(),
  currencyCode: z.string().nullable().describe("null for a code valid in every locality"),
  localityCode: z.string().nullable(),
  validUntil: z.string().nullable(),
  description: z.string(),
  personal: z.boolean().describe("given to this customer only"),
});
export type CustomerPromoCode = z.infer<typeof customerPromoCodeSchema>;
export const customerPromoCodesSchema = z.object({ promoCodes: z.array(customerPromoCodeSchema) });
export type CustomerPromoCodes = z.infer<typeof customerPromoCodesSchema>;

export const referralCodeSchema = z.object({
  code: z.string().describe("the customer's referral code, for friends to enter on a first order"),
});
export type ReferralCode = z.infer<typeof referralCodeSchema>;

/** A delivery point to check when the customer picks it, against the zones and the cart's vendors. */
export const deliveryCheckQuerySchema = z.object({
  lat: latitudeSchema,
  lng: longitudeSchema,
  cartId: z
    .uuid("a cart id is a UUID")
    .optional()
    .describe("the customer's cart, whose vendors must deliver there"),
});
export const deliveryCheckSchema = z.object({
  status: z
    .enum(["OK", "INVALID_LOCATION", "INVALID_VENDOR_LOCATION"])
    .describe(
      "INVALID_LOCATION: outside every delivery zone; INVALID_VENDOR_LOCATION: the cart's vendors do not deliver there",
    ),
  localityCode: z.string().nullable().describe("the locality whose zone holds the point, null when none"),
});
export type DeliveryCheck = z.infer<typeof deliveryCheckSchema>;
