import { z } from "zod";
import { localeSchema } from "./common.ts";

export const platformHeaderSchema = z.enum(["ios", "android", "web"]);

export const sendPhoneConfirmationQuerySchema = z.object({
  phone: z
    .string()
    .trim()
    .min(1)
    .max(32)
    .describe("international number; plus signs, spaces and brackets are ignored"),
});
export const sendPhoneConfirmationAnswerSchema = z.object({
  sent: z.literal(true),
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
  codeLength: z.number().int().describe("digits of the code sent"),
});
export type SendPhoneConfirmationAnswer = z.infer<typeof sendPhoneConfirmationAnswerSchema>;

export const loginBodySchema = z.object({
  phone: z.string().trim().min(1).max(32),
  token: z
    .string()
    .trim()
    .regex(/^\d{4,8}$/, "the code from the SMS, digits only")
    .describe("the SMS code"),
});

export const customerUserSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  phone: z.string(),
  birthDate: z.string().nullable(),
  email: z.string().nullable(),
  healthyLifestyle: z.boolean(),
  lang: z.string().nullable(),
  gaUserId: z.string().nullable(),
  status: z.enum(["ACTIVE", "DELETION_SCHEDULED"]),
});
export type CustomerUser = z.infer<typeof customerUserSchema>;

export const loginAnswerSchema = z.object({
  user: customerUserSchema,
  token: z.string().optional().describe("the session token, for a native client (X-Platform ios or android)"),
});

const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "expected YYYY-MM-DD")
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return (
      !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && date.getTime() < Date.now()
    );
  }, "is not a past calendar date");

export const updateCustomerSchema = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    birthDate: calendarDate.nullable().optional(),
    email: z.email("invalid email").max(200).nullable().optional(),
    healthyLifestyle: z.boolean().optional(),
    lang: localeSchema.optional(),
  })
  .strict();
export type UpdateCustomer = z.infer<typeof updateCustomerSchema>;

export const deletionAnswerSchema = z.object({
  deletionDueAt: z.string().describe("when the account is deleted unless its owner signs in again"),
});

export const fcmTokenBodySchema = z.object({
  token: z.string().min(1).max(4096),
  projectId: z.string().min(1).max(200),
});

/** A browser's PushSubscription as its toJSON() gives it. */
export const webPushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, "the browser's P-256 public key, base64url"),
    auth: z.string().regex(/^[A-Za-z0-9_-]{21,24}={0,2}$/, "the 16-byte auth secret, base64url"),
  }),
});

export const outboxEntrySchema = z.object({
  channel: z.enum(["SMS", "EMAIL", "PUSH", "WEB_PUSH"]),
  to: z.string(),
  subject: z.string().optional(),
  text: z.string(),
  code: z.string().optional(),
  at: z.string(),
});

export const favouritesSchema = z.object({
  vendors: z.array(z.object({ id: z.number().int() })),
  products: z.array(z.object({ id: z.number().int() })),
});
export type Favourites = z.infer<typeof favouritesSchema>;

const text = (max: number) => z.string().trim().max(max).nullable().optional();

export const addressComponentsSchema = z
  .object({
    externalSource: z.enum(["web_onde", "web_gpa"]).optional(),
    externalId: z.string().max(200).optional(),
    plusCode: z.string().max(50).optional(),
    formattedAddress: z.string().max(300).optional(),
    countryName: z.string().max(100).optional(),
    countryCode: z.string().max(10).optional(),
    countryCodeISO2: z.string().max(2).optional(),
    adminArea: z.string().max(100).optional(),
    adminAreaCode: z.string().max(20).optional(),
    subAdminArea: z.string().max(100).optional(),
    locality: z.string().max(100).optional(),
    subLocality: z.string().max(100).optional(),
    street: z.string().max(200).optional(),
    streetNumber: z.string().max(20).optional(),
    premise: z.string().max(100).optional(),
    postalCode: z.string().max(20).optional(),
    postalCodeSuffix: z.string().max(20).optional(),
    shortAddress: z.string().max(200).optional(),
    shortAddressExt: z.string().max(200).optional(),
  })
  .strict();

/** An address as the form sends it; coordinates may arrive as strings and are coerced to numbers. */
export const addressInputSchema = z.object({
  name: text(100),
  apartmentNumber: text(20),
  comment: text(500),
  entrance: text(20),
  floor: text(20),
  intercom: text(50),
  location: z.object({
    latitude: z.coerce.number().min(-90).max(90),
    longitude: z.coerce.number().min(-180).max(180),
    addressComponents: addressComponentsSchema.default({}),
    formattedAddress: z.string().trim().max(300).optional(),
    shortAddress: z.string().trim().max(200).optional(),
    shortAddressExt: z.string().trim().max(200).optional(),
  }),
});
export type AddressInput = z.infer<typeof addressInputSchema>;

export const addressSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  apartmentNumber: z.string().nullable(),
  comment: z.string().nullable(),
  entrance: z.string().nullable(),
  floor: z.string().nullable(),
  intercom: z.string().nullable(),
  location: z.object({
    latitude: z.number(),
    longitude: z.number(),
    addressComponents: addressComponentsSchema,
    formattedAddress: z.string().nullable(),
    shortAddress: z.string().nullable(),
    shortAddressExt: z.string().nullable(),
  }),
});
export type Address = z.infer<typeof addressSchema>;

export const reverseGeocodeQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
});
export const reverseGeocodeAnswerSchema = z.object({
  formattedAddress: z.string(),
  shortAddress: z.string(),
  addressComponents: addressComponentsSchema,
});
export type ReverseGeocodeAnswer = z.infer<typeof reverseGeocodeAnswerSchema>;

export const firebaseLoginBodySchema = z.object({
  token: z.string().min(10).max(8192).describe("the Firebase ID token of a phone sign-in"),
  localityCode: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/)
    .describe("the locality whose customerAuthOtpProvider is FIREBASE"),
});

export const externalLoginBodySchema = z.object({
  token: z.string().min(10).max(8192).describe("the external customer, as a JWT the partner signs (HS256)"),
});

/** A line of a customer's points in a city (`LoyaltyEntryKind` of the domain). */
export const loyaltyEntryKindSchema = z.enum(["EARNED", "SPENT", "EXPIRED", "REVERSED", "WELCOME"]);

export const loyaltyQuerySchema = z.object({
  localityCode: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/)
    .describe("the city whose points are asked for"),
});

/** A customer's points in one city, and the city's programme as a customer reads it. */
export const loyaltyAccountSchema = z.object({
  localityCode: z.string(),
  enabled: z.boolean().describe("off: nothing is earned, spent or expired; the balance is kept"),
  currencyCode: z.string(),
  balance: z.number().int(),
  balanceValue: z.number().describe("what the balance takes off goods at checkout, major units"),
  earnPoints: z.number().int().describe("points earned for every `earnPer` paid for goods"),
  earnPer: z.number(),
  pointValue: z.number().describe("what one point takes off, major units"),
  minimumToRedeem: z.number().int().describe("the balance needed before any point is spent"),
  expiresAt: z.string().nullable().describe("when the balance expires without new activity; null: never"),
  entries: z
    .array(
      z.object({
        kind: loyaltyEntryKindSchema,
        points: z.number().int().describe("signed: what the entry added or took"),
        orderId: z.number().int().nullable(),
        createdAt: z.string(),
      }),
    )
    .describe("the latest first, at most 50"),
});
export type LoyaltyAccount = z.infer<typeof loyaltyAccountSchema>;
export type LoyaltyEntryKindName = z.infer<typeof loyaltyEntryKindSchema>;
