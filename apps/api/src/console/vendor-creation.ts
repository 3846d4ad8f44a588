import {
  distanceToPolygonKm,
  LOCALITY_REACH_KM,
  type Locale,
  pickText,
  weeklySchedule,
} from "@storefront/domain";
import type { consoleVendorDraftSchema } from "@storefront/domain/contract";
import { and, eq, max } from "drizzle-orm";
import type { z } from "zod";
import { refreshVendorSearchText } from "../catalogue/vendor-search-text.ts";
import type { Database } from "../db/client.ts";
import { localities, vendors } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { type AuditActor, recordAudit } from "./audit-log.ts";

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
): Promise<{ id: number; localityId: number }> {
  const { draft } = input;
  return db.transaction(async (tx) => {
    const [city] = await tx
      .select()
      .from(localities)
      .where(and(eq(localities.partnerId, input.partnerId), eq(localities.code, draft.localityCode)))
      .limit(1);
    if (!city) throw invalid("localityCode", "must be one of the partner's cities");
    const point = { latitude: draft.latitude, longitude: draft.longitude };
    const zone = city.deliveryZone.map(([longitude, latitude]) => ({ latitude, longitude }));
    if (distanceToPolygonKm(point, zone) > LOCALITY_REACH_KM)
      throw invalid("latitude", `must be within ${LOCALITY_REACH_KM} km of the city's delivery zone`);
    const [last] = await tx
      .select({ sort: max(vendors.sort) })
      .from(vendors)
      .where(eq(vendors.localityId, city.id));
    const [row] = await tx
      .insert(vendors)
      .values({
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
        sort: (last?.sort ?? 0) + 1,
        visible: false,
      })
      .returning({ id: vendors.id });
    const id = (row as { id: number }).id;
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
}
