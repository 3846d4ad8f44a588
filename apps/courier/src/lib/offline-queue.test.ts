import type { CourierJob } from "@storefront/domain/contract";
import { describe, expect, it } from "vitest";
import {
  type ActionQueue,
  enqueueAction,
  type QueuedAction,
  readQueue,
  settleFirstAction,
  withQueuedActions,
} from "./offline-queue.ts";

const at = "2026-11-30T10:00:00Z";
const action = (orderId: number, name: QueuedAction["action"]): QueuedAction => ({
  orderId,
  action: name,
  at,
});

/** A job of the API's answer: only what the queue reads is meaningful. */
function job(
  orderId: number,
  status: CourierJob["status"],
  offerExpiresAt: string | null = null,
): CourierJob {
  return { orderId, status, offerExpiresAt } as CourierJob;
}
const statuses = (jobs: CourierJob[]) => jobs.map((j) => `${j.orderId}:${j.status}`);

describe("enqueueAction", () => {
  it("keeps the actions in the order done, each once", () => {
    let queue: ActionQueue = [];
    for (const next of [
      action(1, "picked-up"),
      action(2, "accept"),
      action(1, "picked-up"),
      action(1, "arrived"),
    ])
      queue = enqueueAction(queue, next);
    expect(queue.map((a) => `${a.orderId}:${a.action}`)).toEqual(["1:picked-up", "2:accept", "1:arrived"]);
  });

  it("does not change the queue it is given", () => {
    const queue: ActionQueue = Object.freeze([action(1, "picked-up")]);
    expect(enqueueAction(queue, action(1, "arrived"))).toHaveLength(2);
    expect(queue).toHaveLength(1);
  });
});

describe("settleFirstAction", () => {
  const queue = [action(1, "picked-up"), action(2, "accept"), action(1, "arrived"), action(1, "delivered")];
  it.each([
    ["sent", ["2:accept", "1:arrived", "1:delivered"]],
    // The pick-up refused (the job went to another courier): its arrival and delivery go with it.
    ["refused", ["2:accept"]],
  ] as const)("%s: leaves %j", (outcome, left) => {
    expect(settleFirstAction(queue, outcome).map((a) => `${a.orderId}:${a.action}`)).toEqual(left);
  });

  it("leaves an empty queue empty", () => {
    expect(settleFirstAction([], "sent")).toEqual([]);
  });
});

describe("withQueuedActions", () => {
  const jobs = {
    offers: [job(3, "READY", "2026-11-30T10:01:00Z")],
    active: [job(1, "READY"), job(2, "ON_DELIVERY")],
    notices: [],
    serverTime: "2026-11-30T10:00:00.000Z",
  };

  it.each<[string, QueuedAction[], string[], string[]]>([
    ["nothing queued", [], ["3:READY"], ["1:READY", "2:ON_DELIVERY"]],
    ["a pick-up", [action(1, "picked-up")], ["3:READY"], ["1:ON_DELIVERY", "2:ON_DELIVERY"]],
    [
      "two steps",
      [action(1, "picked-up"), action(1, "arrived")],
      ["3:READY"],
      ["1:ARRIVED", "2:ON_DELIVERY"],
    ],
    ["a delivery", [action(2, "arrived"), action(2, "delivered")], ["3:READY"], ["1:READY"]],
    ["an accepted offer", [action(3, "accept")], [], ["1:READY", "2:ON_DELIVERY", "3:READY"]],
    // The server has it already (sent meanwhile): the job is not moved back.
    ["a step the server passed", [action(2, "picked-up")], ["3:READY"], ["1:READY", "2:ON_DELIVERY"]],
    ["a job that is gone", [action(9, "arrived")], ["3:READY"], ["1:READY", "2:ON_DELIVERY"]],
  ])("%s", (_name, queue, offers, active) => {
    const shown = withQueuedActions(jobs, queue);
    expect(statuses(shown.offers)).toEqual(offers);
    expect(statuses(shown.active)).toEqual(active);
  });

  it("makes an accepted offer a job of the courier's, no longer counting down", () => {
    expect(withQueuedActions(jobs, [action(3, "accept")]).active.at(-1)?.offerExpiresAt).toBeNull();
  });
});

describe("readQueue", () => {
  it.each([
    [null, 0],
    ["not json", 0],
    ['{"orderId":1}', 0],
    ['[{"orderId":1,"action":"arrived","at":"x"},{"orderId":"2","action":"arrived","at":"x"}]', 1],
    ['[{"orderId":1,"action":"cancel","at":"x"}]', 0],
  ])("%j holds %i action(s)", (text, count) => {
    expect(readQueue(text)).toHaveLength(count);
  });
});
