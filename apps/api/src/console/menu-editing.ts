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
import { and, asc, eq, inArray, max, notInArray, type SQL } from "drizzle-orm";
import { type ImageStore, smallestVariantPath } from "../catalogue/images.ts";
import { type ProductScope, productOfScope, vendorOfScope } from "../catalogue/product-changes.ts";
import { refreshVendorSearchText } from "../catalogue/vendor-search-text.ts";
import type { Database } from "../db/client.ts";
import { catalogueSections, localities, optionGroups, options, products, vendors } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { type AuditActor, recordAudit } from "./audit-log.ts";
import { findScopedVendor } from "./console-vendors.ts";

/** Who writes, where, when: every menu write is the scope's and is audited. */
interface MenuWrite {
  scope: ProductScope;
  actor: AuditActor;
  now: Date;
}

/** The vendor a write touched, for the caches to drop. */
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

type ProductRow = typeof products.$inferSelect;
type GroupRow = typeof optionGroups.$inferSelect;
type OptionRow = typeof options.$inferSelect;

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

async function groupsOf(db: Database, productId: number) {
  const groups = await db
    .select()
    .from(optionGroups)
    .where(eq(optionGroups.productId, productId))
    .orderBy(asc(optionGroups.sort), asc(optionGroups.id));
  const groupOptions = groups.length
    ? await db
        .select()
        .from(options)
        .where(
          inArray(
            options.groupId,
            groups.map((group) => group.id),
          ),
        )
        .orderBy(asc(options.sort), asc(options.id))
    : [];
  return { groups, groupOptions };
}

/** The product of the scope, locked when about to be written, with its vendor's locality. */
async function findScopedProduct(db: Database, scope: ProductScope, productId: number, forUpdate = false) {
  const query = db
    .select({
      product: products,
      localityId: vendors.localityId,
      vendorName: vendors.name,
      currencyCode: localities.currencyCode,
      lang: localities.lang,
    })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .innerJoin(localities, eq(localities.id, vendors.localityId))
    .where(productOfScope(scope, productId))
    .limit(1);
  const [found] = forUpdate ? await query.for("update", { of: products }) : await query;
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
    groupsOf(db, product.id),
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
  const [section] = await db
    .select({ id: catalogueSections.id })
    .from(catalogueSections)
    .where(and(eq(catalogueSections.id, draft.sectionId), eq(catalogueSections.vendorId, vendor.id)));
  if (!section) refuse("sectionId", "is not a section of this vendor");
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

/** The next place at the bottom of a list: one past the largest sort there. */
async function nextSort(db: Database, table: typeof products | typeof catalogueSections, where: SQL) {
  const [row] = await db
    .select({ top: max(table.sort) })
    .from(table)
    .where(where);
  return (row?.top ?? -1) + 1;
}

/**
 * Writes a product's option groups and options as the draft has them: a listed id is updated in
 * place (so carts holding it keep it), one without is added, what is left out is deleted (carts
 * holding it then show the line's options as removed). An id of another product's group, or of
 * another group's option, is refused.
 */
async function writeOptionGroups(db: Database, productId: number, content: ProductContent) {
  const { groups, groupOptions } = await groupsOf(db, productId);
  const keptGroupIds = content.optionGroups.flatMap((group) => (group.id === undefined ? [] : [group.id]));
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
  await db
    .delete(optionGroups)
    .where(
      and(
        eq(optionGroups.productId, productId),
        keptGroupIds.length ? notInArray(optionGroups.id, keptGroupIds) : undefined,
      ),
    );
  for (const [sort, group] of content.optionGroups.entries()) {
    const columns = {
      name: group.name,
      required: group.required,
      multiSelection: group.multiSelection,
      maxCount: group.maxCount,
      sort,
    };
    let groupId = group.id;
    if (groupId === undefined) {
      const [inserted] = await db
        .insert(optionGroups)
        .values({ productId, ...columns })
        .returning({ id: optionGroups.id });
      groupId = inserted?.id as number;
    } else await db.update(optionGroups).set(columns).where(eq(optionGroups.id, groupId));
    const keptOptionIds = group.options.flatMap((option) => (option.id === undefined ? [] : [option.id]));
    await db
      .delete(options)
      .where(
        and(
          eq(options.groupId, groupId),
          keptOptionIds.length ? notInArray(options.id, keptOptionIds) : undefined,
        ),
      );
    for (const [optionSort, option] of group.options.entries()) {
      const optionColumns = {
        name: option.name,
        price: option.price,
        available: option.available,
        sort: optionSort,
      };
      if (option.id === undefined) await db.insert(options).values({ groupId, ...optionColumns });
      else await db.update(options).set(optionColumns).where(eq(options.id, option.id));
    }
  }
}

/** A new product at the bottom of its section, hidden or listed as the staff chose, audited. */
export async function createProduct(
  db: Database,
  input: MenuWrite & { vendorId: number; draft: ProductDraft; visible: boolean },
): Promise<{ id: number; vendor: TouchedVendor }> {
  return db.transaction(async (tx) => {
    const found = await findScopedVendor(tx, input.scope, input.vendorId, true);
    const vendor = { id: found.vendor.id, lang: found.lang, currencyCode: found.currencyCode };
    const content = await checkedContent(tx, input.draft, vendor);
    const sort = await nextSort(tx, products, eq(products.sectionId, content.sectionId));
    const [row] = await tx
      .insert(products)
      .values({ vendorId: vendor.id, ...productColumns(content), sort, visible: input.visible })
      .returning({ id: products.id });
    const id = row?.id as number;
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
}

/** A product's whole content replaced by the draft (its stock, listing and photo stay), audited. */
export async function replaceProduct(
  db: Database,
  input: MenuWrite & { productId: number; draft: ProductDraft },
): Promise<TouchedVendor> {
  return db.transaction(async (tx) => {
    const found = await findScopedProduct(tx, input.scope, input.productId, true);
    const { product } = found;
    const before = await groupsOf(tx, product.id);
    const vendor = { id: product.vendorId, lang: found.lang, currencyCode: found.currencyCode };
    const content = await checkedContent(tx, input.draft, vendor);
    const moved = content.sectionId !== product.sectionId;
    const sort = moved
      ? await nextSort(tx, products, eq(products.sectionId, content.sectionId))
      : product.sort;
    await tx
      .update(products)
      .set({ ...productColumns(content), sort })
      .where(eq(products.id, product.id));
    await writeOptionGroups(tx, product.id, content);
    await refreshVendorSearchText(tx, vendor.id);
    const after = await groupsOf(tx, product.id);
    const [updated] = await tx.select().from(products).where(eq(products.id, product.id));
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
}

/** A new section at the bottom of the vendor's menu, audited. */
export async function createSection(
  db: Database,
  input: MenuWrite & { vendorId: number; name: LocalizedText; visible: boolean },
): Promise<{ id: number; vendor: TouchedVendor }> {
  return db.transaction(async (tx) => {
    const found = await findScopedVendor(tx, input.scope, input.vendorId, true);
    const checked = checkSectionName(input.name, found.lang as Locale);
    if (!checked.ok) refuse(checked.field, REFUSALS.TEXT_MISSING, checked.refusal);
    const sort = await nextSort(tx, catalogueSections, eq(catalogueSections.vendorId, found.vendor.id));
    const [row] = await tx
      .insert(catalogueSections)
      .values({ vendorId: found.vendor.id, name: checked.name, visible: input.visible, sort })
      .returning({ id: catalogueSections.id });
    const id = row?.id as number;
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
}

/** A section renamed or shown or hidden, audited. */
export async function changeSection(
  db: Database,
  input: MenuWrite & {
    sectionId: number;
    change: { name?: LocalizedText | undefined; visible?: boolean | undefined };
  },
): Promise<{ section: { id: number; name: LocalizedText; visible: boolean }; vendor: TouchedVendor }> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ section: catalogueSections, localityId: vendors.localityId, lang: localities.lang })
      .from(catalogueSections)
      .innerJoin(vendors, eq(vendors.id, catalogueSections.vendorId))
      .innerJoin(localities, eq(localities.id, vendors.localityId))
      .where(and(eq(catalogueSections.id, input.sectionId), vendorOfScope(input.scope)))
      .limit(1)
      .for("update", { of: catalogueSections });
    if (!found) throw new AppError(404, "SectionNotFoundException", `Section ${input.sectionId} not found`);
    const { section } = found;
    let name = section.name;
    if (input.change.name !== undefined) {
      const checked = checkSectionName(input.change.name, found.lang as Locale);
      if (!checked.ok) refuse(checked.field, REFUSALS.TEXT_MISSING, checked.refusal);
      name = checked.name;
    }
    const visible = input.change.visible ?? section.visible;
    await tx.update(catalogueSections).set({ name, visible }).where(eq(catalogueSections.id, section.id));
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
}

/**
 * The vendor's menu in a new order: sections top to bottom, each with its products (a product
 * listed under another section moves there). It must name every section and product of the vendor
 * once, so a screen that was stale when dragged cannot lose or duplicate one: 409 then.
 */
export async function arrangeMenu(
  db: Database,
  input: MenuWrite & { vendorId: number; arrangement: MenuArrangement },
): Promise<TouchedVendor> {
  return db.transaction(async (tx) => {
    const found = await findScopedVendor(tx, input.scope, input.vendorId, true);
    const vendorId = found.vendor.id;
    const [sectionRows, productRows] = await Promise.all([
      tx
        .select({ id: catalogueSections.id })
        .from(catalogueSections)
        .where(eq(catalogueSections.vendorId, vendorId))
        .orderBy(asc(catalogueSections.sort), asc(catalogueSections.id)),
      tx
        .select({ id: products.id, sectionId: products.sectionId })
        .from(products)
        .where(eq(products.vendorId, vendorId))
        .orderBy(asc(products.sort), asc(products.id)),
    ]);
    const problem = arrangementProblem(input.arrangement, {
      sectionIds: sectionRows.map((row) => row.id),
      productIds: productRows.map((row) => row.id),
    });
    if (problem)
      throw new AppError(409, "MenuChangedException", "The menu changed since it was read: read it again", {
        errorCode: problem,
      });
    for (const [sort, section] of input.arrangement.entries()) {
      await tx.update(catalogueSections).set({ sort }).where(eq(catalogueSections.id, section.id));
      for (const [productSort, productId] of section.productIds.entries())
        await tx
          .update(products)
          .set({ sort: productSort, sectionId: section.id })
          .where(eq(products.id, productId));
    }
    const before = sectionRows.map((section) => ({
      id: section.id,
      productIds: productRows.filter((row) => row.sectionId === section.id).map((row) => row.id),
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
}
