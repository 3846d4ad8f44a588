import { z } from "zod";
import { ALLERGENS, SPICY_LEVELS } from "../allergens.ts";
import { RATING_BUCKETS } from "../rating.ts";
import { SEARCH_MIN_CHARS } from "../search-text.ts";
import {
  coordinatesSchema,
  imageSchema,
  latitudeSchema,
  localDateTimeSchema,
  localeSchema,
  localizedTextSchema,
  longitudeSchema,
  pageSchema,
  pagingQuerySchema,
  workingHoursSchema,
} from "./common.ts";

export const receiptTypeSchema = z.enum(["DELIVERY", "TAKEAWAY"]);
export const vendorTypeSchema = z.enum(["RESTAURANT", "STORE"]);

export const localitySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameI18n: localizedTextSchema,
  timeZone: z.string(),
  currencyCode: z.string(),
  countryCode: z.string(),
  lang: localeSchema,
  center: coordinatesSchema,
});
export type Locality = z.infer<typeof localitySchema>;

export const nearestQuerySchema = z
  .object({ lat: latitudeSchema.optional(), lng: longitudeSchema.optional() })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), {
    message: "lat and lng go together",
    path: ["lng"],
  });
export const nearestLocalitySchema = localitySchema.extend({
  insideDeliveryZone: z.boolean().describe("whether the given point lies in the locality's delivery zone"),
  distanceKm: z.number().nullable(),
});

export const localityCodeParamsSchema = z.object({
  code: z.string().regex(/^[a-z0-9-]{1,64}$/, "a locality code is lower-case letters, digits and dashes"),
});

export const publicInfoSchema = z.object({
  platformName: z.string(),
  partnerOfficialName: z.string(),
  partnerOfficialAddress: z.string(),
  partnerCertificate: z.string(),
  links: z.object({
    aboutUs: z.string().nullable(),
    termsOfUse: z.string().nullable(),
    privacyPolicy: z.string().nullable(),
    becomeACourier: z.string().nullable(),
    becomeAVendor: z.string().nullable(),
    iosApp: z.string().nullable(),
    androidApp: z.string().nullable(),
    socialNetworks: z.object({
      facebook: z.string().nullable(),
      instagram: z.string().nullable(),
      telegram: z.string().nullable(),
      twitter: z.string().nullable(),
      linkedin: z.string().nullable(),
    }),
  }),
});
export type PublicInfo = z.infer<typeof publicInfoSchema>;

export const contactsSchema = z.object({
  forClients: z.object({
    phone: z.string(),
    email: z.string(),
    workingHours: workingHoursSchema,
  }),
});

export const preOrderPeriodSchema = z.object({ type: z.enum(["DAYS", "NONE"]), value: z.number().int() });
export const paymentTypeSchema = z.enum(["CASH", "ONLINE"]);
export const tipSettingsSchema = z.object({
  enabled: z.boolean(),
  tipMax: z.number(),
  tipStep: z.number(),
  tipValues: z.array(z.number()),
});

export const localityParamsSchema = z.object({
  code: z.string(),
  timeZone: z.string(),
  partnerType: z.enum(["DEMO", "PROD"]),
  locale: z.object({
    lang: localeSchema,
    currencyCode: z.string(),
    currencySymbol: z.string(),
    countryCode: z.string(),
  }),
  publicInfo: publicInfoSchema,
  contacts: contactsSchema,
  delivery: z.object({
    minOrderPrice: z.number(),
    preOrderPeriod: preOrderPeriodSchema,
    receiptTypes: z.array(receiptTypeSchema),
    deliveryZone: z
      .array(z.tuple([z.number(), z.number()]))
      .describe("the zone polygon as [longitude, latitude] pairs; a map swaps them for display"),
    maxVendorsPerCart: z.number().int(),
  }),
  availabilitySchedule: z.object({ workingHours: workingHoursSchema }),
  paymentOptions: z.object({
    paymentTypes: z.array(paymentTypeSchema),
    paymentOptions: z.array(z.object({ code: z.string(), type: paymentTypeSchema, name: z.string() })),
    showStoredCards: z.boolean(),
  }),
  tipSettings: tipSettingsSchema,
  customerAuthOtpProvider: z.enum(["INTERNAL", "FIREBASE"]),
  customerFirebaseOTPSettings: z.record(z.string(), z.string()).nullable(),
  supportChatSettings: z.object({ enabled: z.boolean(), url: z.string().nullable() }),
  loyaltyProgramSettings: z
    .object({ enabled: z.boolean() })
    .describe("whether the city's loyalty programme runs (customers earn and spend points)"),
  referralProgramSettings: z.object({
    enabled: z.boolean(),
    discountConfig: z.object({ promocodeConfig: z.object({ description: z.string() }) }),
    bonusConfig: z.object({ promocodeConfig: z.object({ description: z.string() }) }),
  }),
  alertTexts: z
    .object({
      invalidCashAmount: z
        .string()
        .nullable()
        .describe(
          "the partner's own text of the invalid cash amount alert in the reader's language; null: the default",
        ),
    })
    .describe("alert texts the partner overrides"),
  theme: z.object({
    brandColour: z.string(),
    textLogo: z.boolean(),
    logoUrl: z.string().nullable().describe("the partner's logo picture, used unless textLogo is set"),
    mapTileUrl: z.string(),
    iconUrl: z.string().describe("the partner's square 192 px icon (favicon), drawn from its brand"),
    socialPreviewUrl: z
      .string()
      .describe("the partner's 1500 × 1500 social-preview image: the uploaded one, or drawn from the logo"),
  }),
});
export type LocalityParams = z.infer<typeof localityParamsSchema>;

export const bannerSchema = z.object({
  id: z.number().int(),
  spot: z.string().describe("where the banner shows; top by default"),
  title: z.string(),
  image: imageSchema,
  vendorId: z.number().int().nullable(),
  url: z.string().nullable(),
  order: z.number().int(),
});
export type Banner = z.infer<typeof bannerSchema>;

const categoryFields = {
  id: z.number().int(),
  name: z.string(),
  image: imageSchema.nullable(),
  vendorsCount: z.number().int(),
};
export const categorySchema = z.object(categoryFields);
export const categoryNodeSchema = z.object({ ...categoryFields, children: z.array(categorySchema) });
export const categoriesResponseSchema = z.object({
  tree: z.array(categoryNodeSchema),
  top: z.array(categorySchema),
});
export type CategoriesResponse = z.infer<typeof categoriesResponseSchema>;

export const timeAvailabilitySchema = z.object({
  available: z.boolean(),
  nextAvailableAt: z
    .string()
    .nullable()
    .describe("local date-time of the next opening when not available now; null when never"),
});
export type TimeAvailability = z.infer<typeof timeAvailabilitySchema>;

export const vendorSummarySchema = z.object({
  id: z.number().int(),
  localityCode: z.string(),
  name: z.string(),
  vendorType: vendorTypeSchema,
  street: z.string(),
  houseNumber: z.string(),
  city: z.string(),
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  imagePath: z.string().nullable(),
  avatarPath: z.string().nullable(),
  image: imageSchema.nullable(),
  avatar: imageSchema.nullable(),
  rating: z.number().nullable(),
  ratingsCount: z.number().int(),
  categories: z.array(z.object({ id: z.number().int() })),
  working: z.boolean().describe("open now"),
  workingHours: workingHoursSchema,
  timeAvailability: timeAvailabilitySchema.describe("availability now, or at preorderDateTime"),
  closesBeforeArrivalAt: z
    .string()
    .nullable()
    .describe(
      "HH:MM on the locality's clock: the vendor, open now, closes before an order placed now could " +
        "arrive (be ready, for a takeaway-only vendor), so such an order would be refused at checkout; " +
        "null otherwise, and for a preorder time",
    ),
  sort: z.number().int(),
  delivery: z.boolean().describe("whether the vendor delivers (otherwise takeaway only)"),
  receiptTypes: z.array(receiptTypeSchema),
  minEstimatedDeliveryDuration: z.number().int(),
  maxEstimatedDeliveryDuration: z.number().int(),
  estimatedDeliveryDuration: z.string().describe("one number when min equals max, otherwise min–max"),
  cookingTimeRange: z.object({ start: z.number().int(), end: z.number().int() }),
  deliveryPrice: z.number().describe("for the given point when latitude/longitude are sent"),
  minOrderPrice: z.number(),
  currencyCode: z.string(),
  distanceToCustomer: z.number().nullable().describe("kilometres from the given point"),
  deliversToPoint: z
    .boolean()
    .nullable()
    .describe(
      "whether the vendor's locality delivers to the given point (false: the point is outside its zone, " +
        "and the times and price are those without a point); null when no point was given",
    ),
  liveMode: z.boolean(),
});
export type VendorSummary = z.infer<typeof vendorSummarySchema>;

export const vendorsPageSchema = pageSchema(vendorSummarySchema);
export type VendorsPage = z.infer<typeof vendorsPageSchema>;

/** Ids are PostgreSQL integers: a ten-digit number past 2147483647 is refused here, not by the database. */
const csvOfIds = z
  .string()
  .regex(/^\d{1,10}(,\d{1,10})*$/, "a comma-separated list of category ids")
  .transform((value) => value.split(",").map(Number))
  .pipe(
    z
      .array(z.number().max(2_147_483_647, "a category id is at most 2147483647"))
      .max(100, "at most 100 categories"),
  );

export const vendorPointQuerySchema = z
  .object({
    latitude: latitudeSchema.optional(),
    longitude: longitudeSchema.optional(),
    preorderDateTime: localDateTimeSchema.optional(),
  })
  .refine((q) => (q.latitude === undefined) === (q.longitude === undefined), {
    message: "latitude and longitude go together",
    path: ["longitude"],
  });

export const vendorsQuerySchema = pagingQuerySchema
  .extend({
    latitude: latitudeSchema.optional(),
    longitude: longitudeSchema.optional(),
    preorderDateTime: localDateTimeSchema.optional(),
    cartId: z.uuid().optional().describe("the visitor's cart; accepted for compatibility"),
    categories: csvOfIds.optional(),
    searchString: z.string().trim().min(1).max(100).optional(),
    rating: z.enum(RATING_BUCKETS).optional(),
    deliveryTime: z.coerce
      .number()
      .int()
      .min(10)
      .max(240)
      .optional()
      .describe("only vendors that deliver within this many minutes"),
  })
  .refine((q) => (q.latitude === undefined) === (q.longitude === undefined), {
    message: "latitude and longitude go together",
    path: ["longitude"],
  });
export type VendorsQuery = z.infer<typeof vendorsQuerySchema>;

export const nutritionFactsSchema = z.object({
  calories: z.number(),
  proteins: z.number(),
  fats: z.number(),
  carbohydrates: z.number(),
});

export const componentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameI18n: localizedTextSchema,
  price: z.number(),
  available: z.boolean(),
});
export const componentGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameI18n: localizedTextSchema,
  required: z.boolean(),
  multiSelection: z.boolean(),
  maxCount: z.number().int(),
  components: z.array(componentSchema),
});

export const productSchema = z.object({
  id: z.number().int(),
  vendorId: z.number().int(),
  sectionId: z.number().int(),
  name: z.string(),
  nameI18n: localizedTextSchema,
  description: z.string(),
  descriptionI18n: localizedTextSchema,
  image: imageSchema.nullable().describe("null: the storefront shows its default picture"),
  price: z.number().describe("what the customer pays"),
  originalPrice: z.number().describe("the price before a discount"),
  discount: z.number().int().describe("discount in percent, 0 when none"),
  discountPrice: z.number().nullable().describe("the discounted price, null when not discounted"),
  prices: z.object({ currencyCode: z.string(), price: z.number(), originalPrice: z.number() }),
  weight: z.number(),
  weightUnit: z.enum(["g", "ml", "pcs"]),
  attributes: z.array(z.enum(["LIQUID"])),
  tags: z.array(z.string()),
  allergens: z
    .array(z.enum(ALLERGENS))
    .nullable()
    .describe("the EU allergens it holds, [] for none; null: its vendor has not stated them"),
  spicyLevel: z.literal(SPICY_LEVELS).describe("0 mild, up to 3 very hot"),
  nutritionFacts: nutritionFactsSchema.nullable(),
  order: z.number().int(),
  available: z.boolean(),
  visible: z.boolean(),
  popular: z.boolean(),
  sectionWorkingHours: workingHoursSchema.nullable(),
  componentGroups: z.array(componentGroupSchema),
});
export type Product = z.infer<typeof productSchema>;

/** An amount an operator sets, in major units of the locality's currency. */
const opsAmountSchema = z.number().positive().max(1_000_000_000);

const productChangeFields = {
  price: opsAmountSchema.optional().describe("the full price"),
  discountPrice: opsAmountSchema
    .nullable()
    .optional()
    .describe("the price while discounted, below the full price; null ends the discount"),
  available: z.boolean().optional().describe("in stock: false shows the product as sold out"),
};
const somethingChanged = (change: Record<string, unknown>) =>
  Object.values(change).some((value) => value !== undefined);

/** A vendor's or dispatch's change through the ops API: prices and stock. */
export const opsProductChangeSchema = z.object(productChangeFields).refine(somethingChanged, {
  message: "name at least one of price, discountPrice, available",
});
/** The console's change: prices, stock, and whether the storefront lists the product at all. */
export const consoleProductChangeSchema = z
  .object({
    ...productChangeFields,
    visible: z.boolean().optional().describe("listed: false hides the product from the storefront"),
  })
  .refine(somethingChanged, { message: "name at least one of price, discountPrice, available, visible" });
export type OpsProductChange = z.infer<typeof consoleProductChangeSchema>;

/** The alert texts a partner may override, per language; a language left out keeps the default text. */
export const partnerAlertTextsSchema = z.object({
  invalidCashAmount: localizedTextSchema.describe(
    "the invalid cash amount alert (maximum cash order reached), e.g. with the partner's own limit",
  ),
});
export type PartnerAlertTexts = z.infer<typeof partnerAlertTextsSchema>;

/** A product's stock and prices as stored, in major units of its locality's currency. */
export const opsProductSchema = z.object({
  id: z.number().int(),
  vendorId: z.number().int(),
  currencyCode: z.string(),
  price: z.number(),
  discountPrice: z.number().nullable(),
  available: z.boolean(),
});
/** The same, with whether the storefront lists it (the console's answer). */
export const consoleProductSchema = opsProductSchema.extend({ visible: z.boolean() });
export type OpsProduct = z.infer<typeof consoleProductSchema>;

export const vendorDetailSchema = vendorSummarySchema.extend({
  description: z.string(),
  popularProducts: z.array(productSchema),
});
export type VendorDetail = z.infer<typeof vendorDetailSchema>;

export const catalogueSectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  visible: z.boolean(),
  order: z.number().int(),
  cookingTime: z.number().int().nullable(),
  imageOrientation: z.enum(["LANDSCAPE", "PORTRAIT"]),
  timeAvailability: timeAvailabilitySchema,
  workingHours: workingHoursSchema.nullable(),
  products: z.array(productSchema),
});
export const catalogueSchema = z.object({
  vendorId: z.number().int(),
  currencyCode: z.string(),
  sections: z.array(catalogueSectionSchema),
});
export type Catalogue = z.infer<typeof catalogueSchema>;

export const contentPageSummarySchema = z.object({
  pageId: z.number().int(),
  slug: z.string(),
  title: z.string(),
});
export const contentPageSchema = contentPageSummarySchema.extend({
  body: z
    .string()
    .describe(
      "the page as HTML of p, h2, h3, strong, em, s, ul, ol, li, blockquote, a and br only (nothing else survives)",
    ),
  lang: localeSchema,
});
export type ContentPage = z.infer<typeof contentPageSchema>;
export type ContentPageSummary = z.infer<typeof contentPageSummarySchema>;

export const contentPageParamsSchema = z.object({
  id: z.string().min(1).max(300).describe("a page id, a slug with or without a leading slash, or a full URL"),
});

export const analyticsEventSchema = z.object({
  name: z.string().trim().min(1).max(100),
  params: z
    .record(z.string().max(100), z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]))
    .default({})
    .refine((params) => Object.keys(params).length <= 50, "at most 50 params"),
});

export const favouriteVendorsPageSchema = pageSchema(
  z.object({ id: z.number().int(), vendor: vendorSummarySchema }),
);
export type FavouriteVendorsPage = z.infer<typeof favouriteVendorsPageSchema>;

/** A favourite product as its card shows it: the menu's name, picture and prices, and where to find it. */
export const favouriteProductSchema = productSchema
  .pick({
    id: true,
    vendorId: true,
    name: true,
    image: true,
    price: true,
    originalPrice: true,
    discount: true,
    discountPrice: true,
    prices: true,
    available: true,
  })
  .extend({
    vendorName: z.string(),
    localityCode: z.string().describe("the vendor's locality, for the link to its menu"),
  });
export type FavouriteProduct = z.infer<typeof favouriteProductSchema>;

export const favouriteProductsPageSchema = pageSchema(
  z.object({ id: z.number().int(), product: favouriteProductSchema }),
);
export type FavouriteProductsPage = z.infer<typeof favouriteProductsPageSchema>;

/**
 * A search over the locality's dishes and vendors: `q` from the spec's minimum of characters (its
 * spellings forgiven, see `search-text.ts`), `preorderDateTime` the cart's time, as the vendor list's.
 */
export const searchQuerySchema = z.object({
  q: z.string().trim().min(SEARCH_MIN_CHARS).max(100),
  preorderDateTime: localDateTimeSchema.optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchResultsSchema = z.object({
  dishes: z
    .array(favouriteProductSchema)
    .describe("the matching dishes, the closest first, then those of open vendors, then by rating"),
  vendors: z
    .array(vendorSummarySchema)
    .describe("the vendors matching by name, category or dish, in the same order"),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;
