import type { CourierJob, CourierJobs } from "@storefront/domain/contract";
import { COURIER_JOB_STATUSES, COURIER_STEPS } from "@storefront/domain/courier-jobs";

/**
 * What a courier did while the network was down, kept on the phone and sent when it returns: in the
 * order done, each once. Pure: the app keeps the queue in localStorage (job-actions.ts).
 */

/** What a courier does to a job: take an offer, or one of its steps. */
export type JobAction = "accept" | "picked-up" | "arrived" | "delivered";

/** What proves a delivery: the customer's code, or a photo at the door (a data URL). */
export type DeliveryProof = { handoverCode: string } | { photo: string };

export interface QueuedAction {
  orderId: number;
  action: JobAction;
  /** With "delivered". */
  proof?: DeliveryProof;
  /** When the courier did it (ISO 8601). */
  at: string;
}

export type ActionQueue = readonly QueuedAction[];

const ACTIONS: readonly JobAction[] = ["accept", "picked-up", "arrived", "delivered"];

const sameAction = (a: QueuedAction, b: QueuedAction) => a.orderId === b.orderId && a.action === b.action;

/** The queue with an action at its end; one already waiting (a second tap) is not queued twice. */
export function enqueueAction(queue: ActionQueue, action: QueuedAction): ActionQueue {
  return queue.some((waiting) => sameAction(waiting, action)) ? queue : [...queue, action];
}

/**
 * The queue once the API has answered its first action. Sent: it leaves the queue. Refused (the
 * job was given to someone else, a wrong code): it leaves with the same job's later actions, which
 * followed from it; the next read of the jobs shows the job as it really is.
 */
export function settleFirstAction(queue: ActionQueue, outcome: "sent" | "refused"): ActionQueue {
  const [first, ...rest] = queue;
  if (!first) return queue;
  return outcome === "sent" ? rest : rest.filter((action) => action.orderId !== first.orderId);
}

/**
 * The status a queued step gives its job (the domain's COURIER_STEPS); a step the server has already
 * passed changes nothing, so a job never moves back (COURIER_JOB_STATUSES run from the kitchen's yes
 * to the door).
 */
function statusAfter(job: CourierJob, action: "picked-up" | "arrived"): CourierJob["status"] {
  const queued = COURIER_STEPS[action];
  return COURIER_JOB_STATUSES.indexOf(queued) > COURIER_JOB_STATUSES.indexOf(job.status)
    ? queued
    : job.status;
}

/**
 * The jobs as the courier left them: the server's answer with the actions still waiting applied in
 * order (an accepted offer is under way, a step moves its job on, a delivered job is done).
 */
export function withQueuedActions(jobs: CourierJobs, queue: ActionQueue): CourierJobs {
  let { offers, active } = jobs;
  for (const { orderId, action } of queue) {
    if (action === "accept") {
      const offer = offers.find((job) => job.orderId === orderId);
      offers = offers.filter((job) => job.orderId !== orderId);
      if (offer && !active.some((job) => job.orderId === orderId))
        active = [...active, { ...offer, offerExpiresAt: null }];
    } else if (action === "delivered") {
      active = active.filter((job) => job.orderId !== orderId);
    } else {
      active = active.map((job) =>
        job.orderId === orderId ? { ...job, status: statusAfter(job, action) } : job,
      );
    }
  }
  return { ...jobs, offers, active };
}

/** A queue read back from storage; what is not a queue (another version's, a broken one) is none. */
export function readQueue(text: string | null): ActionQueue {
  try {
    const parsed: unknown = JSON.parse(text ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (item): item is QueuedAction =>
        typeof item === "object" &&
        item !== null &&
        Number.isInteger(item.orderId) &&
        ACTIONS.includes(item.action) &&
        typeof item.at === "string",
    );
  } catch {
    return [];
  }
}
