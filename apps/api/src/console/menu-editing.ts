import {
  arrangementProblem,
  checkProductDraft,
  checkSectionName,
  type Locale,
  type LocalizedText,
  type MenuArrangement,
  type ProductContent,
  type ProductDraft,
  type ProductDraftRefusal,
  toMajorUnits,
} from "@storefront/domain";
import type { ConsoleProductDetails } from "@storefront/domain/contract";
import type { CatalogueInvalidations } from "../catalogue/catalogue-invalidations.ts";
import { catalogueChanges } from "../catalogue/catalogue-tags.ts";
import { type ImageStore, smallestVariantPath } from "../catalogue/images.ts";
import type { ProductScope } from "../catalogue/product-changes.ts";
import { refreshVendorSearchText } from "../catalogue/search-documents.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { type AuditActor, recordAudit } from "./audit-log-repository.ts";
import { findScopedVendor } from "./console-vendors.ts";
import {
  findProduct,
  findProductOfScope,
  type GroupRow,
  insertProduct,
  insertSection,
  isSectionOfVendor,
  listOptionGroups,
  listProductPlaces,
  listSectionIds,
  lockSectionOfScope,
  nextProductSort,
  nextSectionSort,
  type OptionRow,
  type ProductRow,
  replaceOptionGroups,
  updateProduct,
  updateSection,
  writeMenuArrangement,
} from "./menus-repository.ts";

/** Who writes, where, when: every menu write is the scope's and is audited. */
interface MenuWrite {
  scope: ProductScope;
  actor: AuditActor;
  now: Date;
}

/** The vendor a write touched. */
export interface TouchedVendor {
  id: number;
  localityId: number;
}

const REFUSALS: Record<ProductDraftRefusal, string> = {
  TEXT_MISSING: "is required in the vendor's language",
  NOT_WHOLE_MINOR_UNITS: "must be an amount in whole minor units of the currency",
  DISCOUNT_NOT_BELOW_PRICE: "must be below the price",
  NOT_WHOLE_PIECES: "must be a whole number of pieces",
  MULTI_SELECTION_MAX: "must be at least 2 when several may be chosen",
  REQUIRED_WITHOUT_CHOICE: "of a required group need at least one that is not sold out",
  DIET_CONTRADICTED: "contradicts a diet tag of the product",
};

function refuse(field: string, message: string, errorCode = "VALIDATION_FAILED"): never {
  throw new AppError(400, "ValidationException", `Invalid body: ${field} ${message}`, {
    errorCode,
    details: [{ field, message }],
  });
}

type ProductDraftOfRow = Omit<ConsoleProductDetails, "id" | "vendor" | "available" | "visible" | "photo">;

/** A product with its groups and options as the editor shows them: amounts in major units. */
function draftOf(
  product: ProductRow,
  groups: GroupRow[],
  groupOptions: OptionRow[],
  currencyCode: string,
): ProductDraftOfRow {
  const major = (minor: number) => toMajorUnits(minor, currencyCode);
  return {
    sectionId: product.sectionId,
    name: product.name,
    description: product.description,
    price: major(product.price),
    discountPrice: product.discountPrice === null ? null : major(product.discountPrice),
    weight: product.weight,
    weightUnit: product.weightUnit,
    attributes: product.attributes,
    tags: product.tags as ProductDraftOfRow["tags"],
    allergens: product.allergens,
    spicyLevel: product.spicyLevel,
    nutritionFacts: product.nutritionFacts,
    optionGroups: groups.map((group) => ({
      id: group.id,
      name: group.name,
      required: group.required,
      multiSelection: group.multiSelection,
      maxCount: group.maxCount,
      options: groupOptions
        .filter((option) => option.groupId === group.id)
        .map((option) => ({
          id: option.id,
          name: option.name,
          price: major(option.price),
          available: option.available,
        })),
    })),
  };
}

/** The product of the scope, locked when about to be written, with its vendor's locality. */
async function findScopedProduct(db: Database, scope: ProductScope, productId: number, forUpdate = false) {
  const found = await findProductOfScope(db, scope, productId, forUpdate);
  if (!found) throw new AppError(404, "ProductNotFoundException", `Product ${productId} not found`);
  return found;
}

/** A product as the console's editor opens it, whole. */
export async function readProductDetails(
  db: Database,
  scope: ProductScope,
  imageStore: ImageStore,
  productId: number,
): Promise<ConsoleProductDetails> {
  const found = await findScopedProduct(db, scope, productId);
  const { product } = found;
  const [{ groups, groupOptions }, imageOf] = await Promise.all([
    listOptionGroups(db, product.id),
    imageStore.load([product.imageId]),
  ]);
  return {
    ...draftOf(product, groups, groupOptions, found.currencyCode),
    id: product.id,
    vendor: {
      id: product.vendorId,
      name: found.vendorName,
      currencyCode: found.currencyCode,
      lang: found.lang as Locale,
    },
    available: product.available,
    visible: product.visible,
    photo: smallestVariantPath(imageOf(product.imageId)),
  };
}

/** The draft checked by the domain's rule, its section the vendor's: else a 400 naming the field. */
async function checkedContent(
  db: Database,
  draft: ProductDraft,
  vendor: { id: number; lang: string; currencyCode: string },
): Promise<ProductContent> {
  const checked = checkProductDraft(draft, {
    lang: vendor.lang as Locale,
    currencyCode: vendor.currencyCode,
  });
  if (!checked.ok) refuse(checked.field, REFUSALS[checked.refusal], checked.refusal);
  if (!(await isSectionOfVendor(db, vendor.id, draft.sectionId)))
    refuse("sectionId", "is not a section of this vendor");
  return checked.product;
}

const productColumns = (content: ProductContent) => ({
  sectionId: content.sectionId,
  name: content.name,
  description: content.description,
  price: content.price,
  discountPrice: content.discountPrice,
  weight: content.weight,
  weightUnit: content.weightUnit,
  attributes: content.attributes,
  tags: content.tags,
  allergens: content.allergens,
  spicyLevel: content.spicyLevel,
  nutritionFacts: content.nutritionFacts,
});

/**
 * Writes a product's option groups and options as the draft has them: a listed id is updated in
 * place (so carts holding it keep it), one without is added, what is left out is deleted (carts
 * holding it then show the line's options as removed). An id of another product's group, or of
 * another group's option, is refused.
 */
async function writeOptionGroups(db: Database, productId: number, content: ProductContent) {
  const { groups, groupOptions } = await listOptionGroups(db, productId);
  for (const [g, group] of content.optionGroups.entries()) {
    if (group.id !== undefined && !groups.some((row) => row.id === group.id))
      refuse(`optionGroups.${g}.id`, "is not an option group of this product");
    for (const [o, option] of group.options.entries())
      if (
        option.id !== undefined &&
        !groupOptions.some((row) => row.id === option.id && row.groupId === group.id)
      )
        refuse(`optionGroups.${g}.options.${o}.id`, "is not an option of this group");
  }
  await replaceOptionGroups(db, productId, content.optionGroups);
}

/** A new product at the bottom of its section, hidden or listed as the staff chose, audited. */
export async function createProduct(
  db: Database,
  input: MenuWrite & { vendorId: number; draft: ProductDraft; visible: boolean },
  catalogue: CatalogueInvalidations,
): Promise<{ id: number; vendor: TouchedVendor }> {
  const made = await db.transaction(async (tx) => {
    const found = await findScopedVendor(tx, input.scope, input.vendorId, true);
    const vendor = { id: found.vendor.id, lang: found.lang, currencyCode: found.currencyCode };
    const content = await checkedContent(tx, input.draft, vendor);
    const sort = await nextProductSort(tx, content.sectionId);
    const id = await insertProduct(tx, {
      vendorId: vendor.id,
      ...productColumns(content),
      sort,
      visible: input.visible,
    });
    await writeOptionGroups(tx, id, content);
    await refreshVendorSearchText(tx, vendor.id);
    await recordAudit(tx, input.actor, {
      action: "product.create",
      entity: "product",
      entityId: id,
      before: null,
      after: { ...input.draft, visible: input.visible },
      at: input.now,
    });
    return { id, vendor: { id: vendor.id, localityId: found.vendor.localityId } };
  });
  // The vendor's menu and its locality's lists (found by products' names) show it from their next read.
  await catalogue.announce(catalogueChanges.menuNames(made.vendor));
  return made;
}

/** A product's whole content replaced by the draft (its stock, listing and photo stay), audited. */
export async function replaceProduct(
  db: Database,
  input: MenuWrite & { productId: number; draft: ProductDraft },
  catalogue: CatalogueInvalidations,
): Promise<TouchedVendor> {
  const vendor = await db.transaction(async (tx) => {
    const found = await findScopedProduct(tx, input.scope, input.productId, true);
    const { product } = found;
    const before = await listOptionGroups(tx, product.id);
    const vendor = { id: product.vendorId, lang: found.lang, currencyCode: found.currencyCode };
    const content = await checkedContent(tx, input.draft, vendor);
    const moved = content.sectionId !== product.sectionId;
    const sort = moved ? await nextProductSort(tx, content.sectionId) : product.sort;
    await updateProduct(tx, product.id, { ...productColumns(content), sort });
    await writeOptionGroups(tx, product.id, content);
    await refreshVendorSearchText(tx, vendor.id);
    const after = await listOptionGroups(tx, product.id);
    const updated = await findProduct(tx, product.id);
    await recordAudit(tx, input.actor, {
      action: "product.edit",
      entity: "product",
      entityId: product.id,
      before: { ...draftOf(product, before.groups, before.groupOptions, found.currencyCode) },
      after: { ...draftOf(updated ?? product, after.groups, after.groupOptions, found.currencyCode) },
      at: input.now,
    });
    return { id: vendor.id, localityId: found.localityId };
  });
  // The vendor's menu and its locality's lists (found by products' names) show it from their next read.
  await catalogue.announce(catalogueChanges.menuNames(vendor));
  return vendor;
}

/** A new section at the bottom of the vendor's menu, audited. */
export async function createSection(
  db: Database,
  input: MenuWrite & { vendorId: number; name: LocalizedText; visible: boolean },
  catalogue: CatalogueInvalidations,
): Promise<{ id: number; vendor: TouchedVendor }> {
  const made = await db.transaction(async (tx) => {
    const found = await findScopedVendor(tx, input.scope, input.vendorId, true);
    const checked = checkSectionName(input.name, found.lang as Locale);
    if (!checked.ok) refuse(checked.field, REFUSALS.TEXT_MISSING, checked.refusal);
    const sort = await nextSectionSort(tx, found.vendor.id);
    const id = await insertSection(tx, {
      vendorId: found.vendor.id,
      name: checked.name,
      visible: input.visible,
      sort,
    });
    await recordAudit(tx, input.actor, {
      action: "section.create",
      entity: "section",
      entityId: id,
      before: null,
      after: { name: checked.name, visible: input.visible },
      at: input.now,
    });
    return { id, vendor: { id: found.vendor.id, localityId: found.vendor.localityId } };
  });
  // The vendor's menu and its locality's lists (found by products' names) show it from their next read.
  await catalogue.announce(catalogueChanges.menuNames(made.vendor));
  return made;
}

/** A section renamed or shown or hidden, audited. */
export async function changeSection(
  db: Database,
  input: MenuWrite & {
    sectionId: number;
    change: { name?: LocalizedText | undefined; visible?: boolean | undefined };
  },
  catalogue: CatalogueInvalidations,
): Promise<{ section: { id: number; name: LocalizedText; visible: boolean }; vendor: TouchedVendor }> {
  const changed = await db.transaction(async (tx) => {
    const found = await lockSectionOfScope(tx, input.scope, input.sectionId);
    if (!found) throw new AppError(404, "SectionNotFoundException", `Section ${input.sectionId} not found`);
    const { section } = found;
    let name = section.name;
    if (input.change.name !== undefined) {
      const checked = checkSectionName(input.change.name, found.lang as Locale);
      if (!checked.ok) refuse(checked.field, REFUSALS.TEXT_MISSING, checked.refusal);
      name = checked.name;
    }
    const visible = input.change.visible ?? section.visible;
    await updateSection(tx, section.id, { name, visible });
    // Its dishes are found by its name.
    if (input.change.name !== undefined) await refreshVendorSearchText(tx, section.vendorId);
    await recordAudit(tx, input.actor, {
      action: "section.update",
      entity: "section",
      entityId: section.id,
      before: { name: section.name, visible: section.visible },
      after: { name, visible },
      at: input.now,
    });
    return {
      section: { id: section.id, name, visible },
      vendor: { id: section.vendorId, localityId: found.localityId },
    };
  });
  // The vendor's menu and its locality's lists (found by products' names) show it from their next read.
  await catalogue.announce(catalogueChanges.menuNames(changed.vendor));
  return changed;
}

/**
 * The vendor's menu in a new order: sections top to bottom, each with its products (a product
 * listed under another section moves there). It must name every section and product of the vendor
 * once, so a screen that was stale when dragged cannot lose or duplicate one: 409 then.
 */
export async function arrangeMenu(
  db: Database,
  input: MenuWrite & { vendorId: number; arrangement: MenuArrangement },
  catalogue: CatalogueInvalidations,
): Promise<TouchedVendor> {
  const vendor = await db.transaction(async (tx) => {
    const found = await findScopedVendor(tx, input.scope, input.vendorId, true);
    const vendorId = found.vendor.id;
    const [sectionIds, productRows] = await Promise.all([
      listSectionIds(tx, vendorId),
      listProductPlaces(tx, vendorId),
    ]);
    const problem = arrangementProblem(input.arrangement, {
      sectionIds,
      productIds: productRows.map((row) => row.id),
    });
    if (problem)
      throw new AppError(409, "MenuChangedException", "The menu changed since it was read: read it again", {
        errorCode: problem,
      });
    await writeMenuArrangement(tx, input.arrangement);
    // A dish moved to another section is found by that section's name; a new order alone changes no word.
    const sectionOf = new Map(productRows.map((row) => [row.id, row.sectionId]));
    const moved = input.arrangement.some((section) =>
      section.productIds.some((id) => sectionOf.get(id) !== section.id),
    );
    if (moved) await refreshVendorSearchText(tx, vendorId);
    const before = sectionIds.map((id) => ({
      id,
      productIds: productRows.filter((row) => row.sectionId === id).map((row) => row.id),
    }));
    await recordAudit(tx, input.actor, {
      action: "menu.arrange",
      entity: "vendor",
      entityId: vendorId,
      before: { sections: before },
      after: { sections: input.arrangement },
      at: input.now,
    });
    return { id: vendorId, localityId: found.vendor.localityId };
  });
  // The vendor's menu and its locality's lists (found by products' names) show it from their next read.
  await catalogue.announce(catalogueChanges.menuNames(vendor));
  return vendor;
}
