import { checkPromoCodeTerms, type PromoCodeTermsRefusal, toMajorUnits } from "@storefront/domain";
import type {
  ConsolePromoCode,
  consolePromoCodeChangeSchema,
  consolePromoCodeCreateSchema,
} from "@storefront/domain/contract";
import type { z } from "zod";
import { findLocalityRowByCode } from "../catalogue/localities-repository.ts";
import type { Database } from "../db/client.ts";
import { isUniqueViolation } from "../db/query-failures.ts";
import { AppError } from "../errors.ts";
import { type AuditActor, recordAudit } from "./audit-log-repository.ts";
import {
  countCodeCustomers,
  insertPromoCode,
  listPartnerPromoCodes,
  lockPartnerPromoCode,
  type PromoCodeRow,
  updatePromoCode,
} from "./promo-codes-repository.ts";
import { findCityVendor } from "./vendors-repository.ts";

type PromoCodeCreation = z.infer<typeof consolePromoCodeCreateSchema>;
type PromoCodeChange = z.infer<typeof consolePromoCodeChangeSchema>;
interface LocalityFacts {
  code: string;
  currencyCode: string;
}

const REFUSALS: Record<PromoCodeTermsRefusal, string> = {
  NOT_WHOLE_MINOR_UNITS: "must be zero or more, in whole minor units of the currency",
  VALUE_REQUIRED: "must take something off",
  PERCENT_RANGE: "a percentage is a whole number from 1 to 100",
  NO_VALUE_FOR_FREE_DELIVERY: "free delivery takes the delivery price off: its value is 0",
  CAP_ONLY_FOR_PERCENT: "only a percentage code has a cap",
  VALIDITY_ORDER: "the end of the validity must come after its start",
};

function invalid(field: string, message: string, errorCode?: string): AppError {
  return new AppError(400, "ValidationException", `Invalid body: ${field} ${message}`, {
    ...(errorCode ? { errorCode } : {}),
    details: [{ field, message }],
  });
}

function describe(
  row: PromoCodeRow,
  locality: LocalityFacts,
  vendor: { id: number; name: string } | null,
  customers: number,
): ConsolePromoCode {
  const major = (minor: number) => toMajorUnits(minor, locality.currencyCode);
  return {
    id: row.id,
    code: row.code,
    type: row.type,
    value: row.type === "FIXED" ? major(row.value) : row.value,
    minCartTotal: major(row.minCartTotal),
    maxDiscount: row.maxDiscount === null ? null : major(row.maxDiscount),
    validFrom: row.validFrom?.toISOString() ?? null,
    validUntil: row.validUntil?.toISOString() ?? null,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    uses: row.uses,
    customers,
    localityCode: locality.code,
    currencyCode: locality.currencyCode,
    vendor,
    description: row.description,
  };
}

/**
 * The partner's promo codes with how often they were used and by how many customers, in one
 * locality or all, by code.
 */
export async function listConsolePromoCodes(
  db: Database,
  input: { partnerId: number; localityCode: string | undefined },
): Promise<ConsolePromoCode[]> {
  const rows = await listPartnerPromoCodes(db, input.partnerId, input.localityCode);
  const customers = await customersOf(
    db,
    rows.map(({ promo }) => promo.id),
  );
  return rows.map(({ promo, locality, vendor }) =>
    describe(promo, locality, vendor?.id ? vendor : null, customers.get(promo.id) ?? 0),
  );
}

async function customersOf(db: Database, ids: number[]): Promise<Map<number, number>> {
  const rows = await countCodeCustomers(db, ids);
  return new Map(rows.map((row) => [row.id, row.customers]));
}

/** The vendor a code is limited to: the partner's, in the code's locality (else 400 naming vendorId). */
async function scopedVendor(
  db: Database,
  input: { partnerId: number; localityId: number; vendorId: number | null },
): Promise<{ id: number; name: string } | null> {
  if (input.vendorId === null) return null;
  const vendor = await findCityVendor(db, {
    partnerId: input.partnerId,
    localityId: input.localityId,
    vendorId: input.vendorId,
  });
  if (!vendor) throw invalid("vendorId", "no vendor of the partner in the code's locality");
  return vendor;
}

/** Checks the terms together (the domain's rule) and answers them in minor units. */
function storedTerms(
  terms: Parameters<typeof checkPromoCodeTerms>[0],
  currencyCode: string,
): ReturnType<typeof checkPromoCodeTerms> & { ok: true } {
  const checked = checkPromoCodeTerms(terms, currencyCode);
  if (!checked.ok) throw invalid(checked.field, REFUSALS[checked.refusal], checked.refusal);
  return checked;
}

const codeTaken = (code: string) =>
  new AppError(409, "PromoCodeExistsException", `The code ${code} already exists in this locality`, {
    details: [{ field: "code", message: "already exists in this locality" }],
  });

/** A new code of the partner in one of its localities, audited in the same transaction. */
export async function createConsolePromoCode(
  db: Database,
  input: { partnerId: number; creation: PromoCodeCreation; actor: AuditActor; now: Date },
): Promise<ConsolePromoCode> {
  const { creation } = input;
  try {
    return await db.transaction(async (tx) => {
      const locality = await findLocalityRowByCode(tx, input.partnerId, creation.localityCode);
      if (!locality) throw invalid("localityCode", "no locality of the partner has this code");
      const { stored } = storedTerms(creation, locality.currencyCode);
      const vendor = await scopedVendor(tx, {
        partnerId: input.partnerId,
        localityId: locality.id,
        vendorId: creation.vendorId,
      });
      const row = await insertPromoCode(tx, {
        partnerId: input.partnerId,
        localityId: locality.id,
        code: creation.code,
        type: creation.type,
        value: stored.value,
        minCartTotal: stored.minCartTotalMinor,
        maxDiscount: stored.maxDiscountMinor,
        validFrom: creation.validFrom === null ? null : new Date(creation.validFrom),
        validUntil: creation.validUntil === null ? null : new Date(creation.validUntil),
        maxUses: creation.maxUses,
        maxUsesPerCustomer: creation.maxUsesPerCustomer,
        vendorId: vendor?.id ?? null,
        description: creation.description,
      });
      const made = describe(row, locality, vendor, 0);
      await recordAudit(tx, input.actor, {
        action: "promo-code.create",
        entity: "promo-code",
        entityId: made.id,
        before: null,
        after: made,
        at: input.now,
      });
      return made;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken(creation.code);
    throw error;
  }
}

/** A change of a code's terms, checked as a whole with what stays, audited before and after. */
export async function changeConsolePromoCode(
  db: Database,
  input: { partnerId: number; id: number; change: PromoCodeChange; actor: AuditActor; now: Date },
): Promise<ConsolePromoCode> {
  const { change } = input;
  return db.transaction(async (tx) => {
    const found = await lockPartnerPromoCode(tx, input.partnerId, input.id);
    if (!found) throw new AppError(404, "PromoCodeNotFoundException", `Promo code ${input.id} not found`);
    const { promo, locality } = found;
    const before = describe(
      promo,
      locality,
      await scopedVendor(tx, {
        partnerId: input.partnerId,
        localityId: locality.id,
        vendorId: promo.vendorId,
      }),
      0,
    );
    const type = change.type ?? promo.type;
    const { stored } = storedTerms(
      {
        type,
        // A code that changes type states its new value; a free delivery's is 0.
        value: change.value ?? (change.type && change.type !== promo.type ? 0 : before.value),
        minCartTotal: change.minCartTotal ?? before.minCartTotal,
        maxDiscount:
          change.maxDiscount !== undefined
            ? change.maxDiscount
            : type === "PERCENT"
              ? before.maxDiscount
              : null,
        validFrom: change.validFrom !== undefined ? change.validFrom : before.validFrom,
        validUntil: change.validUntil !== undefined ? change.validUntil : before.validUntil,
      },
      locality.currencyCode,
    );
    const vendor =
      change.vendorId === undefined
        ? before.vendor
        : await scopedVendor(tx, {
            partnerId: input.partnerId,
            localityId: locality.id,
            vendorId: change.vendorId,
          });
    const validFrom = change.validFrom !== undefined ? change.validFrom : before.validFrom;
    const validUntil = change.validUntil !== undefined ? change.validUntil : before.validUntil;
    const updated = await updatePromoCode(tx, promo.id, {
      type,
      value: stored.value,
      minCartTotal: stored.minCartTotalMinor,
      maxDiscount: stored.maxDiscountMinor,
      validFrom: validFrom === null ? null : new Date(validFrom),
      validUntil: validUntil === null ? null : new Date(validUntil),
      ...(change.maxUses === undefined ? {} : { maxUses: change.maxUses }),
      ...(change.maxUsesPerCustomer === undefined ? {} : { maxUsesPerCustomer: change.maxUsesPerCustomer }),
      vendorId: vendor?.id ?? null,
      ...(change.description === undefined ? {} : { description: change.description }),
    });
    const customers = (await customersOf(tx, [promo.id])).get(promo.id) ?? 0;
    const after = describe(updated, locality, vendor, customers);
    await recordAudit(tx, input.actor, {
      action: "promo-code.update",
      entity: "promo-code",
      entityId: promo.id,
      before: { ...before, customers },
      after,
      at: input.now,
    });
    return after;
  });
}
