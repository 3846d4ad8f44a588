import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type DeliverySlotsInput,
  deliverySlotDays,
  firstSlotSelling,
  isValidPreorderTime,
  LAST_SLOT_OF_DAY_MINUTES,
  leadMinutes,
  listDeliverySlots,
  MIN_PREORDER_LEAD_MINUTES,
} from "./delivery-slots.ts";
import { formatTimeOfDay, parseTimeOfDay, WEEK_DAYS, weeklySchedule } from "./working-hours.ts";

/** Every slot time from `first` to `last`, both included. */
const slotsFrom = (first: string, last: string): string[] => {
  const times: string[] = [];
  for (let m = parseTimeOfDay(first); m <= parseTimeOfDay(last); m += 30) times.push(formatTimeOfDay(m));
  return times;
};

// 2026-11-23 is a Monday.
const MONDAY = "2026-11-23";
const regular = weeklySchedule({ from: "10:00", until: "22:00" });

const input = (overrides: Partial<DeliverySlotsInput> = {}): DeliverySlotsInput => ({
  today: MONDAY,
  nowMinutes: parseTimeOfDay("08:00"),
  preOrderPeriod: { type: "DAYS", value: 2 },
  vendorHours: regular,
  serviceHours: [],
  deliveryMinutes: 45,
  ...overrides,
});

describe("listDeliverySlots", () => {
  it.each<[string, Partial<DeliverySlotsInput>, ReturnType<typeof listDeliverySlots>]>([
    [
      "regular hours with 45 delivery minutes: the last order arrives as the vendor closes",
      {},
      [
        { date: "2026-11-23", times: slotsFrom("11:00", "22:00") },
        { date: "2026-11-24", times: slotsFrom("11:00", "22:00") },
      ],
    ],
    [
      // 2026-11-27 is a Friday; the vendor has no Saturday hours of its own.
      "an overnight Friday vendor: to 23:30 on Friday, Saturday's early hours from Friday's span",
      {
        today: "2026-11-27",
        nowMinutes: parseTimeOfDay("12:00"),
        vendorHours: weeklySchedule({ from: "18:00", until: "04:00" }, ["FRIDAY"]),
        deliveryMinutes: 30,
      },
      [
        { date: "2026-11-27", times: slotsFrom("18:30", "23:30") },
        { date: "2026-11-28", times: slotsFrom("00:00", "04:00") },
      ],
    ],
    [
      "a closure from Monday 20:00 to Tuesday 15:00 takes no orders while it lasts",
      { closures: [{ from: "2026-11-23T20:00", until: "2026-11-24T15:00" }] },
      [
        // The last Monday order arrives at 20:00 as the closure starts; Tuesday's first is taken at 15:00.
        { date: "2026-11-23", times: slotsFrom("11:00", "20:00") },
        { date: "2026-11-24", times: slotsFrom("16:00", "22:00") },
      ],
    ],
    [
      "a vendor closed on Tuesday leaves Tuesday out",
      {
        preOrderPeriod: { type: "DAYS", value: 3 },
        vendorHours: regular.filter((interval) => interval.day !== "TUESDAY"),
      },
      [
        { date: "2026-11-23", times: slotsFrom("11:00", "22:00") },
        { date: "2026-11-25", times: slotsFrom("11:00", "22:00") },
      ],
    ],
    [
      "today starts an hour from now, rounded up to a slot",
      { nowMinutes: parseTimeOfDay("14:10"), deliveryMinutes: 0 },
      [
        { date: "2026-11-23", times: slotsFrom("15:30", "21:30") },
        { date: "2026-11-24", times: slotsFrom("10:00", "21:30") },
      ],
    ],
    [
      "a long delivery puts the first slot its rounded time ahead (90 minutes: two hours)",
      { nowMinutes: parseTimeOfDay("14:00"), deliveryMinutes: 90 },
      [
        { date: "2026-11-23", times: slotsFrom("16:00", "22:00") },
        { date: "2026-11-24", times: slotsFrom("11:30", "22:00") },
      ],
    ],
    [
      "a day with no slot left is left out",
      { nowMinutes: parseTimeOfDay("22:50") },
      [{ date: "2026-11-24", times: slotsFrom("11:00", "22:00") }],
    ],
    [
      "service hours narrow the slots at both ends",
      { serviceHours: weeklySchedule({ from: "12:00", until: "21:00" }) },
      [
        { date: "2026-11-23", times: slotsFrom("13:00", "20:30") },
        { date: "2026-11-24", times: slotsFrom("13:00", "20:30") },
      ],
    ],
    [
      "a period of zero days still offers today",
      { preOrderPeriod: { type: "DAYS", value: 0 } },
      [{ date: "2026-11-23", times: slotsFrom("11:00", "22:00") }],
    ],
    ["no preorder at all", { preOrderPeriod: { type: "NONE", value: 3 } }, []],
  ])("%s", (_name, overrides, expected) => {
    expect(listDeliverySlots(input(overrides))).toEqual(expected);
  });

  // The order is taken at slot − deliveryMinutes and the vendor stays open until it arrives.
  it.each([
    [0, "10:00", "21:30"],
    [45, "11:00", "22:00"],
    [90, "11:30", "22:00"],
  ])("with %i delivery minutes the slots run from %s to %s", (deliveryMinutes, first, last) => {
    const [today] = listDeliverySlots(input({ deliveryMinutes, preOrderPeriod: { type: "DAYS", value: 1 } }));
    expect(today?.times).toEqual(slotsFrom(first, last));
  });

  it("does not change its input", () => {
    const given = input({ serviceHours: weeklySchedule({ from: "12:00", until: "21:00" }) });
    const copy = structuredClone(given);
    listDeliverySlots(given);
    expect(given).toEqual(copy);
  });

  it("only lists slots that are at least an hour ahead, on the half hour and no later than 23:30", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 24 * 60 - 1 }),
        fc.integer({ min: 0, max: 180 }),
        fc.constantFrom(...WEEK_DAYS),
        (nowMinutes, deliveryMinutes, closedDay) => {
          const given = input({
            nowMinutes,
            deliveryMinutes,
            preOrderPeriod: { type: "DAYS", value: 7 },
            vendorHours: weeklySchedule({ from: "18:00", until: "04:00" }).filter((i) => i.day !== closedDay),
          });
          for (const day of listDeliverySlots(given)) {
            expect(day.times.length).toBeGreaterThan(0);
            for (const time of day.times) {
              const minutes = parseTimeOfDay(time);
              expect(minutes % 30).toBe(0);
              expect(minutes).toBeLessThanOrEqual(LAST_SLOT_OF_DAY_MINUTES);
              if (day.date === MONDAY) {
                expect(minutes).toBeGreaterThanOrEqual(nowMinutes + MIN_PREORDER_LEAD_MINUTES);
              }
            }
            const [first] = day.times;
            expect(isValidPreorderTime(given, `${day.date}T${first}:00`)).toBe(true);
          }
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe("isValidPreorderTime", () => {
  it.each([
    ["2026-11-23T19:30:00", true],
    ["2026-11-23T19:30:00Z", true],
    ["2026-11-23T19:30:00.000", true],
    ["2026-11-24T11:00", true],
    ["2026-11-24T22:00:00", true],
    ["2026-11-24T22:30:00", false],
    ["2026-11-23T19:15:00", false],
    ["2026-11-23T19:30:30", false],
    ["2026-11-23T10:30:00", false],
    ["2026-11-24T23:00:00", false],
    ["2026-11-25T19:30:00", false],
    ["2026-11-22T19:30:00", false],
    ["2026-11-31T19:30:00", false],
    ["tonight", false],
  ])("%s is a slot: %s", (localDateTime, valid) => {
    expect(isValidPreorderTime(input(), localDateTime)).toBe(valid);
  });

  it("accepts nothing when preorder is off", () => {
    expect(
      isValidPreorderTime(input({ preOrderPeriod: { type: "NONE", value: 2 } }), "2026-11-23T19:30:00"),
    ).toBe(false);
  });
});

describe("leadMinutes", () => {
  it.each([
    [0, 60],
    [25, 60],
    [45, 60],
    [61, 120],
    [95, 120],
    [130, 180],
  ])("a delivery of %d minutes puts the first slot %d minutes ahead", (delivery, lead) => {
    expect(leadMinutes(delivery)).toBe(lead);
  });
});

describe("firstSlotSelling", () => {
  const days = [
    { date: MONDAY, times: ["20:00", "20:30"] },
    { date: "2026-11-24", times: ["07:30", "08:00", "12:00"] },
  ];
  const breakfast = weeklySchedule({ from: "07:00", until: "11:30" });
  const lunch = weeklySchedule({ from: "12:00", until: "16:00" });

  it("is the first slot when every dish is sold whenever its vendor is open", () => {
    expect(firstSlotSelling(days, [null, null])).toBe(`${MONDAY}T20:00:00`);
  });

  it("skips the slots at which a dish of the order is not sold", () => {
    expect(firstSlotSelling(days, [null, breakfast])).toBe("2026-11-24T07:30:00");
    expect(firstSlotSelling(days, [lunch])).toBe("2026-11-24T12:00:00");
  });

  it("is none when no slot sells every dish", () => {
    expect(firstSlotSelling(days, [breakfast, lunch])).toBeNull();
    expect(firstSlotSelling([], [null])).toBeNull();
  });

  it("works out the days one at a time, only up to the one that has the slot", () => {
    const week = input({ preOrderPeriod: { type: "DAYS", value: 7 }, nowMinutes: parseTimeOfDay("21:30") });
    const read: string[] = [];
    function* counted() {
      for (const day of deliverySlotDays(week)) {
        read.push(day.date);
        yield day;
      }
    }
    expect(firstSlotSelling(counted(), [lunch])).toBe("2026-11-24T12:00:00");
    // Monday's last slots are past, Tuesday has it: the five days after are not worked out.
    expect(read).toEqual(["2026-11-24"]);
    expect([...deliverySlotDays(week)]).toEqual(listDeliverySlots(week));
    expect(listDeliverySlots(week)).toHaveLength(7 - 1);
  });
});
