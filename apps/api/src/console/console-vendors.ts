import {
  changeVendorSettings,
  checkVendorClosures,
  localDateOf,
  localMomentOf,
  toMajorUnits,
  VENDOR_CLOSURES_MAX,
  type VendorClosureRefusal,
  type VendorSettingsRefusal,
} from "@storefront/domain";
import type { ConsoleVendor, consoleVendorChangeSchema } from "@storefront/domain/contract";
import { and, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { type ProductScope, vendorOfScope } from "../catalogue/product-changes.ts";
import { refreshVendorSearchText } from "../catalogue/vendor-search-text.ts";
import type { Database } from "../db/client.ts";
import { localities, vendors } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { type AuditActor, recordAudit } from "./audit-log.ts";

type VendorChange = z.infer<typeof consoleVendorChangeSchema>;
type VendorRow = typeof vendors.$inferSelect;

const CLOSURE_REFUSALS: Record<VendorClosureRefusal, string> = {
  NOT_A_DATE_TIME: "from and until are real local dates and times",
  EMPTY_CLOSURE: "a closure ends after it starts",
  TOO_MANY_CLOSURES: `at most ${VENDOR_CLOSURES_MAX} closures to come`,
};

/** The locality's wall clock at an instant. */
function localClockOf(now: Date, timeZone: string) {
  return { date: localDateOf(now, timeZone), moment: localMomentOf(now, timeZone) };
}

const REFUSALS: Record<VendorSettingsRefusal, string> = {
  NOT_WHOLE_MINOR_UNITS: "must be zero or more, in whole minor units of the currency",
  COOKING_RANGE: "the shortest cooking time must not be longer than the longest",
  EMPTY_SPAN: "an opening span must last: from and until differ",
};

function describe(row: VendorRow, locality: { code: string; currencyCode: string }): ConsoleVendor {
  return {
    id: row.id,
    name: row.name,
    localityCode: locality.code,
    currencyCode: locality.currencyCode,
    street: row.street,
    houseNumber: row.houseNumber,
    city: row.city,
    cookingMinutesMin: row.cookingMinutesMin,
    cookingMinutesMax: row.cookingMinutesMax,
    minOrderPrice: toMajorUnits(row.minOrderPrice, locality.currencyCode),
    deliveryFee: toMajorUnits(row.deliveryFee, locality.currencyCode),
    receiptTypes: row.receiptTypes,
    workingHours: row.workingHours,
    closures: row.closures,
  };
}

/**
 * The scope's vendor with its locality's code, currency and language, locked when `forUpdate`
 * (another partner's or vendor's is as unknown as none: 404).
 */
export async function findScopedVendor(
  db: Database,
  scope: ProductScope,
  vendorId: number,
  forUpdate = false,
) {
  const query = db
    .select({
      vendor: vendors,
      code: localities.code,
      currencyCode: localities.currencyCode,
      timeZone: localities.timeZone,
      lang: localities.lang,
    })
    .from(vendors)
    .innerJoin(localities, eq(localities.id, vendors.localityId))
    .where(and(eq(vendors.id, vendorId), vendorOfScope(scope)))
    .limit(1);
  const [found] = forUpdate ? await query.for("update", { of: vendors }) : await query;
  if (!found) throw new AppError(404, "VendorNotFoundException", `Vendor ${vendorId} not found`);
  return found;
}

export async function readConsoleVendor(
  db: Database,
  scope: ProductScope,
  vendorId: number,
): Promise<ConsoleVendor> {
  const found = await findScopedVendor(db, scope, vendorId);
  return describe(found.vendor, found);
}

/**
 * A vendor's settings changed by its staff: checked by the domain's rule, written with its audit
 * entry in one transaction. Answers the vendor as it is now and its locality (for the caches).
 */
export async function changeConsoleVendor(
  db: Database,
  input: { scope: ProductScope; vendorId: number; change: VendorChange; actor: AuditActor; now: Date },
): Promise<{ vendor: ConsoleVendor; localityId: number }> {
  const { change } = input;
  return db.transaction(async (tx) => {
    const found = await findScopedVendor(tx, input.scope, input.vendorId, true);
    const row = found.vendor;
    const checked = changeVendorSettings({
      current: {
        cookingMinutesMin: row.cookingMinutesMin,
        cookingMinutesMax: row.cookingMinutesMax,
        minOrderPriceMinor: row.minOrderPrice,
        deliveryFeeMinor: row.deliveryFee,
        workingHours: row.workingHours,
      },
      change,
      currencyCode: found.currencyCode,
    });
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
    const { settings } = checked;
    const closures =
      change.closures === undefined
        ? null
        : checkVendorClosures(change.closures, localClockOf(input.now, found.timeZone));
    if (closures && !closures.ok) {
      const field = closures.index === null ? "closures" : `closures.${closures.index}`;
      throw new AppError(
        400,
        "ValidationException",
        `Invalid body: ${field} ${CLOSURE_REFUSALS[closures.refusal]}`,
        {
          errorCode: closures.refusal,
          details: [{ field, message: CLOSURE_REFUSALS[closures.refusal] }],
        },
      );
    }
    const [updated] = await tx
      .update(vendors)
      .set({
        ...(change.name === undefined ? {} : { name: change.name }),
        ...(change.street === undefined ? {} : { street: change.street }),
        ...(change.houseNumber === undefined ? {} : { houseNumber: change.houseNumber }),
        ...(change.city === undefined ? {} : { city: change.city }),
        ...(change.receiptTypes === undefined ? {} : { receiptTypes: change.receiptTypes }),
        cookingMinutesMin: settings.cookingMinutesMin,
        cookingMinutesMax: settings.cookingMinutesMax,
        minOrderPrice: settings.minOrderPriceMinor,
        deliveryFee: settings.deliveryFeeMinor,
        workingHours: settings.workingHours,
        ...(closures ? { closures: closures.closures } : {}),
      })
      .where(eq(vendors.id, row.id))
      .returning();
    if (change.name !== undefined) await refreshVendorSearchText(tx, row.id);
    const before = describe(row, found);
    const after = describe(updated ?? row, found);
    await recordAudit(tx, input.actor, {
      action: "vendor.update",
      entity: "vendor",
      entityId: row.id,
      before,
      after,
      at: input.now,
    });
    return { vendor: after, localityId: row.localityId };
  });
}
