import { Redis } from "ioredis";
import type {
  BoardEvent,
  CourierEvent,
  GroupEvent,
  OrderEvent,
  OrderEvents,
  Subscription,
} from "./order-events.ts";

const CHANNEL_PREFIX = "orders:";
const BOARD_PREFIX = "board:";
const GROUP_PREFIX = "group:";
const COURIER_PREFIX = "courier:";

/**
 * Order events through Redis pub/sub, so a customer's tracking socket on one API process hears a
 * courier's move reported to another. One subscriber connection per process, one channel per order
 * while someone listens to it.
 */
export function redisOrderEvents(
  url: string,
  /** Before every channel's name: the deployment's own (REDIS_CHANNEL_PREFIX). */
  prefix: string,
  health: { down(error: Error): void; back(): void } = { down: () => {}, back: () => {} },
): OrderEvents {
  const publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: false });
  // An outage is told once, when it starts, and once when it ends; ioredis reconnects meanwhile and
  // subscribes again to every channel it had.
  let down = false;
  for (const connection of [publisher, subscriber]) {
    connection.on("error", (error: Error) => {
      if (down) return;
      down = true;
      health.down(error);
    });
    connection.on("ready", () => {
      if (!down || publisher.status !== "ready" || subscriber.status !== "ready") return;
      down = false;
      health.back();
    });
  }
  // biome-ignore lint/suspicious/noExplicitAny: a channel's listeners take its own event type
  const listeners = new Map<string, Set<(event: any) => void>>();
  const subscribed = new Map<string, Promise<void>>();
  subscriber.on("message", (channel: string, message: string) => {
    const event = JSON.parse(message) as OrderEvent | BoardEvent | GroupEvent | CourierEvent;
    for (const listener of listeners.get(channel) ?? []) listener(event);
  });
  function listen<T>(channel: string, listener: (event: T) => void): Subscription {
    let set = listeners.get(channel);
    if (!set) {
      set = new Set();
      listeners.set(channel, set);
      subscribed.set(
        channel,
        subscriber.subscribe(channel).then(() => undefined),
      );
    }
    set.add(listener);
    const listening = set;
    return {
      ready: subscribed.get(channel) ?? Promise.resolve(),
      unsubscribe() {
        listening.delete(listener);
        if (listening.size === 0) {
          listeners.delete(channel);
          subscribed.delete(channel);
          void subscriber.unsubscribe(channel);
        }
      },
    };
  }
  return {
    async publish(event) {
      await publisher.publish(`${prefix}${CHANNEL_PREFIX}${event.orderId}`, JSON.stringify(event));
    },
    subscribe: (orderId, listener) => listen(`${prefix}${CHANNEL_PREFIX}${orderId}`, listener),
    async publishBoard(event) {
      await publisher.publish(`${prefix}${BOARD_PREFIX}${event.partnerId}`, JSON.stringify(event));
    },
    subscribeBoard: (partnerId, listener) => listen(`${prefix}${BOARD_PREFIX}${partnerId}`, listener),
    async publishGroup(event) {
      await publisher.publish(`${prefix}${GROUP_PREFIX}${event.groupId}`, JSON.stringify(event));
    },
    subscribeGroup: (groupId, listener) => listen(`${prefix}${GROUP_PREFIX}${groupId}`, listener),
    async publishCourier(event) {
      await publisher.publish(`${prefix}${COURIER_PREFIX}${event.courierId}`, JSON.stringify(event));
    },
    subscribeCourier: (courierId, listener) => listen(`${prefix}${COURIER_PREFIX}${courierId}`, listener),
    async close() {
      listeners.clear();
      await Promise.all([publisher.quit(), subscriber.quit()]);
    },
  };
}
