import { randomUUID } from "node:crypto";
import type { ConsoleCategory, categoryDraftSchema } from "@storefront/domain/contract";
import type { z } from "zod";
import type { CatalogueInvalidations } from "../catalogue/catalogue-invalidations.ts";
import { catalogueChanges } from "../catalogue/catalogue-tags.ts";
import { thumbnailsOf } from "../catalogue/images.ts";
import { findLocality } from "../catalogue/localities.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { type AuditActor, recordAudit } from "./audit-log-repository.ts";
import {
  type CategoryRow,
  countCategoryVendors,
  deleteCategoryRow,
  findCategoryPlace,
  hasChildCategory,
  insertCategory,
  listCityCategories,
  lockCategory,
  updateCategory,
} from "./categories-repository.ts";

type CategoryDraft = z.infer<typeof categoryDraftSchema>;

const describe = (row: CategoryRow, picture: string | null, vendors: number): ConsoleCategory => ({
  id: row.id,
  name: row.name,
  parentId: row.parentId,
  top: row.top,
  sort: row.sort,
  picture,
  vendors,
});

const refused = (field: string, message: string) =>
  new AppError(400, "ValidationException", `Invalid body: ${field} ${message}`, {
    details: [{ field, message }],
  });

async function vendorCounts(db: Database, ids: number[]): Promise<(id: number) => number> {
  const rows = await countCategoryVendors(db, ids);
  return (id) => rows.find((row) => row.id === id)?.vendors ?? 0;
}

/** A city's categories, parents first and each followed by its children, with their vendor counts. */
export async function listConsoleCategories(
  db: Database,
  input: { partnerId: number; localityCode: string },
): Promise<ConsoleCategory[]> {
  const locality = await findLocality(db, input.partnerId, input.localityCode);
  const rows = await listCityCategories(db, input.partnerId, locality.id);
  const [pathOf, vendorsOf] = await Promise.all([
    thumbnailsOf(
      db,
      rows.map((row) => row.imageId),
    ),
    vendorCounts(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  return rows
    .filter((row) => row.parentId === null)
    .flatMap((parent) => [parent, ...rows.filter((row) => row.parentId === parent.id)])
    .map((row) => describe(row, pathOf(row.imageId), vendorsOf(row.id)));
}

/** A partner's category, or a 404 (another partner's is as one that does not exist). */
async function findCategory(db: Database, partnerId: number, id: number): Promise<CategoryRow> {
  const row = await lockCategory(db, partnerId, id);
  if (!row) throw new AppError(404, "CategoryNotFoundException", `Category ${id} not found`);
  return row;
}

/**
 * What a draft may be: a name in some language, and two levels at most: its parent a first-level
 * category of the same city (not itself), and a category with children not put under another.
 */
async function checkDraft(
  db: Database,
  draft: CategoryDraft,
  place: { partnerId: number; localityId: number; id: number | null },
): Promise<Record<string, string>> {
  const name = Object.fromEntries(Object.entries(draft.name).filter(([, text]) => text !== ""));
  if (Object.keys(name).length === 0) throw refused("name", "is required in at least one language");
  if (draft.parentId === null) return name;
  if (draft.parentId === place.id) throw refused("parentId", "cannot be the category itself");
  const parent = await findCategoryPlace(db, draft.parentId);
  if (!parent || parent.partnerId !== place.partnerId || parent.localityId !== place.localityId)
    throw refused("parentId", "is not a category of this city");
  if (parent.parentId !== null) throw refused("parentId", "is itself under another category");
  if (place.id !== null && (await hasChildCategory(db, place.id)))
    throw refused("parentId", "a category with categories under it stays on the first level");
  return name;
}

/** A new category of a city, without an icon until one is uploaded. Audited. */
export async function addCategory(
  db: Database,
  input: { partnerId: number; localityCode: string; draft: CategoryDraft; actor: AuditActor; now: Date },
  catalogue: CatalogueInvalidations,
): Promise<ConsoleCategory> {
  const locality = await findLocality(db, input.partnerId, input.localityCode);
  const { category, localityId } = await db.transaction(async (tx) => {
    const name = await checkDraft(tx, input.draft, {
      partnerId: input.partnerId,
      localityId: locality.id,
      id: null,
    });
    const row = await insertCategory(tx, {
      partnerId: input.partnerId,
      localityId: locality.id,
      // The storefront's filters name categories by id; the key only keeps the seed's apart.
      key: `console-${randomUUID()}`,
      name,
      parentId: input.draft.parentId,
      top: input.draft.top,
      sort: input.draft.sort,
    });
    const category = describe(row, null, 0);
    await recordAudit(tx, input.actor, {
      action: "category.create",
      entity: "category",
      entityId: category.id,
      before: null,
      after: category,
      at: input.now,
    });
    return { category, localityId: locality.id };
  });
  // The city's categories and vendor lists show the change from their next read, on every process.
  await catalogue.announce(catalogueChanges.categories(localityId));
  return category;
}

/** A category's names, parent, quick-row place and order replaced. Audited. */
export async function changeCategory(
  db: Database,
  input: { partnerId: number; id: number; draft: CategoryDraft; actor: AuditActor; now: Date },
  catalogue: CatalogueInvalidations,
): Promise<ConsoleCategory> {
  const { category, localityId } = await db.transaction(async (tx) => {
    const row = await findCategory(tx, input.partnerId, input.id);
    const name = await checkDraft(tx, input.draft, {
      partnerId: input.partnerId,
      localityId: row.localityId,
      id: row.id,
    });
    const updated = await updateCategory(tx, row.id, {
      name,
      parentId: input.draft.parentId,
      top: input.draft.top,
      sort: input.draft.sort,
    });
    return audit(tx, input, "category.update", row, updated);
  });
  // The city's categories and vendor lists show the change from their next read, on every process.
  await catalogue.announce(catalogueChanges.categories(localityId));
  return category;
}

/** A category's icon replaced by a picture already stored. Audited. */
export async function setCategoryPicture(
  db: Database,
  input: { partnerId: number; id: number; imageId: number; actor: AuditActor; now: Date },
  catalogue: CatalogueInvalidations,
): Promise<ConsoleCategory> {
  const { category, localityId } = await db.transaction(async (tx) => {
    const row = await findCategory(tx, input.partnerId, input.id);
    const updated = await updateCategory(tx, row.id, { imageId: input.imageId });
    return audit(tx, input, "category.picture", row, updated);
  });
  // The city's categories and vendor lists show the change from their next read, on every process.
  await catalogue.announce(catalogueChanges.categories(localityId));
  return category;
}

/**
 * A category deleted; its vendors are no longer listed under it. One with categories under it is
 * a 409: those are moved or deleted first. Audited.
 */
export async function deleteCategory(
  db: Database,
  input: { partnerId: number; id: number; actor: AuditActor; now: Date },
  catalogue: CatalogueInvalidations,
): Promise<void> {
  const { localityId } = await db.transaction(async (tx) => {
    const row = await findCategory(tx, input.partnerId, input.id);
    if (await hasChildCategory(tx, row.id))
      throw new AppError(409, "CategoryHasChildrenException", "Categories are under this one", {
        errorCode: "HAS_CHILDREN",
      });
    const vendorsOf = await vendorCounts(tx, [row.id]);
    await deleteCategoryRow(tx, row.id);
    await recordAudit(tx, input.actor, {
      action: "category.delete",
      entity: "category",
      entityId: row.id,
      before: describe(row, null, vendorsOf(row.id)),
      after: null,
      at: input.now,
    });
    return { localityId: row.localityId };
  });
  // The city's categories and vendor lists show the change from their next read, on every process.
  await catalogue.announce(catalogueChanges.categories(localityId));
}

async function audit(
  tx: Database,
  input: { actor: AuditActor; now: Date },
  action: string,
  before: CategoryRow,
  after: CategoryRow,
): Promise<{ category: ConsoleCategory; localityId: number }> {
  const [pathOf, vendorsOf] = await Promise.all([
    thumbnailsOf(tx, [before.imageId, after.imageId]),
    vendorCounts(tx, [after.id]),
  ]);
  const category = describe(after, pathOf(after.imageId), vendorsOf(after.id));
  await recordAudit(tx, input.actor, {
    action,
    entity: "category",
    entityId: after.id,
    before: describe(before, pathOf(before.imageId), category.vendors),
    after: category,
    at: input.now,
  });
  return { category, localityId: after.localityId };
}
