import {
  type Allergen,
  type CourierDetails,
  type DeliveryInstructions,
  type ImageVariant,
  type LocalizedText,
  type LoyaltyProgramme,
  NO_INSTRUCTIONS,
  ORDER_STATUSES,
  type SpicyLevel,
  type VendorClosure,
  type WorkingInterval,
} from "@storefront/domain";
import type { Order, PublicInfo } from "@storefront/domain/contract";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** Bytes: node-postgres reads a Buffer, PGlite a Uint8Array; both are given back as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/** Amounts are integer minor units of the locality's currency. */
const money = (name: string) => bigint(name, { mode: "number" });

export interface PartnerSettings {
  maxVendorsPerCart: number;
  brandColour: string;
  textLogo: boolean;
  logoUrl?: string | null;
  /** The uploaded 1500 × 1500 social-preview image; unset: one is made from the logo. */
  socialImageUrl?: string | null;
  mapTileUrl: string;
  suspendedUrls: { demo: string | null; prod: string | null };
  /**
   * Origins besides the storefront's own (PUBLIC_URL) that the card page may send a customer back to,
   * e.g. the partner's app or a second site ("https://app.shop.example"); unset: none.
   */
  returnOrigins?: string[];
  /** Signs the external customer tokens of /customer/auth/onde/login/by-token (HS256); none: refused. */
  externalAuthSecret?: string | null;
  /** The referral programme's terms, the same in every locality; unset: the defaults of `REFERRAL_TERMS`. */
  referralTerms?: { discountPercent: number; bonusPercent: number; bonusValidDays: number };
  /**
   * The Firebase project of localities whose OTP provider is FIREBASE: its ID tokens are accepted by
   * /customer/auth/firebase-auth, and its web settings go to the storefront.
   */
  firebase?: { projectId: string; apiKey: string; authDomain: string } | null;
  /** Alert texts the operator overrides per language (PUT /api/ops/partner/alert-texts); unset: the defaults. */
  alertTexts?: { invalidCashAmount?: LocalizedText };
  /** How long a courier has to answer an offer of automatic dispatch; unset: DEFAULT_OFFER_SECONDS. */
  offerSeconds?: number;
}

export interface PartnerContacts {
  phone: string;
  email: string;
  workingHours: WorkingInterval[];
}

export const partners = pgTable("partners", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  type: text("type", { enum: ["DEMO", "PROD"] }).notNull(),
  status: text("status", { enum: ["ACTIVE", "SUSPENDED"] })
    .notNull()
    .default("ACTIVE"),
  publicInfo: jsonb("public_info").$type<PublicInfo>().notNull(),
  contacts: jsonb("contacts").$type<PartnerContacts>().notNull(),
  settings: jsonb("settings").$type<PartnerSettings>().notNull(),
  defaultLocalityCode: text("default_locality_code"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The host names a partner's storefront and console answer on ("shop.example", lower case, no port):
 * one deployment serves each partner on its own domains.
 */
export const partnerHosts = pgTable(
  "partner_hosts",
  {
    host: text("host").primaryKey(),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("partner_hosts_partner_idx").on(t.partnerId)],
);

/** Locality settings; each unset one takes the default of the spec's section 9. */
export interface LocalityParamsRow {
  minOrderPrice?: number;
  preOrderPeriod?: { type: "DAYS" | "NONE"; value: number };
  receiptTypes?: Array<"DELIVERY" | "TAKEAWAY">;
  workingHours?: WorkingInterval[];
  paymentTypes?: Array<"CASH" | "ONLINE">;
  showStoredCards?: boolean;
  tipSettings?: { enabled: boolean; tipMax: number; tipStep: number; tipValues: number[] };
  customerAuthOtpProvider?: "INTERNAL" | "FIREBASE";
  supportChatUrl?: string | null;
  /** Whether referral codes work in this locality, and how the programme is described to customers. */
  referral?: { enabled: boolean; discountDescription: LocalizedText; bonusDescription: LocalizedText };
  /** The city's loyalty programme; unset: `defaultLoyaltyProgramme` (off). */
  loyalty?: LoyaltyProgramme;
  deliveryPricing?: { includedKm: number; perKmMinor: number; stepMinor: number };
  /** A vendor cart whose items reach this total is delivered free; unset: never free by amount. */
  freeDeliveryFromMinor?: number;
  /** Service fees added to every order. */
  serviceFees?: Array<{
    name: string | null;
    /** What the fee pays for: one text, or one per language (the demo's). */
    description: string | LocalizedText | null;
    fixedMinor: number;
    basisPoints: number;
  }>;
  /** Taxes on orders; included ones (VAT) are shown, the others added. */
  taxes?: Array<{ name: string | null; rateBasisPoints: number; included: boolean }>;
  /** The largest order paid in cash; unset: no limit. */
  maxCashOrderMinor?: number;
  /** How fast couriers ride here, for the arrival windows; unset: DEFAULT_COURIER_KMH. */
  courierKmh?: number;
}

export const localities = pgTable(
  "localities",
  {
    id: serial("id").primaryKey(),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    code: text("code").notNull(),
    name: jsonb("name").$type<LocalizedText>().notNull(),
    timeZone: text("time_zone").notNull(),
    currencyCode: text("currency_code").notNull(),
    countryCode: text("country_code").notNull(),
    lang: text("lang").notNull(),
    /** [longitude, latitude] pairs, GeoJSON order. */
    deliveryZone: jsonb("delivery_zone").$type<Array<[number, number]>>().notNull(),
    centerLatitude: doublePrecision("center_latitude").notNull(),
    centerLongitude: doublePrecision("center_longitude").notNull(),
    params: jsonb("params").$type<LocalityParamsRow>().notNull().default({}),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [
    uniqueIndex("localities_partner_code_idx").on(t.partnerId, t.code),
    index("localities_partner_sort_idx").on(t.partnerId, t.sort),
  ],
);

export const images = pgTable("images", {
  id: serial("id").primaryKey(),
  basePath: text("base_path").notNull().unique(),
  variants: jsonb("variants").$type<ImageVariant[]>().notNull(),
  /** What the picture was made from, e.g. "fluent-emoji-flat:pizza on #e85d04". */
  source: text("source").notNull(),
});

export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    localityId: integer("locality_id")
      .notNull()
      .references(() => localities.id),
    parentId: integer("parent_id"),
    key: text("key").notNull(),
    name: jsonb("name").$type<LocalizedText>().notNull(),
    imageId: integer("image_id").references(() => images.id),
    top: boolean("top").notNull().default(false),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [
    index("categories_locality_sort_idx").on(t.localityId, t.sort),
    uniqueIndex("categories_locality_key_idx").on(t.localityId, t.key),
  ],
);

export const vendors = pgTable(
  "vendors",
  {
    id: serial("id").primaryKey(),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    localityId: integer("locality_id")
      .notNull()
      .references(() => localities.id),
    name: text("name").notNull(),
    description: jsonb("description").$type<LocalizedText>().notNull().default({}),
    vendorType: text("vendor_type", { enum: ["RESTAURANT", "STORE"] }).notNull(),
    street: text("street").notNull(),
    houseNumber: text("house_number").notNull(),
    /** The counter's number couriers call (E.164, with its plus); null: none given. */
    phone: text("phone"),
    city: text("city").notNull(),
    country: text("country").notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    imageId: integer("image_id").references(() => images.id),
    avatarId: integer("avatar_id").references(() => images.id),
    rating: doublePrecision("rating"),
    ratingsCount: integer("ratings_count").notNull().default(0),
    workingHours: jsonb("working_hours").$type<WorkingInterval[]>().notNull(),
    /** Temporary closures on the locality's wall clock, in order; past ones are dropped on the next change. */
    closures: jsonb("closures").$type<VendorClosure[]>().notNull().default([]),
    receiptTypes: text("receipt_types").array().$type<Array<"DELIVERY" | "TAKEAWAY">>().notNull(),
    cookingMinutesMin: integer("cooking_minutes_min").notNull(),
    cookingMinutesMax: integer("cooking_minutes_max").notNull(),
    deliveryFee: money("delivery_fee").notNull(),
    minOrderPrice: money("min_order_price").notNull().default(0),
    allowsCutlery: boolean("allows_cutlery").notNull().default(true),
    /** The most cutlery sets one order may ask for; null: no limit. */
    maxCutlery: integer("max_cutlery"),
    sort: integer("sort").notNull().default(0),
    visible: boolean("visible").notNull().default(true),
    liveMode: boolean("live_mode").notNull().default(true),
    /**
     * The words of its name and its categories' names in every language, as search compares them
     * (`searchDocument` of the domain); its GIN index finds the vendors holding a word.
     */
    searchWords: text("search_words").array().notNull().default(sql`'{}'`),
    /** No longer read: the catalogue's read cache is invalidated by tag when a write announces a change. */
    version: integer("version").notNull().default(1),
  },
  (t) => [
    index("vendors_locality_visible_sort_idx").on(t.localityId, t.visible, t.sort),
    index("vendors_search_words_idx").using("gin", t.searchWords),
  ],
);

export const vendorCategories = pgTable(
  "vendor_categories",
  {
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.categoryId] }),
    index("vendor_categories_category_idx").on(t.categoryId),
  ],
);

export const banners = pgTable(
  "banners",
  {
    id: serial("id").primaryKey(),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    localityId: integer("locality_id")
      .notNull()
      .references(() => localities.id),
    spot: text("spot").notNull().default("top"),
    title: jsonb("title").$type<LocalizedText>().notNull(),
    imageId: integer("image_id")
      .notNull()
      .references(() => images.id),
    vendorId: integer("vendor_id").references(() => vendors.id, { onDelete: "set null" }),
    url: text("url"),
    sort: integer("sort").notNull().default(0),
    visible: boolean("visible").notNull().default(true),
  },
  (t) => [index("banners_locality_sort_idx").on(t.localityId, t.visible, t.sort)],
);

export const catalogueSections = pgTable(
  "catalogue_sections",
  {
    id: serial("id").primaryKey(),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id, { onDelete: "cascade" }),
    name: jsonb("name").$type<LocalizedText>().notNull(),
    visible: boolean("visible").notNull().default(true),
    sort: integer("sort").notNull().default(0),
    cookingTime: integer("cooking_time"),
    imageOrientation: text("image_orientation", { enum: ["LANDSCAPE", "PORTRAIT"] })
      .notNull()
      .default("LANDSCAPE"),
    /** Null: the section sells during the vendor's hours. */
    workingHours: jsonb("working_hours").$type<WorkingInterval[]>(),
  },
  (t) => [index("catalogue_sections_vendor_sort_idx").on(t.vendorId, t.sort)],
);

export interface NutritionFactsRow {
  calories: number;
  proteins: number;
  fats: number;
  carbohydrates: number;
}

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id, { onDelete: "cascade" }),
    sectionId: integer("section_id")
      .notNull()
      .references(() => catalogueSections.id, { onDelete: "cascade" }),
    name: jsonb("name").$type<LocalizedText>().notNull(),
    description: jsonb("description").$type<LocalizedText>().notNull().default({}),
    imageId: integer("image_id").references(() => images.id),
    price: money("price").notNull(),
    /** The price after the discount, null when not discounted. */
    discountPrice: money("discount_price"),
    weight: doublePrecision("weight").notNull(),
    weightUnit: text("weight_unit", { enum: ["g", "ml", "pcs"] }).notNull(),
    attributes: text("attributes").array().$type<Array<"LIQUID">>().notNull().default([]),
    tags: text("tags").array().notNull().default([]),
    /** The EU allergens the product holds; null while its vendor has not stated them. */
    allergens: text("allergens").array().$type<Allergen[]>(),
    /** 0 mild, up to 3 very hot. */
    spicyLevel: smallint("spicy_level").$type<SpicyLevel>().notNull().default(0),
    nutritionFacts: jsonb("nutrition_facts").$type<NutritionFactsRow>(),
    sort: integer("sort").notNull().default(0),
    available: boolean("available").notNull().default(true),
    visible: boolean("visible").notNull().default(true),
    popular: boolean("popular").notNull().default(false),
    /**
     * The words of its name and its section's name in every language, as search compares them
     * (`searchDocument` of the domain); its GIN index finds the dishes holding a word.
     */
    searchWords: text("search_words").array().notNull().default(sql`'{}'`),
    /**
     * Those of `searchWords` only its section's name holds: a dish found by them ranks below one
     * whose own name holds the word (decision 0196).
     */
    sectionWords: text("section_words").array().notNull().default(sql`'{}'`),
  },
  (t) => [
    index("products_vendor_section_sort_idx").on(t.vendorId, t.sectionId, t.sort),
    index("products_section_idx").on(t.sectionId),
    index("products_search_words_idx").using("gin", t.searchWords),
  ],
);

/**
 * Every word of the stored search texts, once: a search finds the words close to what was typed here
 * (a trigram index on a few thousand short words), then the dishes and vendors holding them. Words
 * no text holds any more stay; they find nothing.
 */
export const searchWords = pgTable("search_words", { word: text("word").primaryKey() }, (t) => [
  index("search_words_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`),
]);

export const optionGroups = pgTable(
  "option_groups",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    name: jsonb("name").$type<LocalizedText>().notNull(),
    required: boolean("required").notNull().default(false),
    multiSelection: boolean("multi_selection").notNull().default(false),
    maxCount: integer("max_count").notNull().default(1),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [index("option_groups_product_sort_idx").on(t.productId, t.sort)],
);

export const options = pgTable(
  "options",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => optionGroups.id, { onDelete: "cascade" }),
    name: jsonb("name").$type<LocalizedText>().notNull(),
    price: money("price").notNull().default(0),
    available: boolean("available").notNull().default(true),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [index("options_group_sort_idx").on(t.groupId, t.sort)],
);

export const contentPages = pgTable(
  "content_pages",
  {
    id: serial("id").primaryKey(),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    slug: text("slug").notNull(),
    title: jsonb("title").$type<LocalizedText>().notNull(),
    body: jsonb("body").$type<LocalizedText>().notNull(),
    sort: integer("sort").notNull().default(0),
    visible: boolean("visible").notNull().default(true),
  },
  (t) => [
    uniqueIndex("content_pages_partner_slug_idx").on(t.partnerId, t.slug),
    index("content_pages_partner_sort_idx").on(t.partnerId, t.sort),
  ],
);

export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    name: text("name").notNull(),
    params: jsonb("params").$type<Record<string, string | number | boolean | null>>().notNull(),
    /** The signed-in customer who sent it; an account's deletion leaves the event without one. */
    customerId: integer("customer_id").references(() => users.id, { onDelete: "set null" }),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("analytics_events_partner_created_idx").on(t.partnerId, t.createdAt)],
);

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    /** Digits only, with the country code ("37120000000"). */
    phone: text("phone").notNull(),
    name: text("name"),
    email: text("email"),
    /** A calendar date, "1990-04-21". */
    birthDate: text("birth_date"),
    healthyLifestyle: boolean("healthy_lifestyle").notNull().default(false),
    lang: text("lang"),
    gaUserId: text("ga_user_id"),
    status: text("status", { enum: ["ACTIVE", "DELETION_SCHEDULED"] })
      .notNull()
      .default("ACTIVE"),
    /** When a scheduled deletion takes effect; signing in before then cancels it. */
    deletionDueAt: timestamp("deletion_due_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("users_partner_phone_idx").on(t.partnerId, t.phone),
    index("users_deletion_due_idx").on(t.deletionDueAt),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: serial("id").primaryKey(),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the token; the token itself is only ever in the client's hands. */
    tokenHash: text("token_hash").notNull().unique(),
    platform: text("platform", { enum: ["web", "ios", "android"] }).notNull(),
    fcmToken: text("fcm_token"),
    fcmProjectId: text("fcm_project_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the session was last used, written at most once an hour; it dies when idle too long. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    /** The latest it may live, whatever its use. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * A browser's web push subscription (RFC 8030), one per session: it ends with the session. The
 * endpoint is on a known push service (routes check it); the keys encrypt each message for it.
 */
export const webPushSubscriptions = pgTable("web_push_subscriptions", {
  id: serial("id").primaryKey(),
  sessionId: integer("session_id")
    .notNull()
    .unique()
    .references(() => sessions.id, { onDelete: "cascade" }),
  endpoint: text("endpoint").notNull(),
  /** The browser's P-256 public key and auth secret, base64url. */
  p256dh: text("p256dh").notNull(),
  auth: text("auth").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** External customer tokens already used, kept until they would be too old anyway (single use). */
export const externalTokenUses = pgTable(
  "external_token_uses",
  {
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    jti: text("jti").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.jti] }),
    index("external_token_uses_expires_idx").on(t.expiresAt),
  ],
);

export const phoneConfirmations = pgTable(
  "phone_confirmations",
  {
    id: serial("id").primaryKey(),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    phone: text("phone").notNull(),
    /** Whom the code signs in: a customer, or one of the partner's couriers (their own app). */
    audience: text("audience", { enum: ["CUSTOMER", "COURIER"] })
      .notNull()
      .default("CUSTOMER"),
    /** SHA-256 of salt and code. */
    codeHash: text("code_hash").notNull(),
    salt: text("salt").notNull(),
    attempts: integer("attempts").notNull().default(0),
    requestIp: text("request_ip").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    index("phone_confirmations_phone_idx").on(t.partnerId, t.phone, t.audience, t.createdAt),
    index("phone_confirmations_ip_idx").on(t.requestIp, t.createdAt),
  ],
);

/**
 * Every message sent (SMS, e-mail, push): written with the change that causes it, sent by a worker
 * with retries (PENDING until SENT, or FAILED with the provider's reason); in demo mode also the
 * outbox the demo's visitors read.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    partnerId: integer("partner_id").references(() => partners.id),
    channel: text("channel", { enum: ["SMS", "EMAIL", "PUSH", "WEB_PUSH"] }).notNull(),
    /** A phone, an address, a device's FCM token, or `subscription:<id>` for web push. */
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    text: text("text").notNull(),
    code: text("code"),
    /** The order the message is about (a status push), for its page in the console. */
    orderId: integer("order_id").references(() => orders.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["PENDING", "SENT", "FAILED"] })
      .notNull()
      .default("SENT"),
    /** Tries made so far; the next one is due at nextAttemptAt. */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /** The provider's reason of the last failed try. */
    lastError: text("last_error"),
    /** The provider's id of the message once it took it (a Twilio Message SID), for its status callbacks. */
    providerId: text("provider_id"),
    /**
     * An e-mail's sender address and its whole message (RFC 5322, attachments included), sent as is
     * at each try; a native push's sender is the Firebase project its device's app registered with.
     */
    sender: text("sender"),
    mime: text("mime"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("outbox_messages_created_idx").on(t.createdAt),
    index("outbox_messages_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'PENDING'`),
    index("outbox_messages_order_idx").on(t.orderId),
    index("outbox_messages_provider_idx").on(t.providerId),
  ],
);

export const favouriteVendors = pgTable(
  "favourite_vendors",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.vendorId] }),
    index("favourite_vendors_user_created_idx").on(t.userId, t.createdAt),
  ],
);

export const favouriteProducts = pgTable(
  "favourite_products",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index("favourite_products_user_created_idx").on(t.userId, t.createdAt),
  ],
);

export interface AddressComponentsRow {
  externalSource?: "web_onde" | "web_gpa";
  externalId?: string;
  plusCode?: string;
  formattedAddress?: string;
  countryName?: string;
  countryCode?: string;
  countryCodeISO2?: string;
  adminArea?: string;
  adminAreaCode?: string;
  subAdminArea?: string;
  locality?: string;
  subLocality?: string;
  street?: string;
  streetNumber?: string;
  premise?: string;
  postalCode?: string;
  postalCodeSuffix?: string;
  shortAddress?: string;
  shortAddressExt?: string;
}

export const addresses = pgTable(
  "addresses",
  {
    id: serial("id").primaryKey(),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name"),
    apartmentNumber: text("apartment_number"),
    comment: text("comment"),
    entrance: text("entrance"),
    floor: text("floor"),
    intercom: text("intercom"),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    addressComponents: jsonb("address_components").$type<AddressComponentsRow>().notNull().default({}),
    formattedAddress: text("formatted_address"),
    shortAddress: text("short_address"),
    shortAddressExt: text("short_address_ext"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("addresses_user_idx").on(t.userId, t.id)],
);

/**
 * What a cart remembers of where it goes: a saved address or the visitor's temporary one, with the
 * courier's details (apartment, entrance, floor, intercom, comment; absent from carts made before).
 */
export interface CartAddressRow extends Partial<CourierDetails> {
  customerAddressId: number | null;
  latitude: number;
  longitude: number;
  formattedAddress: string | null;
  shortAddress: string | null;
  addressComponents: Record<string, string>;
}

export const promoCodes = pgTable(
  "promo_codes",
  {
    id: serial("id").primaryKey(),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    /** Null: valid in every locality of the partner. */
    localityId: integer("locality_id").references(() => localities.id),
    /** Upper case; customers type it in any case. */
    code: text("code").notNull(),
    type: text("type", { enum: ["FIXED", "PERCENT", "FREE_DELIVERY"] }).notNull(),
    /** FIXED: minor units off; PERCENT: whole percent; FREE_DELIVERY: 0. */
    value: money("value").notNull().default(0),
    minCartTotal: money("min_cart_total").notNull().default(0),
    maxDiscount: money("max_discount"),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    maxUses: integer("max_uses"),
    /** Orders per customer; null: no limit. */
    maxUsesPerCustomer: integer("max_uses_per_customer").default(1),
    /** Orders placed with it that still count (a declined or cancelled order gives its use back). */
    uses: integer("uses").notNull().default(0),
    /** Null: any vendor of its localities; else only a cart of this vendor's. */
    vendorId: integer("vendor_id").references(() => vendors.id, { onDelete: "cascade" }),
    /** A personal code shows in that customer's promo code list. */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    description: jsonb("description").$type<LocalizedText>().notNull().default({}),
    /** A referral code: the customer who shares it with friends (one code each). */
    referrerUserId: integer("referrer_user_id").references(() => users.id, { onDelete: "cascade" }),
    /** A referrer's bonus: the friend's first order that earned it (one bonus each). */
    bonusForOrderId: integer("bonus_for_order_id").references(() => orders.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("promo_codes_partner_locality_code_idx").on(t.partnerId, t.localityId, t.code),
    // Codes valid in every locality have no locality to be unique with.
    uniqueIndex("promo_codes_partner_code_everywhere_idx")
      .on(t.partnerId, t.code)
      .where(sql`${t.localityId} is null`),
    index("promo_codes_user_idx").on(t.userId),
    uniqueIndex("promo_codes_referrer_idx").on(t.referrerUserId),
    uniqueIndex("promo_codes_bonus_order_idx").on(t.bonusForOrderId),
  ],
);

export const carts = pgTable(
  "carts",
  {
    /** Random UUID: unguessable, and still checked against its owner on every call. */
    id: uuid("id").primaryKey(),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    localityId: integer("locality_id")
      .notNull()
      .references(() => localities.id),
    /** The signed-in owner; null while the cart is an anonymous visitor's. */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the visitor token of the anonymous owner. */
    visitorHash: text("visitor_hash"),
    receiptType: text("receipt_type", { enum: ["DELIVERY", "TAKEAWAY"] })
      .notNull()
      .default("DELIVERY"),
    paymentType: text("payment_type", { enum: ["CASH", "ONLINE"] })
      .notNull()
      .default("CASH"),
    paymentMethod: text("payment_method"),
    address: jsonb("address").$type<CartAddressRow>(),
    /** Local date-time of the locality; null: as soon as possible. */
    preorderDateTime: text("preorder_date_time"),
    promoCodeId: integer("promo_code_id").references(() => promoCodes.id, { onDelete: "set null" }),
    /** The customer asked to pay for goods with their loyalty points (as many as the cart may spend). */
    usePoints: boolean("use_points").notNull().default(false),
    tip: money("tip").notNull().default(0),
    /** How the customer wants it handed over, as chosen at checkout (instructionsForOrder). */
    deliveryInstructions: jsonb("delivery_instructions")
      .$type<DeliveryInstructions>()
      .notNull()
      .default(NO_INSTRUCTIONS),
    /** ORDERED once checkout consumed it. */
    status: text("status", { enum: ["ACTIVE", "ORDERED"] })
      .notNull()
      .default("ACTIVE"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("carts_user_status_idx").on(t.userId, t.status, t.updatedAt),
    index("carts_visitor_idx").on(t.visitorHash),
  ],
);

export const vendorCarts = pgTable(
  "vendor_carts",
  {
    id: serial("id").primaryKey(),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id, { onDelete: "cascade" }),
    cutlery: integer("cutlery").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("vendor_carts_cart_vendor_idx").on(t.cartId, t.vendorId)],
);

/** A cart that friends fill from a shared link, each under their own name; its host checks it out. */
export const groupOrders = pgTable(
  "group_orders",
  {
    id: serial("id").primaryKey(),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    /** The host's cart of the group, kept apart from the host's own cart. */
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id, { onDelete: "cascade" }),
    /**
     * The share link's secret (128 random bits). Kept as it is, as an unlisted link is: the host
     * shows it again after a reload; it opens nothing once the order is placed.
     */
    token: text("token").notNull(),
    /** ORDERED is the cart's own status; this says whether the host is checking out. */
    status: text("status", { enum: ["OPEN", "LOCKED"] })
      .notNull()
      .default("OPEN"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("group_orders_token_idx").on(t.token),
    uniqueIndex("group_orders_cart_idx").on(t.cartId),
  ],
);

/** A person in a group order: the host, or someone who joined by the link (signed in or not). */
export const groupMembers = pgTable(
  "group_members",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => groupOrders.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the visitor token of a person who joined without signing in. */
    visitorHash: text("visitor_hash"),
    host: boolean("host").notNull().default(false),
    done: boolean("done").notNull().default(false),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("group_members_user_idx").on(t.groupId, t.userId),
    uniqueIndex("group_members_visitor_idx").on(t.groupId, t.visitorHash),
  ],
);

/**
 * Each time someone asks to join a group (or rename themselves in it) by its link, from which
 * address: counted per address and per group, so a link alone cannot be used to flood a group or the
 * server. Rows past the counting window are dropped as new ones come.
 */
export const groupJoins = pgTable(
  "group_joins",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => groupOrders.id, { onDelete: "cascade" }),
    requestIp: text("request_ip").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("group_joins_group_idx").on(t.groupId, t.at),
    index("group_joins_ip_idx").on(t.requestIp, t.at),
  ],
);

export interface CartComponentRow {
  id: number;
  count: number;
}

export const cartItems = pgTable(
  "cart_items",
  {
    id: serial("id").primaryKey(),
    vendorCartId: integer("vendor_cart_id")
      .notNull()
      .references(() => vendorCarts.id, { onDelete: "cascade" }),
    /** No foreign key: a product deleted from the menu stays in the cart as PRODUCT_REMOVED. */
    productId: integer("product_id").notNull(),
    /** The product's name when it was added, shown if the product is removed later. */
    productName: jsonb("product_name").$type<LocalizedText>().notNull(),
    components: jsonb("components").$type<CartComponentRow[]>().notNull().default([]),
    /** Lines with the same product and options key merge. */
    optionsKey: text("options_key").notNull().default(""),
    count: integer("count").notNull(),
    comment: text("comment"),
    /** In a group order, the person the line is for; lines of different people never merge. */
    memberId: integer("member_id").references(() => groupMembers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("cart_items_vendor_cart_idx").on(t.vendorCartId, t.id)],
);

/** An order's status, the domain's list (`ORDER_STATUSES`): the database refuses any other word. */
export const orderStatus = pgEnum("order_status", ORDER_STATUSES);

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    localityId: integer("locality_id")
      .notNull()
      .references(() => localities.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The cart the order came from: one order per cart, whatever the retries. */
    cartId: uuid("cart_id").notNull().unique(),
    /** The client's Idempotency-Key, when it sent one. */
    idempotencyKey: text("idempotency_key"),
    status: orderStatus("status").notNull(),
    receiptType: text("receipt_type", { enum: ["DELIVERY", "TAKEAWAY"] }).notNull(),
    paymentType: text("payment_type", { enum: ["CASH", "ONLINE"] }).notNull(),
    paymentMethod: text("payment_method"),
    preorderDateTime: text("preorder_date_time"),
    withCutlery: boolean("with_cutlery").notNull(),
    deliveryInstructions: jsonb("delivery_instructions")
      .$type<DeliveryInstructions>()
      .notNull()
      .default(NO_INSTRUCTIONS),
    promoCode: text("promo_code"),
    invoiceEmail: text("invoice_email"),
    currencyCode: text("currency_code").notNull(),
    /** The order as the customer saw it at checkout: address, vendor carts and prices (the API's JSON). */
    snapshot: jsonb("snapshot").$type<OrderSnapshot>().notNull(),
    finalTotal: money("final_total").notNull(),
    /** The online payment's state: PENDING, AUTHORIZED, FAILED, ERROR or CANCELED; null for cash. */
    paymentStatus: text("payment_status"),
    courierName: text("courier_name"),
    courierPhone: text("courier_phone"),
    /** The courier from the partner's list the console assigned, when one did. */
    courierId: integer("courier_id"),
    /** How long the kitchen said it needs when it accepted the order in the console. */
    preparationMinutes: integer("preparation_minutes"),
    courierLatitude: doublePrecision("courier_latitude"),
    courierLongitude: doublePrecision("courier_longitude"),
    /**
     * The code the customer tells the courier at the door (4 digits), made when the order leaves
     * the kitchen; the courier's app finishes the delivery with it. Wrong tries are counted.
     */
    handoverCode: text("handover_code"),
    handoverAttempts: integer("handover_attempts").notNull().default(0),
    /** The arrival window last told the customer (ETA_UPDATE); null when nothing is awaited. */
    eta: jsonb("eta").$type<Order["eta"]>(),
    /** The first window told, kept to compare with the arrival. */
    firstEta: jsonb("first_eta").$type<Order["eta"]>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("orders_user_created_idx").on(t.userId, t.createdAt),
    index("orders_partner_status_idx").on(t.partnerId, t.status),
    uniqueIndex("orders_user_idempotency_idx").on(t.userId, t.idempotencyKey),
    // A courier's jobs, read at each of their app's looks and each dispatch round.
    index("orders_courier_idx").on(t.courierId),
  ],
);

export interface OrderSnapshot {
  localityCode: string;
  /** The preorder time as an instant (the locality's zone applied); absent for orders made before. */
  preorderAt?: string | null;
  /** Orders made before the courier's details were kept have none of them. */
  address: (Omit<NonNullable<Order["address"]>, keyof CourierDetails> & Partial<CourierDetails>) | null;
  vendorCarts: Order["vendorCarts"];
  prices: Order["prices"];
}

export const orderStatusChanges = pgTable(
  "order_status_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: orderStatus("status").notNull(),
    /** CUSTOMER, SYSTEM, VENDOR, COURIER or the simulator. */
    actor: text("actor").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The console member who made the move, when one did (kept as a name once they are gone). */
    staffId: integer("staff_id").references(() => staffMembers.id, { onDelete: "set null" }),
    /** Why, for a decline or a cancellation from the console. */
    note: text("note"),
  },
  (t) => [index("order_status_changes_order_idx").on(t.orderId, t.at)],
);

export const promoCodeUses = pgTable(
  "promo_code_uses",
  {
    promoCodeId: integer("promo_code_id")
      .notNull()
      .references(() => promoCodes.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // An order uses a code once; a customer as often as the code's limit per customer allows.
    primaryKey({ columns: [t.promoCodeId, t.orderId] }),
    index("promo_code_uses_customer_idx").on(t.promoCodeId, t.userId),
    // The completed order's referral code, looked up on each completion.
    index("promo_code_uses_order_idx").on(t.orderId),
  ],
);

/** Cards a customer saved: the payment provider's token and a masked number, never the number. */
export const savedCards = pgTable(
  "saved_cards",
  {
    id: serial("id").primaryKey(),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    providerToken: text("provider_token").notNull(),
    /** Last four digits; null when the provider sent none ("broken card"). */
    last4: text("last4"),
    brand: text("brand"),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("saved_cards_user_idx").on(t.userId, t.id)],
);

/** One attempt to pay an order online. */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    /** The provider's id of the payment (the transactionID of authorize). */
    providerPaymentId: text("provider_payment_id").notNull().unique(),
    status: text("status", { enum: ["PENDING", "AUTHORIZED", "FAILED", "ERROR", "CANCELED"] }).notNull(),
    amount: money("amount").notNull(),
    currencyCode: text("currency_code").notNull(),
    savedCardId: integer("saved_card_id").references(() => savedCards.id, { onDelete: "set null" }),
    failureReason: text("failure_reason"),
    /** The processor's id of the money taken, when not providerPaymentId (a Stripe PaymentIntent). */
    providerReference: text("provider_reference"),
    /** What the provider reports given back of an authorised payment, in minor units. */
    refundedAmount: money("refunded_amount").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payments_order_idx").on(t.orderId, t.createdAt),
    index("payments_reference_idx").on(t.providerReference),
  ],
);

/**
 * Money given back of a paid order by the partner's staff (an item missing, a late delivery): part
 * of what was paid, with the reason the customer is told. `requestKey` makes the console's retried
 * request one refund.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    amount: money("amount").notNull(),
    reason: text("reason").notNull(),
    status: text("status", { enum: ["PENDING", "SUCCEEDED", "FAILED"] }).notNull(),
    /** The processor's id of the refund (a Stripe Refund). */
    providerRefundId: text("provider_refund_id"),
    requestKey: text("request_key").notNull().unique(),
    staffId: integer("staff_id"),
    staffName: text("staff_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_refunds_order_idx").on(t.orderId)],
);

/**
 * A partner's own card processor account (its Stripe keys), written by the deployment's operator;
 * the keys sealed with PAYMENT_KEYS_SECRET (payments/key-vault.ts). A partner without one uses the
 * deployment's processor.
 */
export const partnerPaymentAccounts = pgTable("partner_payment_accounts", {
  partnerId: integer("partner_id")
    .primaryKey()
    .references(() => partners.id, { onDelete: "cascade" }),
  provider: text("provider", { enum: ["stripe"] }).notNull(),
  secretKeySealed: text("secret_key_sealed").notNull(),
  webhookSecretSealed: text("webhook_secret_sealed").notNull(),
  /** The secret key's last four characters, to tell which key is set without showing it. */
  keyHint: text("key_hint").notNull(),
  /** The Stripe account the key belongs to (acct_…): customers and cards stay with it. */
  accountId: text("account_id"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A partner's own Firebase service account for native pushes (its brand's app is its own Firebase
 * project), set by the deployment's operator: the key file sealed with PAYMENT_KEYS_SECRET
 * (payments/key-vault.ts). A partner without one sends through the deployment's (FCM_SERVICE_ACCOUNT).
 */
export const partnerPushAccounts = pgTable("partner_push_accounts", {
  partnerId: integer("partner_id")
    .primaryKey()
    .references(() => partners.id, { onDelete: "cascade" }),
  /** The service account's JSON key, sealed. */
  serviceAccountSealed: text("service_account_sealed").notNull(),
  /** Shown to the operator and matched with the project each device's app registered with. */
  projectId: text("project_id").notNull(),
  clientEmail: text("client_email").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A customer as a card processor knows them (a Stripe Customer), one per customer, partner and
 * processor: their saved cards are attached to it.
 */
export const paymentCustomers = pgTable(
  "payment_customers",
  {
    id: serial("id").primaryKey(),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    providerCustomerId: text("provider_customer_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payment_customers_owner_idx").on(t.partnerId, t.userId, t.provider)],
);

/** The processor's webhook events already applied, by their id: a replayed event changes nothing. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    type: text("type").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * The built-in sandbox gateway's own records: it stands in for an external card processor with a
 * hosted card page, so it keeps its sessions apart from the storefront's tables.
 */
export const sandboxSessions = pgTable("sandbox_sessions", {
  id: text("id").primaryKey(),
  kind: text("kind", { enum: ["PAYMENT", "BIND"] }).notNull(),
  status: text("status", { enum: ["PENDING", "AUTHORIZED", "FAILED", "ERROR", "CANCELED"] }).notNull(),
  amount: money("amount").notNull().default(0),
  currencyCode: text("currency_code").notNull(),
  /** Where the hosted page sends the customer back. */
  returnUrl: text("return_url").notNull(),
  /** The card token the gateway issued (bind, or a payment with a new card). */
  cardToken: text("card_token"),
  last4: text("last4"),
  brand: text("brand"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["VENDOR", "COURIER"] }).notNull(),
    /** Vendor reviews are per vendor of the order. */
    vendorId: integer("vendor_id").references(() => vendors.id, { onDelete: "set null" }),
    rating: integer("rating").notNull(),
    comment: text("comment"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reviews_order_kind_idx").on(t.orderId, t.kind),
    index("reviews_user_created_idx").on(t.userId, t.createdAt),
  ],
);

/** Keys of the ops API, by which vendors, couriers and the simulator move a partner's orders. */
export const opsApiKeys = pgTable("ops_api_keys", {
  id: serial("id").primaryKey(),
  partnerId: integer("partner_id")
    .notNull()
    .references(() => partners.id),
  /** SHA-256 of the key. */
  keyHash: text("key_hash").notNull().unique(),
  role: text("role", { enum: ["VENDOR", "COURIER", "DISPATCH"] }).notNull(),
  /** A vendor key moves only that vendor's orders. */
  vendorId: integer("vendor_id").references(() => vendors.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** When a customer had an invoice e-mailed, for the hourly limit (the address itself is not kept). */
export const invoiceEmails = pgTable(
  "invoice_emails",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderId: integer("order_id").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("invoice_emails_user_sent_idx").on(t.userId, t.sentAt)],
);

/** The partner's staff who sign in to the console (e-mail unique across the deployment). */
export const staffMembers = pgTable(
  "staff_members",
  {
    id: serial("id").primaryKey(),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    /** Lower case. */
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role", { enum: ["OWNER", "MANAGER", "VENDOR_STAFF", "DISPATCHER"] }).notNull(),
    /** scrypt, with its parameters and salt (see console/passwords.ts). */
    passwordHash: text("password_hash").notNull(),
    locale: text("locale"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /**
     * Wrong passwords in a row, each counted before its password is checked (an attempt in flight
     * counts until it proves right); past a few, each further attempt waits (STAFF_ACCOUNT_SLOWDOWN).
     */
    failedSignIns: integer("failed_sign_ins").notNull().default(0),
    /** No attempt is checked before this time. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [
    // One account per e-mail in the deployment: of the memberships an e-mail is invited to (one
    // per partner), only one may have a password. Another partner's invitation waits unanswered.
    uniqueIndex("staff_members_email_partner_idx").on(t.email, t.partnerId),
    uniqueIndex("staff_members_account_email_idx").on(t.email).where(sql`${t.passwordHash} <> ''`),
  ],
);

/**
 * Console sign-ins that failed for an e-mail that is no member's (or not one the host may sign in),
 * counted as a member's account counts them (STAFF_ACCOUNT_SLOWDOWN): an unknown e-mail waits after
 * five wrong passwords as a member's does, so the wait tells nobody which e-mails are members'. The
 * e-mail is kept as its SHA-256, and forgotten after 30 days without a failure.
 */
export const staffSignInUnknownEmails = pgTable("staff_sign_in_unknown_emails", {
  emailHash: text("email_hash").primaryKey(),
  failedSignIns: integer("failed_sign_ins").notNull(),
  /** No attempt for the e-mail is checked before this time. */
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull(),
});

/**
 * Console sign-ins that failed from one network address, across every account and unknown e-mail
 * (password spraying), counted as for an account (STAFF_ADDRESS_SLOWDOWN) and forgotten after an
 * hour without one.
 */
export const staffSignInAddresses = pgTable("staff_sign_in_addresses", {
  address: text("address").primaryKey(),
  failures: integer("failures").notNull(),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull(),
  /** No attempt from the address is checked before this time. */
  waitUntil: timestamp("wait_until", { withTimezone: true }),
});

/** The vendors a VENDOR_STAFF member works for. */
export const staffVendors = pgTable(
  "staff_vendors",
  {
    staffId: integer("staff_id")
      .notNull()
      .references(() => staffMembers.id, { onDelete: "cascade" }),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.vendorId] }), index("staff_vendors_vendor_idx").on(t.vendorId)],
);

/** Console sessions, apart from customers' sessions: their own cookie, their own lifetime. */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: serial("id").primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staffMembers.id, { onDelete: "cascade" }),
    /** SHA-256 of the token. */
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("staff_sessions_staff_idx").on(t.staffId)],
);

/** The partner's couriers, whom a dispatcher assigns to delivery orders. */
export const couriers = pgTable(
  "couriers",
  {
    id: serial("id").primaryKey(),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    active: boolean("active").notNull().default(true),
    /**
     * Played by the demo's delivery simulator, never signed in by a person: it keeps them on shift
     * in the cities where no person is (decision 0162).
     */
    simulated: boolean("simulated").notNull().default(false),
    /** The courier's last shift in their app: its start, and its end (null while on shift). */
    shiftStartedAt: timestamp("shift_started_at", { withTimezone: true }),
    shiftEndedAt: timestamp("shift_ended_at", { withTimezone: true }),
    /** When the courier last handed in the cash of their deliveries; null: never. */
    cashHandedInAt: timestamp("cash_handed_in_at", { withTimezone: true }),
    /** Where their app last said they were, and when. */
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    locatedAt: timestamp("located_at", { withTimezone: true }),
  },
  (t) => [index("couriers_partner_idx").on(t.partnerId)],
);

/** A courier's signed-in app: as a customer's session (cookie or bearer token), kept as a hash. */
export const courierSessions = pgTable(
  "courier_sessions",
  {
    id: serial("id").primaryKey(),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    courierId: integer("courier_id")
      .notNull()
      .references(() => couriers.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("courier_sessions_courier_idx").on(t.courierId)],
);

/**
 * Orders offered to couriers by automatic dispatch: one open offer per order at a time (no answer
 * yet), answered ACCEPTED or DECLINED by the courier, EXPIRED after the partner's offer seconds, or
 * WITHDRAWN when the order is given or ends otherwise. A courier who declined is not offered the
 * order again.
 */
export const courierOffers = pgTable(
  "courier_offers",
  {
    id: serial("id").primaryKey(),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    courierId: integer("courier_id")
      .notNull()
      .references(() => couriers.id, { onDelete: "cascade" }),
    offeredAt: timestamp("offered_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    answer: text("answer", { enum: ["ACCEPTED", "DECLINED", "EXPIRED", "WITHDRAWN"] }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("courier_offers_open_order_idx").on(t.orderId).where(sql`${t.answer} is null`),
    index("courier_offers_courier_idx").on(t.courierId, t.answer),
    index("courier_offers_order_idx").on(t.orderId),
  ],
);

/**
 * What a courier's app tells them once: a job the dispatcher gave to another courier (REASSIGNED).
 * Kept until the courier has seen it.
 */
export const courierNotices = pgTable(
  "courier_notices",
  {
    id: serial("id").primaryKey(),
    courierId: integer("courier_id")
      .notNull()
      .references(() => couriers.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["REASSIGNED"] }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    seenAt: timestamp("seen_at", { withTimezone: true }),
  },
  (t) => [index("courier_notices_courier_idx").on(t.courierId, t.seenAt)],
);

/** The photo a courier took at the door of a contactless delivery: its proof, seen by the customer and the console. */
export const deliveryProofs = pgTable("delivery_proofs", {
  orderId: integer("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  /** WebP, at most 1280 px on its longer side, its metadata (place, camera) dropped. */
  photo: bytea("photo").notNull(),
  takenAt: timestamp("taken_at", { withTimezone: true }).notNull(),
});

/** Every change made in the console: who, when, what, and the thing before and after. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    /** Kept as a name once the member is gone. */
    staffId: integer("staff_id").references(() => staffMembers.id, { onDelete: "set null" }),
    staffName: text("staff_name").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    /** What was done, e.g. "product.update", "order.accept". */
    action: text("action").notNull(),
    /** What it was done to, e.g. "product", "order", and its id. */
    entity: text("entity").notNull(),
    entityId: integer("entity_id").notNull(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
  },
  (t) => [index("audit_log_partner_at_idx").on(t.partnerId, t.at)],
);

/**
 * A customer's loyalty points in a city, one line per change (`LoyaltyEntry` of the domain): the
 * balance is their sum. Lines are only ever added. `entryKey` is set on the lines that may exist once
 * per customer and city (an order's EARNED and SPENT, the WELCOME bonus), so a retried or repeated
 * change adds nothing.
 */
export const loyaltyEntries = pgTable(
  "loyalty_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    localityId: integer("locality_id")
      .notNull()
      .references(() => localities.id),
    kind: text("kind", { enum: ["EARNED", "SPENT", "EXPIRED", "REVERSED", "WELCOME"] }).notNull(),
    /** Signed: what the line adds to the balance or takes from it. */
    points: integer("points").notNull(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    entryKey: text("entry_key"),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("loyalty_entries_ledger_idx").on(t.userId, t.localityId, t.id),
    uniqueIndex("loyalty_entries_once_idx").on(t.userId, t.localityId, t.entryKey),
    index("loyalty_entries_locality_at_idx").on(t.localityId, t.at),
    index("loyalty_entries_order_idx").on(t.orderId),
  ],
);

/** One-time links that set a staff member's password: an invitation's first, or a reset. */
export const staffPasswordTokens = pgTable(
  "staff_password_tokens",
  {
    id: serial("id").primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staffMembers.id, { onDelete: "cascade" }),
    /** SHA-256 of the token; the token itself is only in the e-mail. */
    tokenHash: text("token_hash").notNull().unique(),
    purpose: text("purpose", { enum: ["INVITATION", "RESET"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("staff_password_tokens_staff_idx").on(t.staffId, t.createdAt)],
);

/**
 * Secrets an installation makes for itself once (the demo's ops keys, sign-in secret, console
 * password and VAPID keys), kept in the database so every process of it finds the same ones without
 * a shared folder. Read once at start, never sent to a client.
 */
export const installationSecrets = pgTable("installation_secrets", {
  /** What they are for, e.g. "demo". */
  name: text("name").primaryKey(),
  /** JSON of the secrets' own shape (seed/demo-secrets.ts for "demo"). */
  value: jsonb("value").$type<unknown>().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
