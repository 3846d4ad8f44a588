import { z } from "zod";
import { knownCurrency } from "../city-settings.ts";
import {
  CITY_CODE_PATTERN,
  isHostName,
  isTimeZone,
  NEW_CITY_RADIUS_KM,
  PARTNER_CODE_PATTERN,
} from "../partner-onboarding.ts";
import { localeSchema } from "./common.ts";

/** The deployment operator's (the super-admin's) calls, `/api/admin/...`, with SUPER_ADMIN_KEY. */

const PARTNER_STATUSES = ["ACTIVE", "SUSPENDED"] as const;
export const partnerStatusSchema = z.enum(PARTNER_STATUSES);

/** A partner's own Stripe account, as the deployment's operator sets it. */
export const partnerPaymentAccountSchema = z.object({
  provider: z.literal("stripe"),
  secretKey: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, "expected a Stripe secret key, sk_live_… or sk_test_…"),
  webhookSecret: z.string().regex(/^whsec_[\w-]+$/, "expected a webhook signing secret, whsec_…"),
});

/** Which card processor a partner uses; its keys are never shown again, only the key's last four characters. */
export const partnerPaymentsSchema = z.object({
  code: z.string(),
  account: z.enum(["own", "deployment"]).describe("its own Stripe account, or the deployment's processor"),
  provider: z.string().describe("stripe, sandbox or none (cash only)"),
  keyHint: z.string().nullable().describe("the last four characters of its own secret key"),
  cashOnlyCities: z
    .array(
      z.object({
        localityCode: z.string(),
        name: z.string().describe("in the language asked for (Accept-Language), else the city's own"),
        currencyCode: z.string(),
      }),
    )
    .describe("its cities whose currency the processor does not take: they stay cash only"),
});
export type PartnerPayments = z.infer<typeof partnerPaymentsSchema>;

/**
 * A partner's Firebase project for customers' phone sign-in, and the cities where its customers sign
 * in with it (customerAuthOtpProvider FIREBASE); its other cities keep the API's own SMS codes.
 */
export const partnerFirebaseChangeSchema = z.object({
  projectId: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9-]{4,29}$/, "a Firebase project ID, such as brand-shop-1a2b3"),
  apiKey: z
    .string()
    .trim()
    .regex(/^[\w-]{20,100}$/, "the Web API key of the project's web app"),
  authDomain: z
    .string()
    .trim()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, "a domain, such as brand-shop-1a2b3.firebaseapp.com"),
  cities: z
    .array(z.string())
    .min(1, "name at least one of the partner's cities")
    .describe("the codes of the partner's cities whose customers sign in with Firebase"),
});

export const partnerFirebaseSchema = z.object({
  code: z.string(),
  firebase: z
    .object({ projectId: z.string(), apiKey: z.string(), authDomain: z.string() })
    .nullable()
    .describe("the partner's Firebase project; null: its customers get the API's own SMS codes"),
  cities: z.array(
    z.object({
      localityCode: z.string(),
      name: z.string().describe("in the language asked for (Accept-Language), else the city's own"),
      signIn: z.enum(["INTERNAL", "FIREBASE"]).describe("customerAuthOtpProvider"),
    }),
  ),
});
export type PartnerFirebase = z.infer<typeof partnerFirebaseSchema>;

/**
 * A partner's own Firebase service account for native pushes, as the deployment's operator sets it:
 * the JSON key file Google gives (Project settings → Service accounts → Generate new private key).
 */
export const partnerPushAccountSchema = z.object({
  serviceAccount: z
    .string()
    .trim()
    .min(2, "paste the service account's JSON key file")
    .max(20_000)
    .describe("the service account's JSON key file, whole"),
});

/** How a partner's customers' phones get their pushes; its key is never shown again. */
export const partnerPushSchema = z.object({
  code: z.string(),
  account: z
    .enum(["own", "deployment"])
    .describe("its own Firebase service account, or the deployment's (FCM_SERVICE_ACCOUNT)"),
  sender: z
    .enum(["fcm", "relay", "outbox", "none"])
    .describe(
      "fcm: sent through FCM; relay: the operator's message relay; outbox: kept (demo); none: not sent",
    ),
  projectId: z.string().nullable().describe("the Firebase project pushes are sent from"),
  clientEmail: z.string().nullable().describe("the service account that sends them"),
  devices: z
    .array(
      z.object({
        projectId: z.string().nullable().describe("the Firebase project the devices' app registered with"),
        devices: z.number().int(),
        reached: z.boolean().describe("whether an account of the partner's sends to them"),
      }),
    )
    .describe("its customers' devices signed in with a push token, by their app's project"),
});
export type PartnerPush = z.infer<typeof partnerPushSchema>;

/** A new city as its partner's owner or the operator describes it; its first zone is a circle. */
export const newCitySchema = z.object({
  code: z.string().trim().regex(CITY_CODE_PATTERN, "lower-case letters, digits and hyphens"),
  name: z.string().trim().min(1, "required").max(80),
  lang: localeSchema,
  currencyCode: z.string().trim().toUpperCase().refine(knownCurrency, "an ISO 4217 code, such as EUR"),
  countryCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "an ISO 3166 code, such as LV"),
  timeZone: z.string().trim().refine(isTimeZone, "an IANA time zone, such as Europe/Riga"),
  center: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }),
  radiusKm: z
    .number()
    .min(NEW_CITY_RADIUS_KM.min)
    .max(NEW_CITY_RADIUS_KM.max)
    .describe("the first delivery zone, a circle the owner redraws in the console"),
});
export type NewCityInput = z.infer<typeof newCitySchema>;

/** A new partner as the operator describes it: its brand, its host, its first city and its first owner. */
export const newPartnerSchema = z.object({
  code: z.string().trim().regex(PARTNER_CODE_PATTERN, "lower-case letters, digits and hyphens"),
  name: z.string().trim().min(1, "required").max(80),
  host: z
    .string()
    .trim()
    .toLowerCase()
    .refine(isHostName, "a host name, such as shop.example")
    .describe("the storefront's own domain; more are added with npm run partner-hosts"),
  brandColour: z.string().regex(/^#[0-9a-fA-F]{6}$/, "#rrggbb"),
  supportEmail: z.email("must be a valid e-mail").max(200),
  supportPhone: z
    .string()
    .trim()
    .regex(/^\+\d{8,15}$/, "+ and the number's digits"),
  city: newCitySchema,
  owner: z.object({
    email: z.email("must be a valid e-mail").max(200),
    name: z.string().trim().min(1).max(80),
  }),
});
export type NewPartnerInput = z.infer<typeof newPartnerSchema>;

/** A partner of the deployment as the super-admin's page lists it. */
export const adminPartnerSchema = z.object({
  code: z.string(),
  name: z.string(),
  type: z.enum(["DEMO", "PROD"]),
  status: partnerStatusSchema,
  address: z.string().describe("its storefront's address: its first recorded host, or the deployment's own"),
  hosts: z.array(z.string()),
  cities: z.number().int(),
  vendors: z.number().int(),
});
export type AdminPartner = z.infer<typeof adminPartnerSchema>;
export const adminPartnersSchema = z.object({ partners: z.array(adminPartnerSchema) });
