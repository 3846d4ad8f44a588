import { courierEndpoints } from "@storefront/domain/endpoints";
import { ApiRefusal, courierApi, NoNetwork } from "./api.ts";
import {
  type ActionQueue,
  type DeliveryProof,
  enqueueAction,
  type JobAction,
  type QueuedAction,
  readQueue,
  settleFirstAction,
} from "./offline-queue.ts";

/**
 * The courier's actions on their jobs (accept, picked up, arrived, delivered), sent at once, or kept
 * in localStorage when the network is down and sent in order when it is back (offline-queue.ts).
 * The screens read the queue through `subscribeToQueue` / `queuedActions` (useSyncExternalStore).
 */

const STORED_QUEUE = "courier.queue";
let queue: ActionQueue = readQueue(localStorage.getItem(STORED_QUEUE));
const listeners = new Set<() => void>();

function keep(next: ActionQueue): void {
  queue = next;
  localStorage.setItem(STORED_QUEUE, JSON.stringify(queue));
  for (const listener of listeners) listener();
}

export function queuedActions(): ActionQueue {
  return queue;
}

export function subscribeToQueue(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets the actions not sent (the courier signs out). */
export function clearQueue(): void {
  keep([]);
}

function send({ orderId, action, proof }: QueuedAction): Promise<unknown> {
  if (action === "accept") return courierApi(courierEndpoints.accept(orderId));
  return courierApi(courierEndpoints.step(orderId, action), action === "delivered" ? proof : undefined);
}

/**
 * Does an action now; without a network it is queued ("queued"), the screens moving the job on as
 * if done. An answer of the API's refusing it throws its ApiRefusal. An action done while others
 * wait goes behind them, so the steps reach the API in the order taken (the caller then sends the
 * queue: `sendQueuedActions`).
 */
export async function doJobAction(
  orderId: number,
  action: JobAction,
  proof?: DeliveryProof,
): Promise<"done" | "queued"> {
  const done: QueuedAction = { orderId, action, at: new Date().toISOString(), ...(proof ? { proof } : {}) };
  if (queue.length === 0) {
    try {
      await send(done);
      return "done";
    } catch (error) {
      if (!(error instanceof NoNetwork)) throw error;
    }
  }
  keep(enqueueAction(queue, done));
  return "queued";
}

/** An action of the queue the API refused once it was sent (the job went to another courier). */
export interface RefusedAction {
  action: QueuedAction;
  refusal: ApiRefusal;
}

let sending: Promise<RefusedAction[]> | null = null;

/**
 * Sends the queue in order, one action after the other, until it is empty or the network fails
 * again (then it waits for the next try: back online, the app started, the jobs read again).
 * A repeated step the API has already taken answers 200, so an action sent twice does no harm.
 * Answers the actions the API refused; they leave the queue with their job's later ones.
 */
export function sendQueuedActions(): Promise<RefusedAction[]> {
  sending ??= (async () => {
    const refused: RefusedAction[] = [];
    try {
      for (let first = queue[0]; first; first = queue[0]) {
        try {
          await send(first);
          keep(settleFirstAction(queue, "sent"));
        } catch (error) {
          if (error instanceof NoNetwork) break;
          if (!(error instanceof ApiRefusal)) throw error;
          // Signed out meanwhile: the actions wait for the courier to sign in again.
          if (error.status === 401) break;
          refused.push({ action: first, refusal: error });
          keep(settleFirstAction(queue, "refused"));
        }
      }
    } finally {
      sending = null;
    }
    return refused;
  })();
  return sending;
}
