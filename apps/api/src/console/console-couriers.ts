import { DEFAULT_OFFER_SECONDS, toMajorUnits } from "@storefront/domain";
import type {
  ConsoleCourierListed,
  ConsoleDispatchSettings,
  consoleCourierChangeSchema,
  consoleCourierDraftSchema,
} from "@storefront/domain/contract";
import type { z } from "zod";
import { internationalPhone } from "../accounts/phone.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { findPartnerById } from "../plugins/partner-repository.ts";
import { type AuditActor, recordAudit } from "./audit-log-repository.ts";
import { lockPartner, updatePartnerRow } from "./brand-repository.ts";
import {
  type CourierRow,
  findCourierIdOfPhone,
  insertCourier,
  listCouriers,
  lockCourier,
  sumCashToHandIn,
  updateCourier,
} from "./couriers-repository.ts";

type CourierDraft = z.infer<typeof consoleCourierDraftSchema>;
type CourierChange = z.infer<typeof consoleCourierChangeSchema>;

const describe = ({ id, name, phone, active }: CourierRow) => ({ id, name, phone, active });

/** A 409 naming `phone` when another courier of the partner has the number. */
async function checkPhoneFree(db: Database, partnerId: number, phone: string, courierId: number | null) {
  const holder = await findCourierIdOfPhone(db, partnerId, phone);
  if (holder !== null && holder !== courierId)
    throw new AppError(409, "CourierExistsException", "Another courier has this phone number", {
      details: [{ field: "phone", message: "is another courier's" }],
    });
}

/** A new courier of the member's partner, offered for orders at once; audited. */
export async function createCourier(
  db: Database,
  input: { partnerId: number; draft: CourierDraft; actor: AuditActor; now: Date },
) {
  const phone = internationalPhone(input.draft.phone, "phone");
  return db.transaction(async (tx) => {
    await checkPhoneFree(tx, input.partnerId, phone, null);
    const created = describe(
      await insertCourier(tx, { partnerId: input.partnerId, name: input.draft.name, phone }),
    );
    await recordAudit(tx, input.actor, {
      action: "courier.create",
      entity: "courier",
      entityId: created.id,
      before: null,
      after: { name: created.name, phone: created.phone, active: created.active },
      at: input.now,
    });
    return created;
  });
}

/**
 * A courier of the member's partner renamed, given another phone, or made inactive (offered for no
 * new order; the orders they carry keep them) or active again; another partner's is a 404. Audited.
 */
export async function changeCourier(
  db: Database,
  input: { partnerId: number; courierId: number; change: CourierChange; actor: AuditActor; now: Date },
) {
  const { change } = input;
  const phone = change.phone === undefined ? undefined : internationalPhone(change.phone, "phone");
  return db.transaction(async (tx) => {
    const row = await lockCourier(tx, input.partnerId, input.courierId);
    if (!row) throw new AppError(404, "CourierNotFoundException", `Courier ${input.courierId} not found`);
    if (phone !== undefined) await checkPhoneFree(tx, input.partnerId, phone, row.id);
    const values = {
      ...(change.name === undefined ? {} : { name: change.name }),
      ...(phone === undefined ? {} : { phone }),
      ...(change.active === undefined ? {} : { active: change.active }),
    };
    // A change of nothing changes nothing, and is not logged.
    if (Object.keys(values).length === 0) return describe(row);
    const before = describe(row);
    const after = describe(await updateCourier(tx, row.id, values));
    await recordAudit(tx, input.actor, {
      action: "courier.update",
      entity: "courier",
      entityId: row.id,
      before: { name: before.name, phone: before.phone, active: before.active },
      after: { name: after.name, phone: after.phone, active: after.active },
      at: input.now,
    });
    return after;
  });
}

/** The partner's couriers as its list shows them: on shift or not, and the cash each holds. */
export async function listCouriersWithCash(db: Database, partnerId: number): Promise<ConsoleCourierListed[]> {
  const [rows, cash] = await Promise.all([listCouriers(db, partnerId), sumCashToHandIn(db, partnerId)]);
  return rows.map((row) => listed(row, cash));
}

function listed(row: CourierRow, cash: Awaited<ReturnType<typeof sumCashToHandIn>>): ConsoleCourierListed {
  const onShift = row.shiftStartedAt !== null && row.shiftEndedAt === null;
  return {
    ...describe(row),
    onShift,
    simulated: row.simulated,
    position:
      onShift && row.latitude !== null && row.longitude !== null && row.locatedAt !== null
        ? { latitude: row.latitude, longitude: row.longitude, at: row.locatedAt.toISOString() }
        : null,
    cashToHandIn: cash
      .filter((held) => held.courierId === row.id)
      .map((held) => ({
        currencyCode: held.currencyCode,
        amount: toMajorUnits(held.minor, held.currencyCode),
      })),
  };
}

/**
 * The courier handed in the cash of their deliveries: what they held is written to the audit log,
 * and their count starts again from now. Another partner's courier is a 404.
 */
export async function recordCashHandedIn(
  db: Database,
  input: { partnerId: number; courierId: number; actor: AuditActor; now: Date },
): Promise<ConsoleCourierListed> {
  return db.transaction(async (tx) => {
    const courier = await lockCourier(tx, input.partnerId, input.courierId);
    if (!courier) throw new AppError(404, "CourierNotFoundException", `Courier ${input.courierId} not found`);
    const held = await sumCashToHandIn(tx, input.partnerId, courier.id);
    const updated = await updateCourier(tx, courier.id, { cashHandedInAt: input.now });
    await recordAudit(tx, input.actor, {
      action: "courier.cash",
      entity: "courier",
      entityId: courier.id,
      before: { cashToHandIn: listed(courier, held).cashToHandIn },
      after: { cashToHandIn: [] },
      at: input.now,
    });
    return listed(updated, []);
  });
}

/** The partner's automatic dispatch settings: the offer's seconds (the default when never set). */
export async function dispatchSettingsOf(db: Database, partnerId: number): Promise<ConsoleDispatchSettings> {
  const row = await findPartnerById(db, partnerId);
  return { offerSeconds: row?.settings.offerSeconds ?? DEFAULT_OFFER_SECONDS };
}

/** The offer's seconds changed; audited (dispatch.settings). Offers already made keep their end. */
export async function saveDispatchSettings(
  db: Database,
  input: { partnerId: number; settings: ConsoleDispatchSettings; actor: AuditActor; now: Date },
): Promise<ConsoleDispatchSettings> {
  return db.transaction(async (tx) => {
    const row = await lockPartner(tx, input.partnerId);
    if (!row) throw new AppError(404, "PartnerNotFoundException", "Unknown partner");
    const before = row.settings.offerSeconds ?? DEFAULT_OFFER_SECONDS;
    await updatePartnerRow(tx, row.id, {
      settings: { ...row.settings, offerSeconds: input.settings.offerSeconds },
    });
    await recordAudit(tx, input.actor, {
      action: "dispatch.settings",
      entity: "partner",
      entityId: row.id,
      before: { offerSeconds: before },
      after: { offerSeconds: input.settings.offerSeconds },
      at: input.now,
    });
    return { offerSeconds: input.settings.offerSeconds };
  });
}
