import type { bannerChangeSchema, ConsoleBanner } from "@storefront/domain/contract";
import { and, asc, eq, max } from "drizzle-orm";
import type { z } from "zod";
import { thumbnailsOf } from "../catalogue/images.ts";
import { findLocality } from "../catalogue/localities.ts";
import type { Database } from "../db/client.ts";
import { banners, localities, vendors } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { type AuditActor, recordAudit } from "./audit-log.ts";

type BannerChange = z.infer<typeof bannerChangeSchema>;
type BannerRow = typeof banners.$inferSelect;

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
  const rows = await db
    .select()
    .from(banners)
    .where(and(eq(banners.partnerId, input.partnerId), eq(banners.localityId, locality.id)))
    .orderBy(asc(banners.sort), asc(banners.id));
  const pathOf = await thumbnailsOf(
    db,
    rows.map((row) => row.imageId),
  );
  const choices = await db
    .select({ id: vendors.id, name: vendors.name })
    .from(vendors)
    .where(and(eq(vendors.partnerId, input.partnerId), eq(vendors.localityId, locality.id)))
    .orderBy(asc(vendors.name));
  return { banners: rows.map((row) => describe(row, locality.code, pathOf(row.imageId))), vendors: choices };
}

/** A partner's banner and its city, or a 404 (another partner's banner is as one that does not exist). */
async function findBanner(db: Database, partnerId: number, id: number) {
  const [row] = await db
    .select()
    .from(banners)
    .where(and(eq(banners.id, id), eq(banners.partnerId, partnerId)))
    .for("update")
    .limit(1);
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
): Promise<{ banner: ConsoleBanner; localityId: number }> {
  const locality = await findLocality(db, input.partnerId, input.localityCode);
  return db.transaction(async (tx) => {
    const [last] = await tx
      .select({ sort: max(banners.sort) })
      .from(banners)
      .where(eq(banners.localityId, locality.id));
    const [row] = await tx
      .insert(banners)
      .values({
        partnerId: input.partnerId,
        localityId: locality.id,
        title: {},
        imageId: input.imageId,
        visible: false,
        sort: Math.min(999, (last?.sort ?? -1) + 1),
      })
      .returning();
    const created = row as BannerRow;
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
}

/**
 * A banner's title, target, order and visibility replaced. Its vendor is one of the city's own (a 400
 * naming `vendorId`); a shown banner has a title in some language (a 400 naming `title`). Audited.
 */
export async function changeBanner(
  db: Database,
  input: { partnerId: number; id: number; change: BannerChange; actor: AuditActor; now: Date },
): Promise<{ banner: ConsoleBanner; localityId: number }> {
  const { change } = input;
  const title = Object.fromEntries(Object.entries(change.title).filter(([, text]) => text !== ""));
  if (change.visible && Object.keys(title).length === 0)
    throw new AppError(400, "ValidationException", "Invalid body: title: a shown banner needs a title", {
      details: [{ field: "title", message: "a shown banner needs a title" }],
    });
  return db.transaction(async (tx) => {
    const row = await findBanner(tx, input.partnerId, input.id);
    if (change.vendorId !== null) {
      const [vendor] = await tx
        .select({ id: vendors.id })
        .from(vendors)
        .where(
          and(
            eq(vendors.id, change.vendorId),
            eq(vendors.partnerId, input.partnerId),
            eq(vendors.localityId, row.localityId),
          ),
        );
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
    const [updated] = await tx
      .update(banners)
      .set({ title, vendorId: change.vendorId, url: change.url, visible: change.visible, sort: change.sort })
      .where(eq(banners.id, row.id))
      .returning();
    return auditBannerChange(tx, input, row, updated as BannerRow, "banner.update");
  });
}

/** A banner's picture replaced by one already stored. Audited. */
export async function setBannerPicture(
  db: Database,
  input: { partnerId: number; id: number; imageId: number; actor: AuditActor; now: Date },
): Promise<{ banner: ConsoleBanner; localityId: number }> {
  return db.transaction(async (tx) => {
    const row = await findBanner(tx, input.partnerId, input.id);
    const [updated] = await tx
      .update(banners)
      .set({ imageId: input.imageId })
      .where(eq(banners.id, row.id))
      .returning();
    return auditBannerChange(tx, input, row, updated as BannerRow, "banner.picture");
  });
}

/** A banner deleted. Audited. */
export async function deleteBanner(
  db: Database,
  input: { partnerId: number; id: number; actor: AuditActor; now: Date },
): Promise<{ localityId: number }> {
  return db.transaction(async (tx) => {
    const row = await findBanner(tx, input.partnerId, input.id);
    await tx.delete(banners).where(eq(banners.id, row.id));
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
}

async function auditBannerChange(
  tx: Database,
  input: { actor: AuditActor; now: Date },
  before: BannerRow,
  after: BannerRow,
  action: string,
): Promise<{ banner: ConsoleBanner; localityId: number }> {
  const [city] = await tx
    .select({ code: localities.code })
    .from(localities)
    .where(eq(localities.id, after.localityId));
  const pathOf = await thumbnailsOf(tx, [before.imageId, after.imageId]);
  const banner = describe(after, city?.code ?? "", pathOf(after.imageId));
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
