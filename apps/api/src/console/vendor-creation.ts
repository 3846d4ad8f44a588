import {
  distanceToPolygonKm,
  LOCALITY_REACH_KM,
  type Locale,
  pickText,
  weeklySchedule,
} from "@storefront/domain";
import type { consoleVendorDraftSchema } from "@storefront/domain/contract";
import type { z } from "zod";
import type { CatalogueInvalidations } from "../catalogue/catalogue-invalidations.ts";
import { catalogueChanges } from "../catalogue/catalogue-tags.ts";
import { findLocalityRowByCode } from "../catalogue/localities-repository.ts";
import { refreshVendorSearchText } from "../catalogue/search-documents.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { type AuditActor, recordAudit } from "./audit-log-repository.ts";
import { insertVendor, lastVendorSort } from "./vendors-repository.ts";

type VendorDraft = z.infer<typeof consoleVendorDraftSchema>;

/** What a new vendor starts with; its staff change each on its settings before listing it. */
export const NEW_VENDOR_DEFAULTS = {
  opening: { from: "10:00", until: "22:00" },
  receiptTypes: ["DELIVERY", "TAKEAWAY"] as Array<"DELIVERY" | "TAKEAWAY">,
  cookingMinutes: { min: 20, max: 40 },
} as const;

const invalid = (field: string, message: string) =>
  new AppError(400, "ValidationException", `Invalid body: ${field} ${message}`, {
    details: [{ field, message }],
  });

/**
 * A new vendor of one of the partner's cities, at its point (within the city's reach), open every
 * day 10:00–22:00 for delivery and takeaway, with no minimum order or delivery price and no menu:
 * hidden from customers until its staff have set it up and list it. Audited.
 */
export async function createConsoleVendor(
  db: Database,
  input: { partnerId: number; draft: VendorDraft; actor: AuditActor; now: Date },
  catalogue: CatalogueInvalidations,
): Promise<{ id: number; localityId: number }> {
  const { draft } = input;
  const vendor = await db.transaction(async (tx) => {
    const city = await findLocalityRowByCode(tx, input.partnerId, draft.localityCode);
    if (!city) throw invalid("localityCode", "must be one of the partner's cities");
    const point = { latitude: draft.latitude, longitude: draft.longitude };
    const zone = city.deliveryZone.map(([longitude, latitude]) => ({ latitude, longitude }));
    if (distanceToPolygonKm(point, zone) > LOCALITY_REACH_KM)
      throw invalid("latitude", `must be within ${LOCALITY_REACH_KM} km of the city's delivery zone`);
    const last = await lastVendorSort(tx, city.id);
    const id = await insertVendor(tx, {
      partnerId: input.partnerId,
      localityId: city.id,
      name: draft.name,
      vendorType: draft.vendorType,
      street: draft.street,
      houseNumber: draft.houseNumber,
      city: pickText(city.name, city.lang as Locale),
      country: city.countryCode,
      latitude: draft.latitude,
      longitude: draft.longitude,
      workingHours: weeklySchedule(NEW_VENDOR_DEFAULTS.opening),
      receiptTypes: [...NEW_VENDOR_DEFAULTS.receiptTypes],
      cookingMinutesMin: NEW_VENDOR_DEFAULTS.cookingMinutes.min,
      cookingMinutesMax: NEW_VENDOR_DEFAULTS.cookingMinutes.max,
      deliveryFee: 0,
      minOrderPrice: 0,
      sort: (last ?? 0) + 1,
      visible: false,
    });
    await refreshVendorSearchText(tx, id);
    await recordAudit(tx, input.actor, {
      action: "vendor.create",
      entity: "vendor",
      entityId: id,
      before: null,
      after: {
        name: draft.name,
        city: city.code,
        street: draft.street,
        houseNumber: draft.houseNumber,
        visible: false,
      },
      at: input.now,
    });
    return { id, localityId: city.id };
  });
  // Hidden until listed, but told as any listing change: its page, its locality's lists and counts.
  await catalogue.announce(catalogueChanges.vendorListing(vendor));
  return vendor;
}
