import { EventEmitter } from "node:events";
import type { TrackingMessage } from "@storefront/domain/contract";

/**
 * What the tracking socket tells a customer about their order (the contract's `TrackingMessage`),
 * with the ids the fan-out routes it by: the order's, and its customer's.
 */
export type OrderEvent = TrackingMessage extends infer Message
  ? Message extends TrackingMessage
    ? Omit<Message, "orderID"> & { orderId: number; userId: number }
    : never
  : never;

/** What the console's order board hears: one of the partner's orders was placed or moved. */
export interface BoardEvent {
  partnerId: number;
  orderId: number;
  status: string;
  vendorIds: number[];
}

/**
 * What a courier's app hears: something of theirs changed (an offer made or withdrawn, a job given,
 * taken away or moved); it asks for its jobs again with its own session.
 */
export interface CourierEvent {
  courierId: number;
}

/** What a group order's open pages hear: someone joined, changed their items, or the host moved it on. */
export interface GroupEvent {
  groupId: number;
}

/**
 * The fan-out of order events to the tracking sockets: in process by default; with Redis, across
 * every API process of a deployment.
 */
export interface OrderEvents {
  publish(event: OrderEvent): Promise<void>;
  /**
   * Calls the listener with the events of one order until `unsubscribe`; `ready` settles once
   * events published from then on will arrive.
   */
  subscribe(orderId: number, listener: (event: OrderEvent) => void): Subscription;
  /** Tells the partner's console boards that an order was placed or moved. */
  publishBoard(event: BoardEvent): Promise<void>;
  /** Calls the listener with every board event of the partner until `unsubscribe`. */
  subscribeBoard(partnerId: number, listener: (event: BoardEvent) => void): Subscription;
  /** Tells a group order's open pages that it changed; each asks for it again with its own session. */
  publishGroup(event: GroupEvent): Promise<void>;
  /** Calls the listener whenever the group order changes, until `unsubscribe`. */
  subscribeGroup(groupId: number, listener: (event: GroupEvent) => void): Subscription;
  /** Tells a courier's open apps that their offers or jobs changed. */
  publishCourier(event: CourierEvent): Promise<void>;
  /** Calls the listener whenever the courier's offers or jobs change, until `unsubscribe`. */
  subscribeCourier(courierId: number, listener: (event: CourierEvent) => void): Subscription;
  close(): Promise<void>;
}

export interface Subscription {
  ready: Promise<void>;
  unsubscribe(): void;
}

export function inProcessOrderEvents(): OrderEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(event) {
      emitter.emit(String(event.orderId), event);
    },
    subscribe(orderId, listener) {
      emitter.on(String(orderId), listener);
      return { ready: Promise.resolve(), unsubscribe: () => emitter.off(String(orderId), listener) };
    },
    async publishBoard(event) {
      emitter.emit(`board:${event.partnerId}`, event);
    },
    subscribeBoard(partnerId, listener) {
      const name = `board:${partnerId}`;
      emitter.on(name, listener);
      return { ready: Promise.resolve(), unsubscribe: () => emitter.off(name, listener) };
    },
    async publishGroup(event) {
      emitter.emit(`group:${event.groupId}`, event);
    },
    subscribeGroup(groupId, listener) {
      const name = `group:${groupId}`;
      emitter.on(name, listener);
      return { ready: Promise.resolve(), unsubscribe: () => emitter.off(name, listener) };
    },
    async publishCourier(event) {
      emitter.emit(`courier:${event.courierId}`, event);
    },
    subscribeCourier(courierId, listener) {
      const name = `courier:${courierId}`;
      emitter.on(name, listener);
      return { ready: Promise.resolve(), unsubscribe: () => emitter.off(name, listener) };
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
