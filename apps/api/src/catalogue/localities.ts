import {
  currencySymbol,
  DEFAULT_AUTH_PROVIDER,
  DEFAULT_MIN_ORDER_PRICE,
  DEFAULT_PAYMENT_TYPES,
  DEFAULT_PREORDER_PERIOD,
  DEFAULT_RECEIPT_TYPES,
  DEFAULT_TIP_SETTINGS,
  distanceKm,
  isPointInPolygon,
  type Locale,
  type Point,
  pickText,
  toMajorUnits,
} from "@storefront/domain";
import type { Locality, LocalityParams } from "@storefront/domain/contract";
import { programmeOf } from "../accounts/loyalty-points.ts";
import type { Database } from "../db/client.ts";
import { AppError, LOCALITY_NOT_FOUND_MESSAGE } from "../errors.ts";
import type { MediaAddress } from "../media/media-store.ts";
import { brandPictureUrl } from "../partners/brand-pictures.ts";
import type { Partner } from "../plugins/partner.ts";
import { findLocalityRowByCode, findLocalityRowById, type LocalityRow } from "./localities-repository.ts";

export { type LocalityRow, listLocalities } from "./localities-repository.ts";

/** The partner's locality of this code; 404 when it has none. */
export async function findLocality(db: Database, partnerId: number, code: string): Promise<LocalityRow> {
  const row = await findLocalityRowByCode(db, partnerId, code);
  if (!row) throw new AppError(404, "LocalityNotFoundException", LOCALITY_NOT_FOUND_MESSAGE);
  return row;
}

export function zoneOf(row: LocalityRow): Point[] {
  return row.deliveryZone.map(([longitude, latitude]) => ({ latitude, longitude }));
}

export function toLocality(row: LocalityRow, reader: Locale | null): Locality {
  return {
    id: row.id,
    code: row.code,
    name: pickText(row.name, reader, row.lang as Locale),
    nameI18n: row.name,
    timeZone: row.timeZone,
    currencyCode: row.currencyCode,
    countryCode: row.countryCode,
    lang: row.lang as Locale,
    center: { latitude: row.centerLatitude, longitude: row.centerLongitude },
  };
}

/**
 * The locality whose delivery zone holds the point, else the one whose centre is closest;
 * without a point, the partner's default locality (or its first).
 */
export function chooseNearestLocality(
  rows: readonly LocalityRow[],
  point: Point | null,
  defaultCode: string | null,
): { row: LocalityRow; insideDeliveryZone: boolean; distanceKm: number | null } | null {
  if (rows.length === 0) return null;
  if (!point) {
    const row = rows.find((r) => r.code === defaultCode) ?? (rows[0] as LocalityRow);
    return { row, insideDeliveryZone: false, distanceKm: null };
  }
  const ranked = rows
    .map((row) => ({
      row,
      insideDeliveryZone: isPointInPolygon(point, zoneOf(row)),
      distanceKm: distanceKm(point, { latitude: row.centerLatitude, longitude: row.centerLongitude }),
    }))
    .sort(
      (a, b) => Number(b.insideDeliveryZone) - Number(a.insideDeliveryZone) || a.distanceKm - b.distanceKm,
    );
  const best = ranked[0] as (typeof ranked)[number];
  return { ...best, distanceKm: Math.round(best.distanceKm * 100) / 100 };
}

/** Public parameters of a locality, with the spec's defaults for what the partner left unset. */
export function buildLocalityParams(
  partner: Partner,
  row: LocalityRow,
  reader: Locale | null,
  deployment: {
    firebaseAuthEmulatorHost?: string | undefined;
    /** Where browsers load the media store's pictures (the logo) from. */
    mediaAddress?: MediaAddress;
  } = {},
): LocalityParams {
  const p = row.params;
  const lang = row.lang as Locale;
  const paymentTypes = p.paymentTypes ?? [...DEFAULT_PAYMENT_TYPES];
  const referral = p.referral ?? { enabled: false, discountDescription: {}, bonusDescription: {} };
  return {
    code: row.code,
    timeZone: row.timeZone,
    partnerType: partner.type,
    locale: {
      lang,
      currencyCode: row.currencyCode,
      currencySymbol: currencySymbol(row.currencyCode, `${reader ?? lang}-${row.countryCode}`),
      countryCode: row.countryCode,
    },
    publicInfo: partner.publicInfo,
    contacts: {
      forClients: {
        phone: partner.contacts.phone,
        email: partner.contacts.email,
        workingHours: { intervals: partner.contacts.workingHours },
      },
    },
    delivery: {
      minOrderPrice: toMajorUnits(p.minOrderPrice ?? DEFAULT_MIN_ORDER_PRICE, row.currencyCode),
      preOrderPeriod: p.preOrderPeriod ?? { ...DEFAULT_PREORDER_PERIOD },
      receiptTypes: p.receiptTypes ?? [...DEFAULT_RECEIPT_TYPES],
      deliveryZone: row.deliveryZone,
      maxVendorsPerCart: partner.settings.maxVendorsPerCart,
    },
    availabilitySchedule: { workingHours: { intervals: p.workingHours ?? partner.contacts.workingHours } },
    paymentOptions: {
      paymentTypes,
      paymentOptions: paymentTypes.map((type) => ({
        code: type === "CASH" ? "cash" : "sandbox-card",
        type,
        name: type === "CASH" ? "Cash" : "Card",
      })),
      showStoredCards: p.showStoredCards ?? false,
    },
    tipSettings: p.tipSettings ?? { ...DEFAULT_TIP_SETTINGS, tipValues: [...DEFAULT_TIP_SETTINGS.tipValues] },
    customerAuthOtpProvider: p.customerAuthOtpProvider ?? DEFAULT_AUTH_PROVIDER,
    customerFirebaseOTPSettings:
      p.customerAuthOtpProvider === "FIREBASE" && partner.settings.firebase
        ? {
            ...partner.settings.firebase,
            ...(deployment.firebaseAuthEmulatorHost
              ? { emulatorUrl: `http://${deployment.firebaseAuthEmulatorHost}` }
              : {}),
          }
        : null,
    supportChatSettings: { enabled: Boolean(p.supportChatUrl), url: p.supportChatUrl ?? null },
    loyaltyProgramSettings: { enabled: programmeOf(row).enabled },
    referralProgramSettings: {
      enabled: referral.enabled,
      discountConfig: {
        promocodeConfig: { description: pickText(referral.discountDescription, reader, lang) },
      },
      bonusConfig: { promocodeConfig: { description: pickText(referral.bonusDescription, reader, lang) } },
    },
    // Only the reader's own language: another language's override would replace a translated text.
    alertTexts: {
      invalidCashAmount: partner.settings.alertTexts?.invalidCashAmount?.[reader ?? lang] ?? null,
    },
    theme: {
      brandColour: partner.settings.brandColour,
      textLogo: partner.settings.textLogo,
      logoUrl: partner.settings.logoUrl
        ? (deployment.mediaAddress?.(partner.settings.logoUrl) ?? partner.settings.logoUrl)
        : null,
      mapTileUrl: partner.settings.mapTileUrl,
      iconUrl: brandPictureUrl(partner, "icon-192.png"),
      socialPreviewUrl: brandPictureUrl(partner, "social-preview.png"),
    },
  };
}

export function localityName(row: LocalityRow, reader: Locale | null): string {
  return pickText(row.name, reader, row.lang as Locale);
}

export async function findLocalityById(db: Database, id: number): Promise<LocalityRow> {
  const row = await findLocalityRowById(db, id);
  if (!row) throw new AppError(404, "LocalityNotFoundException", LOCALITY_NOT_FOUND_MESSAGE);
  return row;
}
