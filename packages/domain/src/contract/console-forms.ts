import { z } from "zod";
import { paymentTypeSchema, receiptTypeSchema } from "./catalogue.ts";
import {
  formCheckbox,
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

/** A city's ordering settings as its form sends them; empty amounts are 0, or none where optional. */
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
    },
  }));

/**
 * The operator's page (admin): keeping the super-admin's key in the tab, forgetting it, suspending
 * or restoring a partner, and creating one with its first city and owner.
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
]);
