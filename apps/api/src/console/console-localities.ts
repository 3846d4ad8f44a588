import { checkDeliveryZone, type DeliveryZoneRefusal, type Locale, type Point } from "@storefront/domain";
import type { ConsoleLocality, NewCityInput } from "@storefront/domain/contract";
import type { CatalogueInvalidations } from "../catalogue/catalogue-invalidations.ts";
import { catalogueChanges } from "../catalogue/catalogue-tags.ts";
import { type LocalityRow, listLocalities, localityName, zoneOf } from "../catalogue/localities.ts";
import type { Database } from "../db/client.ts";
import { AppError, LOCALITY_NOT_FOUND_MESSAGE } from "../errors.ts";
import { insertCity } from "../partners/new-city.ts";
import { type AuditActor, recordAudit } from "./audit-log-repository.ts";
import { lastCitySort, lockCityOfCode, updateCity } from "./cities-repository.ts";

const REFUSALS: Record<DeliveryZoneRefusal, string> = {
  TOO_FEW_POINTS: "a zone has at least 3 corners",
  TOO_MANY_POINTS: "a zone has at most 200 corners",
  REPEATED_POINT: "a corner is there twice",
  SELF_CROSSING: "two edges of the zone cross or touch",
};

function describe(row: LocalityRow, reader: Locale | null): ConsoleLocality {
  return {
    code: row.code,
    name: localityName(row, reader),
    currencyCode: row.currencyCode,
    timeZone: row.timeZone,
    center: { latitude: row.centerLatitude, longitude: row.centerLongitude },
    zone: zoneOf(row),
  };
}

/** The partner's localities with their delivery zones, in the order the storefront lists them. */
export async function listConsoleLocalities(
  db: Database,
  partnerId: number,
  reader: Locale | null,
): Promise<ConsoleLocality[]> {
  return (await listLocalities(db, partnerId)).map((row) => describe(row, reader));
}

/**
 * A locality's delivery zone redrawn: checked by the domain's rule (a simple ring of 3 to 200
 * corners), written with its audit entry in one transaction. Answers the locality as it is now.
 */
export async function changeDeliveryZone(
  db: Database,
  input: {
    partnerId: number;
    code: string;
    zone: Point[];
    actor: AuditActor;
    reader: Locale | null;
    now: Date;
  },
  catalogue: CatalogueInvalidations,
): Promise<ConsoleLocality> {
  const checked = checkDeliveryZone(input.zone);
  if (!checked.ok) {
    const field = checked.index === null ? "zone" : `zone.${checked.index}`;
    throw new AppError(400, "ValidationException", `Invalid body: ${field} ${REFUSALS[checked.refusal]}`, {
      errorCode: checked.refusal,
      details: [{ field, message: REFUSALS[checked.refusal] }],
    });
  }
  const { locality, id } = await db.transaction(async (tx) => {
    const row = await lockCityOfCode(tx, input.partnerId, input.code);
    if (!row) throw new AppError(404, "LocalityNotFoundException", LOCALITY_NOT_FOUND_MESSAGE);
    const updated = await updateCity(tx, row.id, {
      deliveryZone: checked.zone.map((point) => [point.longitude, point.latitude] as [number, number]),
    });
    const before = describe(row, input.reader);
    const after = describe(updated ?? row, input.reader);
    await recordAudit(tx, input.actor, {
      action: "locality.zone",
      entity: "locality",
      entityId: row.id,
      before: { code: before.code, zone: before.zone },
      after: { code: after.code, zone: after.zone },
      at: input.now,
    });
    return { locality: after, id: row.id };
  });
  // Everything shown in the city reads the change from its next read, on every process.
  await catalogue.announce(catalogueChanges.locality({ id, partnerId: input.partnerId }));
  return locality;
}

/**
 * A new city of the partner, with a round delivery zone to redraw and the default ordering settings
 * to change, in one transaction with its audit entry. A code the partner has already is a 409.
 */
export async function addCity(
  db: Database,
  input: { partnerId: number; city: NewCityInput; actor: AuditActor; reader: Locale | null; now: Date },
  catalogue: CatalogueInvalidations,
): Promise<ConsoleLocality> {
  const { locality, id } = await db.transaction(async (tx) => {
    const last = await lastCitySort(tx, input.partnerId);
    const row = await insertCity(tx, input.partnerId, input.city, (last ?? -1) + 1);
    const locality = describe(row, input.reader);
    await recordAudit(tx, input.actor, {
      action: "locality.create",
      entity: "locality",
      entityId: row.id,
      before: null,
      after: { code: locality.code, name: locality.name, currencyCode: locality.currencyCode },
      at: input.now,
    });
    return { locality, id: row.id };
  });
  // Everything shown in the city reads the change from its next read, on every process.
  await catalogue.announce(catalogueChanges.locality({ id, partnerId: input.partnerId }));
  return locality;
}
