import { z } from "zod";
import { paymentTypeSchema, receiptTypeSchema } from "./catalogue.ts";
import { coordinatesSchema } from "./common.ts";
import { consoleOrderActionSchema } from "./console.ts";
import {
  formCheckbox,
  formJson,
  formList,
  formNumber,
  formNumberOrNull,
  formNumberOrZero,
  formString,
  formText,
  formTextsOf,
  formTextsShape,
} from "./form-fields.ts";

/**
 * The console's forms as its actions read them (see form-fields.ts): each schema takes the fields
 * the browser sends, named as the inputs are, and answers the body of the API call the form makes.
 * They check that each field holds what it should (a number, a ticked box, one of the choices); the
 * API's own schema (console.ts) still checks the rules and the ranges.
 */

/** A new city's fields `city.*` (the console's cities page and the operator's new partner). */
export const newCityFormShape = {
  "city.code": formText,
  "city.name": formText,
  "city.lang": formText,
  "city.currencyCode": formText,
  "city.countryCode": formText,
  "city.timeZone": formText,
  "city.latitude": formNumber,
  "city.longitude": formNumber,
  "city.radiusKm": formNumber,
};

/** The new city of a parsed form, as the API takes it (newCitySchema). */
export function newCityOfForm(fields: z.output<z.ZodObject<typeof newCityFormShape>>) {
  return {
    code: fields["city.code"],
    name: fields["city.name"],
    lang: fields["city.lang"],
    currencyCode: fields["city.currencyCode"],
    countryCode: fields["city.countryCode"],
    timeZone: fields["city.timeZone"],
    center: { latitude: fields["city.latitude"], longitude: fields["city.longitude"] },
    radiusKm: fields["city.radiusKm"],
  };
}

/** The cities page's "add a city". */
export const newCityFormSchema = z
  .object({ intent: z.literal("add-city"), ...newCityFormShape })
  .transform(newCityOfForm);

/**
 * A city's ordering settings as its form sends them; empty amounts are 0, or none where optional,
 * and the loyalty programme's expiry empty is never.
 */
export const citySettingsFormSchema = z
  .object({
    code: formString,
    lang: formString,
    currencyCode: formString,
    minOrderPrice: formNumberOrZero,
    "delivery.includedKm": formNumberOrZero,
    "delivery.perKm": formNumberOrZero,
    "delivery.step": formNumberOrZero,
    freeDeliveryFrom: formNumberOrNull,
    courierKmh: formNumberOrZero,
    maxCashOrder: formNumberOrNull,
    preorderDays: formNumberOrZero,
    receiptTypes: formList(receiptTypeSchema),
    paymentTypes: formList(paymentTypeSchema),
    showStoredCards: formCheckbox,
    "tips.enabled": formCheckbox,
    "tips.max": formNumberOrZero,
    "tips.step": formNumberOrZero,
    // One input per ready-made tip; the ones left empty are no tip.
    "tips.values": formList(z.string())
      .transform((values) => values.filter((value) => value.trim() !== "").map(Number))
      .pipe(z.array(z.number())),
    "referral.enabled": formCheckbox,
    ...formTextsShape("referral.discount", formString),
    ...formTextsShape("referral.bonus", formString),
    "loyalty.enabled": formCheckbox,
    "loyalty.earnPoints": formNumberOrZero,
    "loyalty.earnPer": formNumberOrZero,
    "loyalty.pointValue": formNumberOrZero,
    "loyalty.minimumToRedeem": formNumberOrZero,
    // Empty: points never expire.
    "loyalty.expiryMonths": formNumberOrNull,
    "loyalty.welcomeBonus": formNumberOrZero,
  })
  .transform((fields) => ({
    code: fields.code,
    settings: {
      lang: fields.lang,
      currencyCode: fields.currencyCode,
      minOrderPrice: fields.minOrderPrice,
      delivery: {
        includedKm: fields["delivery.includedKm"],
        perKm: fields["delivery.perKm"],
        step: fields["delivery.step"],
      },
      freeDeliveryFrom: fields.freeDeliveryFrom,
      courierKmh: fields.courierKmh,
      maxCashOrder: fields.maxCashOrder,
      preorderDays: fields.preorderDays,
      receiptTypes: fields.receiptTypes,
      paymentTypes: fields.paymentTypes,
      showStoredCards: fields.showStoredCards,
      tips: {
        enabled: fields["tips.enabled"],
        max: fields["tips.max"],
        step: fields["tips.step"],
        values: fields["tips.values"],
      },
      referral: {
        enabled: fields["referral.enabled"],
        discountDescription: formTextsOf(fields, "referral.discount"),
        bonusDescription: formTextsOf(fields, "referral.bonus"),
      },
      loyalty: {
        enabled: fields["loyalty.enabled"],
        earnPoints: fields["loyalty.earnPoints"],
        earnPer: fields["loyalty.earnPer"],
        pointValue: fields["loyalty.pointValue"],
        minimumToRedeem: fields["loyalty.minimumToRedeem"],
        expiryMonths: fields["loyalty.expiryMonths"],
        welcomeBonus: fields["loyalty.welcomeBonus"],
      },
    },
  }));

/**
 * The operator's page (admin): keeping the super-admin's key in the tab, forgetting it, suspending
 * or restoring a partner, creating one with its first city and owner, setting its card processor
 * (its own Stripe account, or back to the deployment's) and its customers' phone sign-in (its
 * Firebase project in the cities ticked, or the API's own SMS codes everywhere).
 */
export const adminFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("key"), key: formText }),
  z.object({ intent: z.literal("forget") }),
  z.object({
    intent: z.literal("status"),
    code: formString,
    name: formString,
    status: formString.transform((status) => (status === "SUSPENDED" ? "SUSPENDED" : "ACTIVE")),
  }),
  z
    .object({
      intent: z.literal("create"),
      code: formText,
      name: formText,
      host: formText,
      brandColour: formText,
      supportEmail: formText,
      supportPhone: formText,
      ...newCityFormShape,
      "owner.email": formText,
      "owner.name": formText,
    })
    .transform((fields) => ({
      intent: fields.intent,
      // The partner as the API takes it (newPartnerSchema).
      partner: {
        code: fields.code,
        name: fields.name,
        host: fields.host,
        brandColour: fields.brandColour,
        supportEmail: fields.supportEmail,
        supportPhone: fields.supportPhone,
        city: newCityOfForm(fields),
        owner: { email: fields["owner.email"], name: fields["owner.name"] },
      },
    })),
  z
    .object({
      intent: z.literal("own-stripe"),
      code: formString,
      name: formString,
      secretKey: formText,
      webhookSecret: formText,
    })
    .transform((fields) => ({
      intent: fields.intent,
      code: fields.code,
      name: fields.name,
      // The account as the API takes it (partnerPaymentAccountSchema), which judges the keys' shape.
      account: {
        provider: "stripe" as const,
        secretKey: fields.secretKey,
        webhookSecret: fields.webhookSecret,
      },
    })),
  z.object({ intent: z.literal("deployment-payments"), code: formString, name: formString }),
  z
    .object({
      intent: z.literal("firebase-sign-in"),
      code: formString,
      name: formString,
      projectId: formText,
      apiKey: formText,
      authDomain: formText,
      cities: formList(formString),
    })
    .transform((fields) => ({
      intent: fields.intent,
      code: fields.code,
      name: fields.name,
      // The project and its cities as the API takes them (partnerFirebaseChangeSchema), which judges them.
      project: {
        projectId: fields.projectId,
        apiKey: fields.apiKey,
        authDomain: fields.authDomain,
        cities: fields.cities,
      },
    })),
  z.object({ intent: z.literal("sms-sign-in"), code: formString, name: formString }),
  z
    .object({ intent: z.literal("own-push"), code: formString, name: formString, serviceAccount: formText })
    // The key as the API takes it (partnerPushAccountSchema), which judges it.
    .transform((fields) => ({
      intent: fields.intent,
      code: fields.code,
      name: fields.name,
      account: { serviceAccount: fields.serviceAccount },
    })),
  z.object({ intent: z.literal("deployment-push"), code: formString, name: formString }),
]);

/** Signing in. */
export const signInFormSchema = z.object({ email: formString, password: formString });
/** Asking for a link to set a new password. */
export const passwordResetFormSchema = z.object({ email: formString });
/** Setting a password from an e-mailed link, typed twice. */
export const passwordFormSchema = z.object({ password: formString, repeat: formString });

/** Inviting a member: name, e-mail, role and the vendors they work for. */
export const staffInvitationFormSchema = z.object({
  email: formString,
  name: formString,
  role: formString,
  vendorIds: formList(formNumber),
});

/** A product's row on a vendor's menu: its prices, sold out, hidden. */
export const productRowFormSchema = z
  .object({
    productId: formNumber,
    price: formNumberOrZero,
    discountPrice: formNumberOrNull,
    soldOut: formCheckbox,
    hidden: formCheckbox,
  })
  .transform((fields) => ({
    productId: fields.productId,
    change: {
      price: fields.price,
      discountPrice: fields.discountPrice,
      available: !fields.soldOut,
      visible: !fields.hidden,
    },
  }));

/** Giving an order to a courier. */
export const orderCourierFormSchema = z.object({ intent: z.literal("courier"), courierId: formNumber });
/** Moving an order on (accept, decline, ready…): the cooking time and the reason go where asked. */
export const orderMoveFormSchema = z
  .object({
    action: consoleOrderActionSchema,
    preparationMinutes: formText
      .transform((text) => (text === "" ? undefined : Number(text)))
      .pipe(z.number().optional()),
    reason: formText,
  })
  .transform(({ action, preparationMinutes, reason }) => ({
    action,
    move: {
      ...(preparationMinutes === undefined ? {} : { preparationMinutes }),
      ...(reason ? { reason } : {}),
    },
  }));

/**
 * Giving back part of a delivered order: the amount (major units) and why, with the key of the form
 * shown (a second send of the same form refunds nothing more), as the API's consoleRefundSchema.
 */
export const orderRefundFormSchema = z
  .object({ intent: z.literal("refund"), amount: formNumber, reason: formText, requestKey: formText })
  .transform(({ amount, reason, requestKey }) => ({ refund: { amount, reason, requestKey } }));

/** A text of the courier form; a field the form did not send stays unchanged. */
const courierText = z.string().trim().optional();
/** Adding a courier, or changing one's name, phone or whether they work now. */
export const courierFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), name: courierText, phone: courierText }),
  z.object({
    intent: z.literal("change"),
    courierId: formNumber,
    name: courierText,
    phone: courierText,
    active: z.enum(["true", "false"]).optional(),
  }),
  z.object({ intent: z.literal("cash"), courierId: formNumber, name: courierText }),
  z.object({ intent: z.literal("dispatch"), offerSeconds: formNumber }),
]);

/** Saving or deleting a category of a city: its name in every language, parent, top, order. */
export const categoryFormSchema = z
  .object({
    intent: z.enum(["save", "delete"]).default("save"),
    id: formNumberOrNull,
    city: formString,
    ...formTextsShape("name", formText),
    parentId: formNumberOrNull,
    top: formCheckbox,
    sort: formNumberOrZero,
  })
  .transform((fields) => ({
    intent: fields.intent,
    id: fields.id,
    city: fields.city,
    category: {
      name: formTextsOf(fields, "name"),
      parentId: fields.parentId,
      top: fields.top,
      sort: fields.sort,
    },
  }));

/** Saving or deleting a banner: its title in every language, what it opens, shown or not, order. */
export const bannerFormSchema = z
  .object({
    intent: formString,
    id: formNumber,
    opens: z.string().default("nothing"),
    ...formTextsShape("title", formText),
    vendorId: formNumberOrZero,
    url: formString,
    visible: formCheckbox,
    sort: formNumberOrZero,
  })
  .transform((fields) => ({
    id: fields.id,
    delete: fields.intent === "delete",
    banner: {
      title: formTextsOf(fields, "title"),
      vendorId: fields.opens === "vendor" ? fields.vendorId : null,
      url: fields.opens === "url" ? fields.url : null,
      visible: fields.visible,
      sort: fields.sort,
    },
  }));

/** A new vendor: name, kind, city, address and its point on the map (none yet: null). */
export const newVendorFormSchema = z.object({
  name: formText,
  vendorType: formText,
  localityCode: formText,
  street: formText,
  houseNumber: formText,
  latitude: formNumberOrNull,
  longitude: formNumberOrZero,
});

/** A vendor's profile: names, address, listed or not, times, prices, kinds, categories and hours. */
export const vendorProfileFormSchema = z.object({
  name: formText,
  street: formText,
  houseNumber: formText,
  phone: formText,
  visible: formCheckbox,
  city: formText,
  cookingMinutesMin: formNumberOrZero,
  cookingMinutesMax: formNumberOrZero,
  minOrderPrice: formNumberOrZero,
  deliveryFee: formNumberOrZero,
  receiptTypes: formList(z.string()),
  categoryIds: formList(formNumber),
  workingHours: formJson("[]"),
  closures: formJson("[]"),
});

/** Creating a promo code or changing one's terms; the times are the city's, as typed. */
export const promoCodeFormSchema = z.object({
  intent: formText,
  id: formText,
  code: formText,
  localityCode: formText,
  timeZone: formText,
  type: formText,
  value: formNumberOrZero,
  minCartTotal: formNumberOrZero,
  maxDiscount: formNumberOrNull,
  validFrom: formText,
  validUntil: formText,
  maxUses: formNumberOrNull,
  maxUsesPerCustomer: formNumberOrNull,
  vendorId: formNumberOrNull,
  description: formText,
});

/** The footer's links the brand form edits, by where they show. */
export const BRAND_FORM_LINKS = {
  info: ["aboutUs", "termsOfUse", "privacyPolicy", "becomeACourier", "becomeAVendor"],
  app: ["iosApp", "androidApp"],
  social: ["facebook", "instagram", "telegram", "twitter", "linkedin"],
} as const;
const brandLinksShape = <const N extends readonly string[]>(names: N) =>
  Object.fromEntries(names.map((name) => [name, formText])) as Record<N[number], typeof formText>;
const pick = <N extends readonly string[]>(fields: Record<N[number], string>, names: N) =>
  Object.fromEntries(names.map((name) => [name, fields[name as N[number]]])) as Record<N[number], string>;

/** The brand: names, colour, logo kind, the business's details, support and the footer's links. */
export const brandFormSchema = z
  .object({
    platformName: formText,
    brandColour: formText,
    logoKind: formText,
    officialName: formText,
    officialAddress: formText,
    certificate: formText,
    supportPhone: formText,
    supportEmail: formText,
    supportHours: formJson("[]"),
    ...brandLinksShape(BRAND_FORM_LINKS.info),
    ...brandLinksShape(BRAND_FORM_LINKS.app),
    ...brandLinksShape(BRAND_FORM_LINKS.social),
  })
  .transform((fields) => ({
    platformName: fields.platformName,
    brandColour: fields.brandColour,
    textLogo: fields.logoKind !== "image",
    officialName: fields.officialName,
    officialAddress: fields.officialAddress,
    certificate: fields.certificate,
    supportPhone: fields.supportPhone,
    supportEmail: fields.supportEmail,
    supportHours: fields.supportHours,
    links: {
      ...pick(fields, BRAND_FORM_LINKS.info),
      ...pick(fields, BRAND_FORM_LINKS.app),
      socialNetworks: pick(fields, BRAND_FORM_LINKS.social),
    },
  }));

/** A content page: the editor writes its draft (slug, titles, bodies, visible) as JSON. */
export const contentPageFormSchema = z.object({ draft: formJson("{}") });

/**
 * A city's delivery zone as the map sends it (JSON, not a form): the corners in order. Their count
 * and shape are the API's to judge, so that its refusal can say what is wrong with the outline.
 */
export const zoneDraftSchema = z.object({ code: z.string(), zone: z.array(coordinatesSchema) });
