import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyEntry,
  balanceOf,
  checkLoyaltyProgramme,
  defaultLoyaltyProgramme,
  entriesForOrderReturn,
  expiredPoints,
  hasEarnedFor,
  LOYALTY_EXPIRY_MONTHS_MAX,
  LOYALTY_POINTS_MAX,
  type LoyaltyEntry,
  LoyaltyLedgerError,
  type LoyaltyOrderFacts,
  type LoyaltyProgramme,
  type LoyaltyProgrammeDraft,
  loyaltyDraftOf,
  loyaltyEntryKey,
  pointsDiscount,
  pointsEarned,
  pointsExpireAt,
  pointsRestored,
  pointsReversed,
  redeemablePoints,
  welcomePoints,
} from "./loyalty.ts";

/** 1 point for every 1 €, a point worth 1 cent (1 % back), 100 points to start spending. */
const eur: LoyaltyProgramme = {
  enabled: true,
  earnPoints: 1,
  earnPerMinor: 100,
  pointValueMinor: 1,
  minimumToRedeem: 100,
  expiryMonths: 12,
  welcomeBonus: 50,
};
/** Yen have no minor unit: 1 point for every 100 ¥, worth 1 ¥. */
const jpy: LoyaltyProgramme = { ...eur, earnPerMinor: 100, pointValueMinor: 1, minimumToRedeem: 0 };
/** The Iraqi dinar has 3 digits (ISO 4217): 1 point for every 1,000 IQD, worth 10 IQD. */
const iqd: LoyaltyProgramme = {
  ...eur,
  earnPerMinor: 1_000_000,
  pointValueMinor: 10_000,
  minimumToRedeem: 10,
};
const off: LoyaltyProgramme = { ...eur, enabled: false };

const draft = (fields: Partial<LoyaltyProgrammeDraft> = {}): LoyaltyProgrammeDraft => ({
  enabled: true,
  earnPoints: 1,
  earnPer: 1,
  pointValue: 0.01,
  minimumToRedeem: 100,
  expiryMonths: 12,
  welcomeBonus: 50,
  ...fields,
});

const order = (fields: Partial<LoyaltyOrderFacts> = {}): LoyaltyOrderFacts => ({
  status: "COMPLETED",
  goodsTotalMinor: 2_550,
  goodsDiscountMinor: 0,
  ...fields,
});

const entry = (kind: LoyaltyEntry["kind"], points: number, orderId: number | null = null): LoyaltyEntry => ({
  kind,
  points,
  orderId,
});

describe("checkLoyaltyProgramme", () => {
  it.each([
    { name: "1 point per euro worth a cent", input: draft(), currency: "EUR", stored: eur },
    {
      name: "1 point per 100 yen worth a yen",
      input: draft({ earnPer: 100, pointValue: 1, minimumToRedeem: 0 }),
      currency: "JPY",
      stored: jpy,
    },
    {
      name: "1 point per 1,000 dinars worth 10 dinars",
      input: draft({ earnPer: 1000, pointValue: 10, minimumToRedeem: 10 }),
      currency: "IQD",
      stored: iqd,
    },
    {
      name: "everything back (100 %), never expiring, no welcome",
      input: draft({ earnPoints: 100, pointValue: 0.01, expiryMonths: null, welcomeBonus: 0 }),
      currency: "EUR",
      stored: { ...eur, earnPoints: 100, expiryMonths: null, welcomeBonus: 0 },
    },
    {
      name: "a programme switched off with nothing set",
      input: draft({ enabled: false, earnPoints: 0, earnPer: 0, pointValue: 0 }),
      currency: "EUR",
      stored: { ...off, earnPoints: 0, earnPerMinor: 0, pointValueMinor: 0 },
    },
  ])("accepts $name", ({ input, currency, stored }) => {
    expect(checkLoyaltyProgramme(input, currency)).toEqual({ ok: true, programme: stored });
  });

  it.each([
    {
      name: "negative points per spend",
      input: draft({ earnPoints: -1 }),
      field: "earnPoints",
      refusal: "NOT_WHOLE_POINTS",
    },
    {
      name: "half a point",
      input: draft({ earnPoints: 0.5 }),
      field: "earnPoints",
      refusal: "NOT_WHOLE_POINTS",
    },
    {
      name: "a negative minimum",
      input: draft({ minimumToRedeem: -10 }),
      field: "minimumToRedeem",
      refusal: "NOT_WHOLE_POINTS",
    },
    {
      name: "a fractional welcome",
      input: draft({ welcomeBonus: 2.5 }),
      field: "welcomeBonus",
      refusal: "NOT_WHOLE_POINTS",
    },
    {
      name: "a huge welcome",
      input: draft({ welcomeBonus: LOYALTY_POINTS_MAX + 1 }),
      field: "welcomeBonus",
      refusal: "OVER_MAX",
    },
    {
      name: "a huge minimum",
      input: draft({ minimumToRedeem: 1e12 }),
      field: "minimumToRedeem",
      refusal: "OVER_MAX",
    },
    {
      name: "a spend of half a cent",
      input: draft({ earnPer: 0.005 }),
      field: "earnPer",
      refusal: "NOT_WHOLE_MINOR_UNITS",
    },
    {
      name: "a negative spend",
      input: draft({ earnPer: -1 }),
      field: "earnPer",
      refusal: "NOT_WHOLE_MINOR_UNITS",
    },
    {
      name: "a negative point value",
      input: draft({ pointValue: -0.01 }),
      field: "pointValue",
      refusal: "NOT_WHOLE_MINOR_UNITS",
    },
    {
      name: "half a yen per point",
      input: draft({ earnPer: 100, pointValue: 0.5 }),
      currency: "JPY",
      field: "pointValue",
      refusal: "NOT_WHOLE_MINOR_UNITS",
    },
    {
      name: "points worth nothing",
      input: draft({ pointValue: 0 }),
      field: "pointValue",
      refusal: "VALUE_REQUIRED",
    },
    {
      name: "no points earned",
      input: draft({ earnPoints: 0 }),
      field: "earnPoints",
      refusal: "VALUE_REQUIRED",
    },
    {
      name: "points for spending nothing",
      input: draft({ earnPer: 0 }),
      field: "earnPer",
      refusal: "VALUE_REQUIRED",
    },
    {
      name: "expiry right away",
      input: draft({ expiryMonths: 0 }),
      field: "expiryMonths",
      refusal: "EXPIRY_RANGE",
    },
    {
      name: "expiry in half a month",
      input: draft({ expiryMonths: 0.5 }),
      field: "expiryMonths",
      refusal: "EXPIRY_RANGE",
    },
    {
      name: "expiry past ten years",
      input: draft({ expiryMonths: LOYALTY_EXPIRY_MONTHS_MAX + 1 }),
      field: "expiryMonths",
      refusal: "EXPIRY_RANGE",
    },
    {
      name: "2 points per euro worth 1 € each (200 % back)",
      input: draft({ earnPoints: 2, pointValue: 1 }),
      field: "pointValue",
      refusal: "REWARD_OVER_SPEND",
    },
    {
      name: "a disabled programme with a negative value",
      input: draft({ enabled: false, pointValue: -1 }),
      field: "pointValue",
      refusal: "NOT_WHOLE_MINOR_UNITS",
    },
  ])("refuses $name", ({ input, currency, field, refusal }) => {
    expect(checkLoyaltyProgramme(input, currency ?? "EUR")).toEqual({ ok: false, field, refusal });
  });
});

describe("pointsEarned", () => {
  it.each([
    { name: "25.50 € of goods: 25 points, rounded down", programme: eur, input: order(), points: 25 },
    { name: "exactly 1 €", programme: eur, input: order({ goodsTotalMinor: 100 }), points: 1 },
    { name: "99 cents", programme: eur, input: order({ goodsTotalMinor: 99 }), points: 0 },
    {
      name: "a promo code and points taking 10.60 € off",
      programme: eur,
      input: order({ goodsDiscountMinor: 1_060 }),
      points: 14,
    },
    {
      name: "goods paid entirely with discounts",
      programme: eur,
      input: order({ goodsDiscountMinor: 9_999 }),
      points: 0,
    },
    { name: "5 points per euro", programme: { ...eur, earnPoints: 5 }, input: order(), points: 127 },
    { name: "an order still on its way", programme: eur, input: order({ status: "ON_DELIVERY" }), points: 0 },
    { name: "a cancelled order", programme: eur, input: order({ status: "CANCELLED" }), points: 0 },
    { name: "a programme switched off", programme: off, input: order(), points: 0 },
    { name: "2,550 ¥ at 1 per 100 ¥", programme: jpy, input: order(), points: 25 },
    {
      name: "24,999.999 IQD at 1 per 1,000 IQD",
      programme: iqd,
      input: order({ goodsTotalMinor: 24_999_999 }),
      points: 24,
    },
  ])("$name", ({ programme, input, points }) => {
    expect(pointsEarned(programme, input)).toBe(points);
  });

  it("gives a welcome bonus only while the programme is on", () => {
    expect([welcomePoints(eur), welcomePoints(off)]).toEqual([50, 0]);
  });
});

describe("redeemablePoints and pointsDiscount", () => {
  it.each([
    { name: "a balance below the minimum", programme: eur, balance: 99, goods: 5_000, points: 0 },
    { name: "the whole balance at the minimum", programme: eur, balance: 100, goods: 5_000, points: 100 },
    { name: "no more than the goods pay for", programme: eur, balance: 8_000, goods: 5_000, points: 5_000 },
    { name: "an empty cart", programme: eur, balance: 500, goods: 0, points: 0 },
    { name: "a programme switched off", programme: off, balance: 500, goods: 5_000, points: 0 },
    { name: "any balance without a minimum (JPY)", programme: jpy, balance: 3, goods: 1_200, points: 3 },
    {
      name: "whole points only: 25.005 IQD pays for 2 points of 10 IQD",
      programme: iqd,
      balance: 40,
      goods: 25_005,
      points: 2,
    },
    { name: "IQD below the minimum", programme: iqd, balance: 9, goods: 250_000, points: 0 },
  ])("$name", ({ programme, balance, goods, points }) => {
    expect(redeemablePoints(programme, balance, goods)).toBe(points);
  });

  it.each([
    { name: "as many as may be spent", requested: null, expected: { points: 300, discountMinor: 300 } },
    { name: "fewer than may be spent", requested: 120, expected: { points: 120, discountMinor: 120 } },
    { name: "more than the balance", requested: 1_000, expected: { points: 300, discountMinor: 300 } },
    { name: "none", requested: 0, expected: { points: 0, discountMinor: 0 } },
    { name: "a negative request", requested: -5, expected: { points: 0, discountMinor: 0 } },
  ])("prices $name in EUR", ({ requested, expected }) => {
    expect(pointsDiscount(eur, 300, 5_000, requested)).toEqual(expected);
  });

  it("prices points of 10 IQD in fils", () => {
    expect(pointsDiscount(iqd, 40, 250_000, null)).toEqual({ points: 25, discountMinor: 250_000 });
  });
});

describe("pointsReversed and pointsRestored", () => {
  it.each([
    { name: "no refund", earned: 25, refunded: 0, paid: 3_000, reversed: 0, restored: 0 },
    { name: "a full refund", earned: 25, refunded: 3_000, paid: 3_000, reversed: 25, restored: 25 },
    { name: "half", earned: 25, refunded: 1_500, paid: 3_000, reversed: 13, restored: 12 },
    { name: "a cent", earned: 25, refunded: 1, paid: 3_000, reversed: 1, restored: 0 },
    {
      name: "more than paid (reported twice)",
      earned: 25,
      refunded: 4_000,
      paid: 3_000,
      reversed: 25,
      restored: 25,
    },
    { name: "nothing earned", earned: 0, refunded: 3_000, paid: 3_000, reversed: 0, restored: 0 },
    {
      name: "a third in IQD",
      earned: 30,
      refunded: 10_000_000,
      paid: 30_000_000,
      reversed: 10,
      restored: 10,
    },
  ])("$name", ({ earned, refunded, paid, reversed, restored }) => {
    expect(pointsReversed(earned, refunded, paid)).toBe(reversed);
    expect(pointsRestored(earned, refunded, paid)).toBe(restored);
  });
});

describe("expiry", () => {
  it.each([
    { name: "a year later", last: "2026-01-15T10:00:00.000Z", expiresAt: "2027-01-15T10:00:00.000Z" },
    {
      name: "on the same day of the month",
      last: "2025-03-31T00:00:00.000Z",
      expiresAt: "2026-03-31T00:00:00.000Z",
    },
  ])("expires $name", ({ last, expiresAt }) => {
    expect(pointsExpireAt(eur, last)).toBe(expiresAt);
  });

  it("clamps to the month's last day", () => {
    expect(pointsExpireAt({ ...eur, expiryMonths: 1 }, "2027-01-31T08:00:00.000Z")).toBe(
      "2027-02-28T08:00:00.000Z",
    );
    expect(pointsExpireAt({ ...eur, expiryMonths: 1 }, "2028-01-31T08:00:00.000Z")).toBe(
      "2028-02-29T08:00:00.000Z",
    );
  });

  it.each([
    {
      name: "the whole balance once the months pass",
      programme: eur,
      now: "2027-01-15T10:00:00Z",
      expired: 420,
    },
    { name: "nothing a second before", programme: eur, now: "2027-01-15T09:59:59Z", expired: 0 },
    {
      name: "nothing when points never expire",
      programme: { ...eur, expiryMonths: null },
      now: "2040-01-01T00:00:00Z",
      expired: 0,
    },
    { name: "nothing while the programme is off", programme: off, now: "2040-01-01T00:00:00Z", expired: 0 },
  ])("takes $name", ({ programme, now, expired }) => {
    expect(expiredPoints(programme, 420, "2026-01-15T10:00:00Z", now)).toBe(expired);
  });

  it("takes nothing from an empty balance", () => {
    expect(expiredPoints(eur, 0, "2020-01-01T00:00:00Z", "2030-01-01T00:00:00Z")).toBe(0);
  });
});

describe("the ledger", () => {
  it.each([
    { name: "earned points", balance: 0, entry: entry("EARNED", 25, 7), next: 25 },
    { name: "a welcome bonus", balance: 0, entry: entry("WELCOME", 50), next: 50 },
    { name: "spending the whole balance", balance: 75, entry: entry("SPENT", -75, 8), next: 0 },
    { name: "an expiry", balance: 75, entry: entry("EXPIRED", -75), next: 0 },
    { name: "a take-back", balance: 75, entry: entry("REVERSED", -25, 7), next: 50 },
    { name: "a give-back", balance: 0, entry: entry("REVERSED", 75, 8), next: 75 },
  ])("applies $name", ({ balance, entry: applied, next }) => {
    expect(applyEntry(balance, applied)).toBe(next);
  });

  it.each([
    {
      name: "spending more than the balance",
      balance: 10,
      entry: entry("SPENT", -11, 8),
      code: "BALANCE_BELOW_ZERO",
    },
    {
      name: "expiring more than the balance",
      balance: 10,
      entry: entry("EXPIRED", -11),
      code: "BALANCE_BELOW_ZERO",
    },
    {
      name: "a take-back past zero",
      balance: 10,
      entry: entry("REVERSED", -11, 7),
      code: "BALANCE_BELOW_ZERO",
    },
    { name: "negative earnings", balance: 10, entry: entry("EARNED", -1, 7), code: "WRONG_SIGN" },
    { name: "spending as a gain", balance: 10, entry: entry("SPENT", 5, 7), code: "WRONG_SIGN" },
    { name: "zero points", balance: 10, entry: entry("EARNED", 0, 7), code: "NOT_WHOLE_POINTS" },
    { name: "half a point", balance: 10, entry: entry("WELCOME", 0.5), code: "NOT_WHOLE_POINTS" },
    { name: "earnings of no order", balance: 10, entry: entry("EARNED", 5), code: "ORDER_MISMATCH" },
    {
      name: "a welcome bonus of an order",
      balance: 10,
      entry: entry("WELCOME", 5, 7),
      code: "ORDER_MISMATCH",
    },
  ])("refuses $name", ({ balance, entry: refused, code }) => {
    expect(() => applyEntry(balance, refused)).toThrow(LoyaltyLedgerError);
    try {
      applyEntry(balance, refused);
    } catch (error) {
      expect((error as LoyaltyLedgerError).code).toBe(code);
    }
  });

  it("adds up a history", () => {
    const history = [
      entry("WELCOME", 50),
      entry("EARNED", 25, 7),
      entry("SPENT", -60, 8),
      entry("REVERSED", -5, 7),
    ];
    expect(balanceOf(history)).toBe(10);
    expect(balanceOf([])).toBe(0);
    expect([hasEarnedFor(history, 7), hasEarnedFor(history, 8)]).toEqual([true, false]);
  });

  it.each([
    { entry: entry("EARNED", 25, 7), key: "EARNED:7" },
    { entry: entry("SPENT", -25, 7), key: "SPENT:7" },
    { entry: entry("WELCOME", 50), key: "WELCOME" },
    { entry: entry("REVERSED", -5, 7), key: null },
    { entry: entry("EXPIRED", -5), key: null },
  ])("keys $entry.kind as $key", ({ entry: keyed, key }) => {
    expect(loyaltyEntryKey(keyed)).toBe(key);
  });
});

describe("entriesForOrderReturn", () => {
  // Order 7 spent 40 points and earned 20 on 30 € paid; the customer had 100 before it.
  const history = [entry("WELCOME", 100), entry("SPENT", -40, 7), entry("EARNED", 20, 7)];

  it.each([
    { name: "a full refund", refund: { refundedMinor: 3_000, paidMinor: 3_000 }, returned: [40, -20] },
    { name: "a quarter", refund: { refundedMinor: 750, paidMinor: 3_000 }, returned: [10, -5] },
    { name: "a cancellation", refund: "ALL" as const, returned: [40, -20] },
    { name: "nothing refunded", refund: { refundedMinor: 0, paidMinor: 3_000 }, returned: [] },
  ])("returns $name", ({ refund, returned }) => {
    const entries = entriesForOrderReturn({ entries: history, orderId: 7, refund });
    expect(entries.map((e) => e.points)).toEqual(returned);
    expect(entries.every((e) => e.kind === "REVERSED" && e.orderId === 7)).toBe(true);
  });

  it("adds only the difference for a second partial refund, and nothing when repeated", () => {
    const first = entriesForOrderReturn({
      entries: history,
      orderId: 7,
      refund: { refundedMinor: 750, paidMinor: 3_000 },
    });
    const after = [...history, ...first];
    const second = entriesForOrderReturn({
      entries: after,
      orderId: 7,
      refund: { refundedMinor: 3_000, paidMinor: 3_000 },
    });
    expect(second.map((e) => e.points)).toEqual([30, -15]);
    expect(entriesForOrderReturn({ entries: [...after, ...second], orderId: 7, refund: "ALL" })).toEqual([]);
  });

  it("takes back no more than the balance holds", () => {
    const spentAll = [entry("EARNED", 20, 7), entry("SPENT", -20, 9)];
    expect(entriesForOrderReturn({ entries: spentAll, orderId: 7, refund: "ALL" })).toEqual([]);
    const someLeft = [entry("EARNED", 20, 7), entry("SPENT", -12, 9)];
    expect(entriesForOrderReturn({ entries: someLeft, orderId: 7, refund: "ALL" })).toEqual([
      entry("REVERSED", -8, 7),
    ]);
  });
});

describe("loyalty properties", () => {
  const programmeArb: fc.Arbitrary<LoyaltyProgramme> = fc.record({
    enabled: fc.boolean(),
    earnPoints: fc.integer({ min: 1, max: 100 }),
    earnPerMinor: fc.integer({ min: 1, max: 1_000_000 }),
    pointValueMinor: fc.integer({ min: 1, max: 10_000 }),
    minimumToRedeem: fc.integer({ min: 0, max: 1_000 }),
    expiryMonths: fc.option(fc.integer({ min: 1, max: 120 })),
    welcomeBonus: fc.integer({ min: 0, max: 1_000 }),
  });
  const orderId = fc.integer({ min: 1, max: 5 });
  const points = fc.integer({ min: 1, max: 30 }); // small, so that entries meet a balance exactly
  const entryArb: fc.Arbitrary<LoyaltyEntry> = fc.oneof(
    fc.record({ kind: fc.constant("EARNED" as const), points, orderId }),
    fc.record({ kind: fc.constant("WELCOME" as const), points, orderId: fc.constant(null) }),
    fc.record({ kind: fc.constant("SPENT" as const), points: points.map((p) => -p), orderId }),
    fc.record({
      kind: fc.constant("EXPIRED" as const),
      points: points.map((p) => -p),
      orderId: fc.constant(null),
    }),
    fc.record({
      kind: fc.constant("REVERSED" as const),
      points: fc.integer({ min: -30, max: 30 }),
      orderId: fc.option(orderId),
    }),
  );

  it("never lets a balance go below zero, whatever is applied", () => {
    fc.assert(
      fc.property(fc.array(entryArb, { maxLength: 40 }), (entries) => {
        const accepted: LoyaltyEntry[] = [];
        let balance = 0;
        for (const next of entries) {
          try {
            balance = applyEntry(balance, next);
            accepted.push(next);
          } catch (error) {
            if (!(error instanceof LoyaltyLedgerError)) throw error;
          }
          expect(balance).toBeGreaterThanOrEqual(0);
        }
        expect(balanceOf(accepted)).toBe(balance);
      }),
    );
  });

  it("earns an order's points once however often its completion is handled", () => {
    fc.assert(
      fc.property(
        programmeArb,
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(orderId, { minLength: 1, maxLength: 10 }),
        (programme, goods, completions) => {
          // As the database does it: an entry whose key is taken is not added again.
          const keys = new Set<string | null>();
          const ledger: LoyaltyEntry[] = [];
          let balance = 0;
          const earnedPerOrder = pointsEarned(programme, order({ goodsTotalMinor: goods }));
          for (const id of completions) {
            const earned = entry("EARNED", earnedPerOrder, id);
            if (earnedPerOrder === 0 || hasEarnedFor(ledger, id) || keys.has(loyaltyEntryKey(earned)))
              continue;
            balance = applyEntry(balance, earned);
            keys.add(loyaltyEntryKey(earned));
            ledger.push(earned);
          }
          expect(balance).toBe(new Set(completions).size * earnedPerOrder);
        },
      ),
    );
  });

  it("reverses exactly what was earned by a full refund, however it was split", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { maxLength: 5 }),
        (earned, paid, parts) => {
          expect(pointsReversed(earned, paid, paid)).toBe(earned);
          expect(pointsRestored(earned, paid, paid)).toBe(earned);
          // Partial refunds then the rest, on a balance that holds the earned points.
          let ledger: LoyaltyEntry[] = earned > 0 ? [entry("EARNED", earned, 1)] : [];
          let refunded = 0;
          for (const part of [...parts, paid]) {
            refunded = Math.min(paid, refunded + part);
            const returned = entriesForOrderReturn({
              entries: ledger,
              orderId: 1,
              refund: { refundedMinor: refunded, paidMinor: paid },
            });
            returned.reduce(applyEntry, balanceOf(ledger));
            ledger = [...ledger, ...returned];
            expect(pointsReversed(earned, refunded, paid)).toBeLessThanOrEqual(earned);
          }
          expect(balanceOf(ledger)).toBe(0);
        },
      ),
    );
  });

  it("never discounts more than the goods or the balance is worth", () => {
    fc.assert(
      fc.property(
        programmeArb,
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.option(fc.integer({ min: -10, max: 20_000_000 })),
        (programme, balance, goods, requested) => {
          const { points: used, discountMinor } = pointsDiscount(programme, balance, goods, requested);
          expect(used).toBeGreaterThanOrEqual(0);
          expect(used).toBeLessThanOrEqual(balance);
          expect(discountMinor).toBeLessThanOrEqual(goods);
          expect(discountMinor).toBeLessThanOrEqual(balance * programme.pointValueMinor);
          expect(discountMinor).toBe(used * programme.pointValueMinor);
        },
      ),
    );
  });
});

describe("loyaltyDraftOf", () => {
  it.each([
    ["EUR", 1, 0.01],
    ["IQD", 1, 0.01],
    ["JPY", 100, 1],
  ])(
    "shows the default programme of %s in major units (1 per %d, worth %d), which checks back to it",
    (currency, earnPer, pointValue) => {
      const programme = defaultLoyaltyProgramme(currency);
      expect(loyaltyDraftOf(programme, currency)).toMatchObject({ earnPer, pointValue });
      const draft = { ...loyaltyDraftOf(programme, currency), enabled: true };
      expect(checkLoyaltyProgramme(draft, currency)).toEqual({
        ok: true,
        programme: { ...programme, enabled: true },
      });
    },
  );
});
