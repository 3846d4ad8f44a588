import {
  type CitySettingsRefusal,
  checkCitySettings,
  checkLoyaltyProgramme,
  DEFAULT_COURIER_KMH,
  DEFAULT_MIN_ORDER_PRICE,
  DEFAULT_PAYMENT_TYPES,
  DEFAULT_PREORDER_PERIOD,
  DEFAULT_RECEIPT_TYPES,
  DEFAULT_TIP_SETTINGS,
  LOYALTY_EXPIRY_MONTHS_MAX,
  LOYALTY_POINTS_MAX,
  type Locale,
  type LoyaltyProgramme,
  type LoyaltyProgrammeDraft,
  type LoyaltyProgrammeRefusal,
  loyaltyDraftOf,
  toMajorUnits,
} from "@storefront/domain";
import type { CitySettings, CitySettingsChange } from "@storefront/domain/contract";
import { programmeOf } from "../accounts/loyalty-points.ts";
import type { CatalogueInvalidations } from "../catalogue/catalogue-invalidations.ts";
import { catalogueChanges } from "../catalogue/catalogue-tags.ts";
import { type LocalityRow, localityName } from "../catalogue/localities.ts";
import { findLocalityRowByCode } from "../catalogue/localities-repository.ts";
import { deliveryPricingOf } from "../catalogue/vendors.ts";
import type { Database } from "../db/client.ts";
import { AppError, LOCALITY_NOT_FOUND_MESSAGE } from "../errors.ts";
import { type AuditActor, recordAudit } from "./audit-log-repository.ts";
import { lockCityOfCode, updateCity } from "./cities-repository.ts";

const REFUSALS: Record<CitySettingsRefusal, string> = {
  UNKNOWN_CURRENCY: "is not a currency code this server knows",
  NOT_WHOLE_MINOR_UNITS: "must be zero or more, in whole cents of the currency",
  ZERO_STEP: "must be more than zero",
  TIP_OVER_MAX: "is more than the largest tip",
  TIP_OFF_STEP: "is not a multiple of the tip step",
  TIPS_REPEATED: "is offered twice",
};

/** A city's ordering settings as the console shows them, the defaults in force filled in. */
function describe(row: LocalityRow, reader: Locale | null): CitySettings {
  const p = row.params;
  const currency = row.currencyCode;
  const major = (minor: number) => toMajorUnits(minor, currency);
  const pricing = deliveryPricingOf(row);
  const preorder = p.preOrderPeriod ?? DEFAULT_PREORDER_PERIOD;
  const tips = p.tipSettings ?? DEFAULT_TIP_SETTINGS;
  const referral = p.referral ?? { enabled: false, discountDescription: {}, bonusDescription: {} };
  return {
    code: row.code,
    name: localityName(row, reader),
    lang: row.lang as Locale,
    currencyCode: currency,
    minOrderPrice: major(p.minOrderPrice ?? DEFAULT_MIN_ORDER_PRICE),
    delivery: {
      includedKm: pricing.includedKm,
      perKm: major(pricing.perKmMinor),
      step: major(pricing.stepMinor),
    },
    freeDeliveryFrom: p.freeDeliveryFromMinor === undefined ? null : major(p.freeDeliveryFromMinor),
    maxCashOrder: p.maxCashOrderMinor === undefined ? null : major(p.maxCashOrderMinor),
    courierKmh: p.courierKmh ?? DEFAULT_COURIER_KMH,
    preorderDays: preorder.type === "DAYS" ? preorder.value : 0,
    receiptTypes: [...(p.receiptTypes ?? DEFAULT_RECEIPT_TYPES)],
    paymentTypes: [...(p.paymentTypes ?? DEFAULT_PAYMENT_TYPES)],
    showStoredCards: p.showStoredCards ?? false,
    tips: { enabled: tips.enabled, max: tips.tipMax, step: tips.tipStep, values: [...tips.tipValues] },
    referral: {
      enabled: referral.enabled,
      discountDescription: referral.discountDescription,
      bonusDescription: referral.bonusDescription,
    },
    loyalty: loyaltyDraftOf(programmeOf(row), currency),
  };
}

async function lockedCity(db: Database, partnerId: number, code: string) {
  const row = await lockCityOfCode(db, partnerId, code);
  if (!row) throw new AppError(404, "LocalityNotFoundException", LOCALITY_NOT_FOUND_MESSAGE);
  return row;
}

/** One city's ordering settings, or a 404 when the partner has no city of that code. */
export async function citySettings(
  db: Database,
  input: { partnerId: number; code: string; reader: Locale | null },
): Promise<CitySettings> {
  const row = await findLocalityRowByCode(db, input.partnerId, input.code);
  if (!row) throw new AppError(404, "LocalityNotFoundException", LOCALITY_NOT_FOUND_MESSAGE);
  return describe(row, input.reader);
}

/**
 * A city's ordering settings replaced as the console's form says: checked by the domain's rule (a
 * 400 naming the field), written with its audit entry in one transaction. Orders already placed keep
 * their own currency and amounts; carts are priced by the new settings from their next read.
 */
export async function changeCitySettings(
  db: Database,
  input: {
    partnerId: number;
    code: string;
    change: CitySettingsChange;
    actor: AuditActor;
    reader: Locale | null;
    now: Date;
  },
  catalogue: CatalogueInvalidations,
): Promise<CitySettings> {
  const { change } = input;
  const checked = checkCitySettings(change);
  if (!checked.ok)
    throw new AppError(
      400,
      "ValidationException",
      `Invalid body: ${checked.field} ${REFUSALS[checked.refusal]}`,
      {
        errorCode: checked.refusal,
        details: [{ field: checked.field, message: REFUSALS[checked.refusal] }],
      },
    );
  const { amounts } = checked;
  const loyalty = change.loyalty ? checkedLoyalty(change.loyalty, change.currencyCode) : null;
  const { settings, id } = await db.transaction(async (tx) => {
    const row = await lockedCity(tx, input.partnerId, input.code);
    const previousPreorder = row.params.preOrderPeriod ?? DEFAULT_PREORDER_PERIOD;
    const params = { ...row.params };
    params.minOrderPrice = amounts.minOrderPriceMinor;
    params.deliveryPricing = amounts.deliveryPricing;
    params.tipSettings = amounts.tipSettings;
    params.preOrderPeriod =
      change.preorderDays > 0
        ? { type: "DAYS", value: change.preorderDays }
        : { type: "NONE", value: previousPreorder.value };
    params.receiptTypes = [...new Set(change.receiptTypes)];
    params.paymentTypes = [...new Set(change.paymentTypes)];
    params.showStoredCards = change.showStoredCards;
    params.courierKmh = change.courierKmh;
    params.referral = {
      enabled: change.referral.enabled,
      discountDescription: withoutBlanks(change.referral.discountDescription),
      bonusDescription: withoutBlanks(change.referral.bonusDescription),
    };
    if (loyalty) params.loyalty = loyalty;
    if (amounts.freeDeliveryFromMinor === null) delete params.freeDeliveryFromMinor;
    else params.freeDeliveryFromMinor = amounts.freeDeliveryFromMinor;
    if (amounts.maxCashOrderMinor === null) delete params.maxCashOrderMinor;
    else params.maxCashOrderMinor = amounts.maxCashOrderMinor;
    const updated = await updateCity(tx, row.id, {
      lang: change.lang,
      currencyCode: change.currencyCode,
      params,
    });
    const before = describe(row, input.reader);
    const after = describe(updated ?? row, input.reader);
    await recordAudit(tx, input.actor, {
      action: "locality.settings",
      entity: "locality",
      entityId: row.id,
      before,
      after,
      at: input.now,
    });
    return { settings: after, id: row.id };
  });
  // Carts and the storefront read the new settings from their next read, on every process.
  await catalogue.announce(catalogueChanges.locality({ id, partnerId: input.partnerId }));
  return settings;
}

const LOYALTY_REFUSALS: Record<LoyaltyProgrammeRefusal, string> = {
  NOT_WHOLE_MINOR_UNITS: "must be zero or more, in whole cents of the currency",
  NOT_WHOLE_POINTS: "must be a whole number of points, zero or more",
  VALUE_REQUIRED: "must be more than zero while the programme is on",
  OVER_MAX: `must be at most ${LOYALTY_POINTS_MAX} points`,
  EXPIRY_RANGE: `must be from 1 to ${LOYALTY_EXPIRY_MONTHS_MAX} months, or empty for never`,
  REWARD_OVER_SPEND: "gives back more than was spent to earn the points",
};

/** The programme as the city keeps it, or a 400 naming the field (`loyalty.pointValue`). */
function checkedLoyalty(draft: LoyaltyProgrammeDraft, currencyCode: string): LoyaltyProgramme {
  const checked = checkLoyaltyProgramme(draft, currencyCode.trim().toUpperCase());
  if (checked.ok) return checked.programme;
  const field = `loyalty.${checked.field}`;
  const message = LOYALTY_REFUSALS[checked.refusal];
  throw new AppError(400, "ValidationException", `Invalid body: ${field} ${message}`, {
    errorCode: checked.refusal,
    details: [{ field, message }],
  });
}

/** A text per language without the languages left blank (they read the city's own language). */
function withoutBlanks(text: Partial<Record<Locale, string>>): Partial<Record<Locale, string>> {
  return Object.fromEntries(
    Object.entries(text)
      .map(([locale, value]) => [locale, value?.trim() ?? ""])
      .filter(([, value]) => value !== ""),
  );
}
