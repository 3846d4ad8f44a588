import type { bannerChangeSchema, ConsoleBanner } from "@storefront/domain/contract";
import type { z } from "zod";
import type { CatalogueInvalidations } from "../catalogue/catalogue-invalidations.ts";
import { catalogueChanges } from "../catalogue/catalogue-tags.ts";
import { thumbnailsOf } from "../catalogue/images.ts";
import { findLocality } from "../catalogue/localities.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { type AuditActor, recordAudit } from "./audit-log-repository.ts";
import {
  type BannerRow,
  deleteBannerRow,
  insertBanner,
  lastBannerSort,
  listCityBanners,
  lockBanner,
  updateBanner,
} from "./banners-repository.ts";
import { findCityCode } from "./cities-repository.ts";
import { findCityVendor, listCityVendors } from "./vendors-repository.ts";

type BannerChange = z.infer<typeof bannerChangeSchema>;

const describe = (row: BannerRow, localityCode: string, picture: string | null): ConsoleBanner => ({
  id: row.id,
  localityCode,
  title: row.title,
  picture,
  vendorId: row.vendorId,
  url: row.url,
  visible: row.visible,
  sort: row.sort,
});

/** A city's banners, hidden ones too, in the storefront's order, and the vendors they may open. */
export async function listConsoleBanners(
  db: Database,
  input: { partnerId: number; localityCode: string },
): Promise<{ banners: ConsoleBanner[]; vendors: Array<{ id: number; name: string }> }> {
  const locality = await findLocality(db, input.partnerId, input.localityCode);
  const rows = await listCityBanners(db, input.partnerId, locality.id);
  const pathOf = await thumbnailsOf(
    db,
    rows.map((row) => row.imageId),
  );
  const choices = await listCityVendors(db, input.partnerId, locality.id);
  return { banners: rows.map((row) => describe(row, locality.code, pathOf(row.imageId))), vendors: choices };
}

/** A partner's banner and its city, or a 404 (another partner's banner is as one that does not exist). */
async function findBanner(db: Database, partnerId: number, id: number) {
  const row = await lockBanner(db, partnerId, id);
  if (!row) throw new AppError(404, "BannerNotFoundException", `Banner ${id} not found`);
  return row;
}

/**
 * A new banner of a city from its picture: hidden, untitled, after the city's others, until its
 * managers write its title and show it. Audited.
 */
export async function addBanner(
  db: Database,
  input: { partnerId: number; localityCode: string; imageId: number; actor: AuditActor; now: Date },
  catalogue: CatalogueInvalidations,
): Promise<ConsoleBanner> {
  const locality = await findLocality(db, input.partnerId, input.localityCode);
  const { banner, localityId } = await db.transaction(async (tx) => {
    const last = await lastBannerSort(tx, locality.id);
    const created = await insertBanner(tx, {
      partnerId: input.partnerId,
      localityId: locality.id,
      title: {},
      imageId: input.imageId,
      visible: false,
      sort: Math.min(999, (last ?? -1) + 1),
    });
    const pathOf = await thumbnailsOf(tx, [created.imageId]);
    const banner = describe(created, locality.code, pathOf(created.imageId));
    await recordAudit(tx, input.actor, {
      action: "banner.create",
      entity: "banner",
      entityId: created.id,
      before: null,
      after: banner,
      at: input.now,
    });
    return { banner, localityId: locality.id };
  });
  // The city's home page shows the change from its next read, on every process.
  await catalogue.announce(catalogueChanges.banners(localityId));
  return banner;
}

/**
 * A banner's title, target, order and visibility replaced. Its vendor is one of the city's own (a 400
 * naming `vendorId`); a shown banner has a title in some language (a 400 naming `title`). Audited.
 */
export async function changeBanner(
  db: Database,
  input: { partnerId: number; id: number; change: BannerChange; actor: AuditActor; now: Date },
  catalogue: CatalogueInvalidations,
): Promise<ConsoleBanner> {
  const { change } = input;
  const title = Object.fromEntries(Object.entries(change.title).filter(([, text]) => text !== ""));
  if (change.visible && Object.keys(title).length === 0)
    throw new AppError(400, "ValidationException", "Invalid body: title: a shown banner needs a title", {
      details: [{ field: "title", message: "a shown banner needs a title" }],
    });
  const { banner, localityId } = await db.transaction(async (tx) => {
    const row = await findBanner(tx, input.partnerId, input.id);
    if (change.vendorId !== null) {
      const vendor = await findCityVendor(tx, {
        partnerId: input.partnerId,
        localityId: row.localityId,
        vendorId: change.vendorId,
      });
      if (!vendor)
        throw new AppError(
          400,
          "ValidationException",
          "Invalid body: vendorId is not a vendor of this city",
          {
            details: [{ field: "vendorId", message: "is not a vendor of this city" }],
          },
        );
    }
    const updated = await updateBanner(tx, row.id, {
      title,
      vendorId: change.vendorId,
      url: change.url,
      visible: change.visible,
      sort: change.sort,
    });
    return auditBannerChange(tx, input, row, updated, "banner.update");
  });
  // The city's home page shows the change from its next read, on every process.
  await catalogue.announce(catalogueChanges.banners(localityId));
  return banner;
}

/** A banner's picture replaced by one already stored. Audited. */
export async function setBannerPicture(
  db: Database,
  input: { partnerId: number; id: number; imageId: number; actor: AuditActor; now: Date },
  catalogue: CatalogueInvalidations,
): Promise<ConsoleBanner> {
  const { banner, localityId } = await db.transaction(async (tx) => {
    const row = await findBanner(tx, input.partnerId, input.id);
    const updated = await updateBanner(tx, row.id, { imageId: input.imageId });
    return auditBannerChange(tx, input, row, updated, "banner.picture");
  });
  // The city's home page shows the change from its next read, on every process.
  await catalogue.announce(catalogueChanges.banners(localityId));
  return banner;
}

/** A banner deleted. Audited. */
export async function deleteBanner(
  db: Database,
  input: { partnerId: number; id: number; actor: AuditActor; now: Date },
  catalogue: CatalogueInvalidations,
): Promise<void> {
  const { localityId } = await db.transaction(async (tx) => {
    const row = await findBanner(tx, input.partnerId, input.id);
    await deleteBannerRow(tx, row.id);
    await recordAudit(tx, input.actor, {
      action: "banner.delete",
      entity: "banner",
      entityId: row.id,
      before: describe(row, "", null),
      after: null,
      at: input.now,
    });
    return { localityId: row.localityId };
  });
  // The city's home page shows the change from its next read, on every process.
  await catalogue.announce(catalogueChanges.banners(localityId));
}

async function auditBannerChange(
  tx: Database,
  input: { actor: AuditActor; now: Date },
  before: BannerRow,
  after: BannerRow,
  action: string,
): Promise<{ banner: ConsoleBanner; localityId: number }> {
  const cityCode = await findCityCode(tx, after.localityId);
  const pathOf = await thumbnailsOf(tx, [before.imageId, after.imageId]);
  const banner = describe(after, cityCode ?? "", pathOf(after.imageId));
  await recordAudit(tx, input.actor, {
    action,
    entity: "banner",
    entityId: after.id,
    before: describe(before, banner.localityCode, pathOf(before.imageId)),
    after: banner,
    at: input.now,
  });
  return { banner, localityId: after.localityId };
}
