import {
  changeVendorSettings,
  checkVendorClosures,
  type Locale,
  localDateOf,
  localMomentOf,
  pickText,
  toMajorUnits,
  VENDOR_CLOSURES_MAX,
  type VendorClosureRefusal,
  type VendorSettingsRefusal,
} from "@storefront/domain";
import type { ConsoleVendor, consoleVendorChangeSchema } from "@storefront/domain/contract";
import type { z } from "zod";
import { internationalPhone } from "../accounts/phone.ts";
import type { CatalogueInvalidations } from "../catalogue/catalogue-invalidations.ts";
import { catalogueChanges } from "../catalogue/catalogue-tags.ts";
import { type ImageStore, smallestVariantPath, thumbnailsOf } from "../catalogue/images.ts";
import type { ProductScope } from "../catalogue/product-changes.ts";
import { refreshVendorSearchText } from "../catalogue/search-documents.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { type AuditActor, recordAudit } from "./audit-log-repository.ts";
import {
  findVendorOfScope,
  listCategoryNames,
  listCityCategoryIds,
  listCityCategoryNames,
  listVendorCategoryIds,
  replaceVendorCategories,
  updateVendor,
  type VendorRow,
} from "./vendors-repository.ts";

type VendorChange = z.infer<typeof consoleVendorChangeSchema>;

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

type VendorSettingsView = Omit<ConsoleVendor, "categoryIds" | "categoryChoices" | "cover" | "avatar">;

function describe(row: VendorRow, locality: { code: string; currencyCode: string }): VendorSettingsView {
  return {
    id: row.id,
    name: row.name,
    visible: row.visible,
    localityCode: locality.code,
    currencyCode: locality.currencyCode,
    street: row.street,
    houseNumber: row.houseNumber,
    phone: row.phone,
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
  const found = await findVendorOfScope(db, scope, vendorId, forUpdate);
  if (!found) throw new AppError(404, "VendorNotFoundException", `Vendor ${vendorId} not found`);
  return found;
}

/** The locality's categories as a member reads them: parents first, each followed by its children. */
async function categoryChoicesOf(db: Database, localityId: number, reader: Locale | null, lang: Locale) {
  const rows = await listCityCategoryNames(db, localityId);
  const named = (row: (typeof rows)[number]) => ({
    id: row.id,
    parentId: row.parentId,
    name: pickText(row.name, reader, lang),
  });
  return rows
    .filter((row) => row.parentId === null)
    .flatMap((parent) => [parent, ...rows.filter((row) => row.parentId === parent.id)].map(named));
}

/** A vendor's settings with its categories (and the locality's to choose from) and its pictures. */
export async function readConsoleVendor(
  db: Database,
  scope: ProductScope,
  imageStore: ImageStore,
  vendorId: number,
  reader: Locale | null,
): Promise<ConsoleVendor> {
  const found = await findScopedVendor(db, scope, vendorId);
  const { vendor } = found;
  const [categoryIds, categoryChoices, imageOf] = await Promise.all([
    listVendorCategoryIds(db, vendor.id),
    categoryChoicesOf(db, vendor.localityId, reader, found.lang as Locale),
    imageStore.load([vendor.imageId, vendor.avatarId]),
  ]);
  return {
    ...describe(vendor, found),
    categoryIds,
    categoryChoices,
    cover: smallestVariantPath(imageOf(vendor.imageId)),
    avatar: smallestVariantPath(imageOf(vendor.avatarId)),
  };
}

/** Each category's name in a language, by its id. */
async function categoryNamesOf(db: Database, ids: number[], lang: string) {
  const rows = await listCategoryNames(db, ids);
  return (id: number) => pickText(rows.find((row) => row.id === id)?.name ?? {}, lang as Locale);
}

/** The vendor's categories replaced; each must be of its locality, else a 400 naming `categoryIds`. */
async function writeCategories(db: Database, vendor: VendorRow, categoryIds: number[]) {
  const known = await listCityCategoryIds(db, vendor.localityId, categoryIds);
  if (known.length !== categoryIds.length)
    throw new AppError(
      400,
      "ValidationException",
      "Invalid body: categoryIds must be categories of the vendor's city",
      {
        errorCode: "VALIDATION_FAILED",
        details: [{ field: "categoryIds", message: "must be categories of the vendor's city" }],
      },
    );
  await replaceVendorCategories(db, vendor.id, categoryIds);
}

/**
 * A vendor's settings changed by its staff: checked by the domain's rule, written with its audit
 * entry in one transaction. Answers the vendor's id and locality.
 */
export async function changeConsoleVendor(
  db: Database,
  input: { scope: ProductScope; vendorId: number; change: VendorChange; actor: AuditActor; now: Date },
  catalogue: CatalogueInvalidations,
): Promise<{ id: number; localityId: number }> {
  const { change } = input;
  const vendor = await db.transaction(async (tx) => {
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
    const updated = await updateVendor(tx, row.id, {
      ...(change.name === undefined ? {} : { name: change.name }),
      ...(change.street === undefined ? {} : { street: change.street }),
      ...(change.houseNumber === undefined ? {} : { houseNumber: change.houseNumber }),
      // A number the courier's phone can dial, or none ("" clears it).
      ...(change.phone === undefined
        ? {}
        : { phone: change.phone === "" ? null : internationalPhone(change.phone, "phone") }),
      ...(change.city === undefined ? {} : { city: change.city }),
      ...(change.receiptTypes === undefined ? {} : { receiptTypes: change.receiptTypes }),
      ...(change.visible === undefined ? {} : { visible: change.visible }),
      cookingMinutesMin: settings.cookingMinutesMin,
      cookingMinutesMax: settings.cookingMinutesMax,
      minOrderPrice: settings.minOrderPriceMinor,
      deliveryFee: settings.deliveryFeeMinor,
      workingHours: settings.workingHours,
      ...(closures ? { closures: closures.closures } : {}),
    });
    const categoriesBefore = await listVendorCategoryIds(tx, row.id);
    if (change.categoryIds !== undefined) await writeCategories(tx, row, change.categoryIds);
    if (change.name !== undefined || change.categoryIds !== undefined)
      await refreshVendorSearchText(tx, row.id);
    // The log names the categories (in the city's language), as the owner reads them.
    const categoryNames = await categoryNamesOf(
      tx,
      [...categoriesBefore, ...(change.categoryIds ?? [])],
      found.lang,
    );
    const before = { ...describe(row, found), categories: categoriesBefore.map(categoryNames) };
    const after = {
      ...describe(updated ?? row, found),
      categories: (change.categoryIds ?? categoriesBefore).map(categoryNames),
    };
    await recordAudit(tx, input.actor, {
      action: "vendor.update",
      entity: "vendor",
      entityId: row.id,
      before,
      after,
      at: input.now,
    });
    return { id: row.id, localityId: row.localityId };
  });
  // The vendor's page, its locality's lists and category counts show the change from their next read.
  await catalogue.announce(catalogueChanges.vendorListing(vendor));
  return vendor;
}

/**
 * A vendor's cover or logo replaced by a picture already stored, audited in the same transaction.
 * Answers the vendor and the new picture at its smallest size.
 */
export async function setVendorPicture(
  db: Database,
  input: {
    scope: ProductScope;
    vendorId: number;
    kind: "cover" | "avatar";
    imageId: number;
    actor: AuditActor;
    now: Date;
  },
  catalogue: CatalogueInvalidations,
): Promise<{ vendor: { id: number; localityId: number }; picture: string }> {
  const changed = await db.transaction(async (tx) => {
    const { vendor } = await findScopedVendor(tx, input.scope, input.vendorId, true);
    const column = input.kind === "cover" ? "imageId" : "avatarId";
    const pathOf = await thumbnailsOf(tx, [input.imageId, vendor[column]]);
    await updateVendor(tx, vendor.id, { [column]: input.imageId });
    const picture = pathOf(input.imageId) as string;
    await recordAudit(tx, input.actor, {
      action: `vendor.${input.kind}`,
      entity: "vendor",
      entityId: vendor.id,
      before: { [input.kind]: pathOf(vendor[column]) },
      after: { [input.kind]: picture },
      at: input.now,
    });
    return { vendor: { id: vendor.id, localityId: vendor.localityId }, picture };
  });
  // The vendor's page, its locality's lists and category counts show the change from their next read.
  await catalogue.announce(catalogueChanges.vendorListing(changed.vendor));
  return changed;
}
